#!/usr/bin/env python3
"""Prints the code regions of the example's view models that their sweeps did not reach.

  sweep-coverage.py SCRATCH EXCEPTIONS SOURCE...

Reads the coverage profile that `swift test --enable-code-coverage --scratch-path SCRATCH` wrote,
with the toolchain's own llvm-cov (the system one cannot read its profiles). For each SOURCE it
prints the regions no sweep reached. A region listed in EXCEPTIONS (lines `File.swift:LINE
reason`) is printed with its reason and allowed; any other fails the check.
"""

import glob
import json
import os
import shutil
import subprocess
import sys


def toolchain_llvm_cov():
    """The llvm-cov next to the swift driver on PATH."""
    swift = shutil.which("swift")
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), "llvm-cov")
        if os.path.exists(candidate):
            return candidate
    sys.exit("sweep-coverage: no llvm-cov next to the swift on PATH")


def main():
    scratch, exceptions_path, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
    profiles = glob.glob(os.path.join(scratch, "*", "codecov", "default.profdata"))
    binaries = glob.glob(os.path.join(scratch, "*", "*PackageTests.xctest"))
    if not profiles or not binaries:
        sys.exit(f"sweep-coverage: no coverage profile or test binary under {scratch}")
    exceptions = {}
    with open(exceptions_path) as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            where, _, reason = line.partition(" ")
            exceptions[where] = reason.strip()
    sources = [os.path.abspath(path) for path in sources]
    exported = subprocess.run(
        [toolchain_llvm_cov(), "export", "-format=text", "-instr-profile", profiles[0],
         binaries[0], *sources],
        check=True, capture_output=True, text=True).stdout
    data = json.loads(exported)["data"][0]
    missed = {path: set() for path in sources}
    totals = {path: set() for path in sources}
    for function in data["functions"]:
        filenames = function["filenames"]
        for region in function["regions"]:
            line_start, col_start, line_end, col_end, count, file_id, _, kind = region[:8]
            path = os.path.abspath(filenames[file_id])
            if path not in missed or kind != 0:
                continue
            totals[path].add((line_start, col_start, line_end, col_end))
            if count == 0:
                missed[path].add((line_start, col_start, line_end, col_end))
    # A region some instantiation reached is reached.
    for function in data["functions"]:
        for region in function["regions"]:
            line_start, col_start, line_end, col_end, count, file_id, _, kind = region[:8]
            path = os.path.abspath(function["filenames"][file_id])
            if path in missed and count > 0:
                missed[path].discard((line_start, col_start, line_end, col_end))
    failing = 0
    used = set()
    for path in sources:
        name = os.path.basename(path)
        regions = sorted(missed[path])
        print(f"{name}: {len(totals[path]) - len(regions)} of {len(totals[path])} regions reached")
        with open(path) as handle:
            lines = handle.read().splitlines()
        for line_start, col_start, line_end, col_end in regions:
            key = f"{name}:{line_start}"
            text = lines[line_start - 1].strip() if line_start <= len(lines) else ""
            if key in exceptions:
                used.add(key)
                print(f"  {key}: not reached, listed: {exceptions[key]}  ({text})")
            else:
                failing += 1
                print(f"  {key}:{col_start}: not reached: {text}")
    for key in sorted(set(exceptions) - used):
        print(f"  {key}: listed, but reached now: remove it from {exceptions_path}")
        failing += 1
    if failing:
        sys.exit(f"sweep-coverage: {failing} region(s) not reached and not listed")
    print("sweep-coverage: every region reached, or listed with its reason")


if __name__ == "__main__":
    main()
