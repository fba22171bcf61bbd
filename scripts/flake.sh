#!/usr/bin/env bash
# Runs the whole test suite N times on one build and reports how many runs failed.
#
#   scripts/flake.sh N [swift]
#
# Every run's output goes to .build/flake/run-K.log; the logs of failed runs are kept and named at
# the end, the others are deleted. A run that takes longer than FLAKE_TIMEOUT seconds (default 300)
# is stopped and counted as failed (hung). Exits 1 if any run failed.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-20}"
limit="${FLAKE_TIMEOUT:-300}"
swift="${2:-swift}"
logs=.build/flake
mkdir -p "$logs"
rm -f "$logs"/run-*.log

"$swift" build --build-tests -Xswiftc -warnings-as-errors || exit 1

failed=0
failures=()
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  start=$(date +%s%N)
  timeout --signal=KILL "$limit" "$swift" test --skip-build >"$log" 2>&1
  code=$?
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

echo "flake: $failed of $runs runs failed"
for log in "${failures[@]}"; do
  echo "  $log:"
  grep -E "✘|error:|failed|Fatal" "$log" | head -5 | sed 's/^/    /'
done
[ "$failed" -eq 0 ]
