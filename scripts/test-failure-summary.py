#!/usr/bin/env python3
"""After a failed `swift test`: the few lines that say why, printed last, where a CI log's tail is.

A crash's backtrace comes before its registers and image list, so a log cut to its last lines shows
only registers (the CI run of 2026-11-28 did). This prints, from the saved log (argument 1):
- the tests that started and never finished (what was running when the process died),
- the failed tests' lines (✘),
- the crash report from "Program crashed" or "Fatal error" up to its registers.
Exit status 0; it reads, it decides nothing.
"""
import re
import sys


def main(path):
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    except OSError as e:
        print(f"test-failure-summary: cannot read {path}: {e.strerror}")
        return
    started, finished = {}, set()
    failed, crash = [], []
    in_crash = False
    for line in lines:
        m = re.match(r"^\S+ Test (.+?) started\.$", line)
        if m and m.group(1) != "run" and not m.group(1).startswith("case "):   # a parameterized test's cases print no end
            started.setdefault(m.group(1), len(started))
            continue
        m = re.match(r"^\S+ Test (.+?) (?:with \d+ test cases? )?(?:passed|failed|skipped)\b", line)
        if m:
            finished.add(m.group(1))
        if line.startswith("✘"):
            failed.append(line)
        if re.search(r"Program crashed|Fatal error|Fatal access conflict|Crashed with signal|Thread \d+ crashed", line):
            in_crash = True
        if in_crash:
            if line.startswith("Registers") or line.startswith("Images ("):
                in_crash = False
                crash.append("…")
            elif len(crash) < 40:
                crash.append(line)
    unfinished = sorted((n for n in started if n not in finished), key=started.get)
    print("\n==== why `swift test` failed (scripts/test-failure-summary.py) ====")
    if unfinished:
        print(f"started and not finished ({len(unfinished)}):")
        for n in unfinished[-20:]:
            print(f"  {n}")
    if failed:
        print(f"failures ({len(failed)}):")
        for f in failed[:40]:
            print(f"  {f}")
    if crash:
        print("crash:")
        for c in crash:
            print(f"  {c}")
    if not (unfinished or failed or crash):
        print("no failed test, unfinished test or crash report found in the log")
        return
    # One last line for a log cut to its tail: the first frame of the crash outside the C library
    # and the Swift runtime, and the tests that were running.
    frame = next((c.strip() for c in crash if re.match(r"^\s*\d+ .* in ", c)
                  and not re.search(r"\bin (libc|libswiftCore|libpthread|ld-linux)", c)), None)
    print(f"in short: {len(failed)} failure line(s), {len(unfinished)} unfinished test(s)"
          + (f" (last: {unfinished[-1]})" if unfinished else "") + (f"; crash at: {frame}" if frame else ""))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".build/test.log")
