#!/usr/bin/env bash
# Runs the whole test suite N times on one build and reports how many runs failed.
#
#   scripts/flake.sh N [swift] [load]
#
# Every run's output goes to .build/flake/run-K.log; the logs of failed runs are kept and named at
# the end, the others are deleted. A run that takes longer than FLAKE_TIMEOUT seconds (default 600,
# past the suites' 5-minute per-test time limit, so a hung test fails by name first) is stopped and
# counted as failed (hung). With load K (default 0), K CPU-bound background processes (bash busy
# loops) run during the test runs, to shake out tests that depend on a quiet machine; they start
# after the build and are always stopped at the end, on Ctrl-C or on kill. Exits 1 if any run
# failed.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
limit="${FLAKE_TIMEOUT:-600}"
swift="${2:-swift}"
load="${3:-0}"
logs=.build/flake

case "$load" in
  '' | *[!0-9]*)
    echo "flake: LOAD must be a whole number of background processes, got '$load'" >&2
    exit 2
    ;;
esac

mkdir -p "$logs"
rm -f "$logs"/run-*.log

"$swift" build --build-tests -Xswiftc -warnings-as-errors || exit 1

# The load: K busy loops. Each also ends by itself once this script is gone (even after a kill -9),
# and the traps stop them, and any test run in progress, however the script ends.
load_pids=()
test_pid=
cleanup() {
  if [ -n "$test_pid" ]; then
    kill "$test_pid" 2>/dev/null
    wait "$test_pid" 2>/dev/null
    test_pid=
  fi
  if [ "${#load_pids[@]}" -gt 0 ]; then
    kill "${load_pids[@]}" 2>/dev/null
    wait "${load_pids[@]}" 2>/dev/null
    echo "flake: stopped the $load background load processes (pids ${load_pids[*]})"
    load_pids=()
  fi
}
trap cleanup EXIT
trap 'echo "flake: interrupted"; exit 130' INT
trap 'echo "flake: terminated"; exit 143' TERM
parent=$$
for _ in $(seq 1 "$load"); do
  (while kill -0 "$parent" 2>/dev/null; do for ((i = 0; i < 10000; i++)); do :; done; done) &
  load_pids+=("$!")
done
if [ "$load" -gt 0 ]; then
  echo "flake: started $load CPU-bound background processes (pids ${load_pids[*]})"
fi

failed=0
failures=()
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  start=$(date +%s%N)
  # In the background, so a signal interrupts the wait at once instead of after the run.
  timeout --signal=KILL "$limit" "$swift" test --skip-build >"$log" 2>&1 &
  test_pid=$!
  wait "$test_pid"
  code=$?
  test_pid=
  if [ "$code" -eq 0 ]; then
    status=passed
    rm -f "$log"
  else
    status=FAILED
    if [ "$code" -eq 137 ]; then status="HUNG (stopped after $limit s)"; fi
    failed=$((failed + 1))
    failures+=("$log")
  fi
  elapsed_ms=$((($(date +%s%N) - start) / 1000000))
  printf 'run %2d of %d: %s in %d.%03d s\n' "$run" "$runs" "$status" \
    $((elapsed_ms / 1000)) $((elapsed_ms % 1000))
done

cleanup
echo "flake: $failed of $runs runs failed"
for log in "${failures[@]}"; do
  echo "  $log:"
  grep -E "✘|error:|failed|Fatal" "$log" | head -5 | sed 's/^/    /'
done
[ "$failed" -eq 0 ]
