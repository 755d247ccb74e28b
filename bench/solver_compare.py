#!/usr/bin/env python3
"""LayoutSolver against kiwisolver on the same constraint set, timed in the same run.

Usage: solver_compare.py PATH/TO/solver-bench [--runs N] [--edits N]   (`make bench-solver` calls it)

The set is the issue's screen (#33): 200 views in 20 rows of 10, four variables each (left, top,
width, height). Per row: the first view is pinned at left 16 and below the row above (8 apart,
the first row at a top inset), wants to be 1000 wide at priority 250 and 44 high at 750 (odd
rows: half its width, at 750); the other nine follow it 8 apart with equal width, top and height
(required); the last one's right edge must stay <= 374 (required inequality), which squeezes
the weak width. 41 constraints a row, 820 in all: four per view determine a layout and the
inequalities come on top. The top inset is an edit variable (priority 999, through a required
`top == inset`): changing it moves every view, the "change a constant, lay out again" case.

Both solvers get the same constraints in the same order from one JSON file. Timed, one thread:
- first solve: a new solver, every constraint added, the edit added, all 800 values read
  (`updateVariables`); constraints are built before the clock starts, on both sides;
- edit: `suggestValue` of the next inset (cycling 20..59) then `updateVariables`.
Times are the thread's CPU time (time.thread_time here, CLOCK_THREAD_CPUTIME_ID in solver-bench):
on a shared machine, time spent descheduled belongs to no solver. Medians of N runs; Python's
call overhead (~0.1 µs a call) is in kiwisolver's times.
Only the ratios of one run count: absolute times drift on a shared machine.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROWS, COLUMNS = 20, 10


def screen():
    """The constraint set as JSON-able data: variable count, constraints, the edit."""
    var = {}

    def v(name):
        return var.setdefault(name, len(var))

    def L(r, c): return v(f"r{r}c{c}.left")
    def T(r, c): return v(f"r{r}c{c}.top")
    def W(r, c): return v(f"r{r}c{c}.width")
    def H(r, c): return v(f"r{r}c{c}.height")

    for r in range(ROWS):
        for c in range(COLUMNS):
            L(r, c), T(r, c), W(r, c), H(r, c)
    inset = v("inset")
    cs = []

    def add(terms, op, constant, priority=1000):
        # sum(coef * var) + constant  op  0
        cs.append({"terms": [[i, k] for i, k in terms], "op": op, "constant": constant, "priority": priority})

    for r in range(ROWS):
        add([(L(r, 0), 1)], "==", -16)
        if r == 0:
            add([(T(r, 0), 1), (inset, -1)], "==", 0)
        else:
            add([(T(r, 0), 1), (T(r - 1, 0), -1), (H(r - 1, 0), -1)], "==", -8)
        add([(W(r, 0), 1)], "==", -1000, 250)
        if r % 2 == 0:
            add([(H(r, 0), 1)], "==", -44, 750)
        else:
            add([(H(r, 0), 1), (W(r, 0), -0.5)], "==", 0, 750)
        for c in range(1, COLUMNS):
            add([(L(r, c), 1), (L(r, c - 1), -1), (W(r, c - 1), -1)], "==", -8)
            add([(T(r, c), 1), (T(r, c - 1), -1)], "==", 0)
            add([(W(r, c), 1), (W(r, c - 1), -1)], "==", 0)
            add([(H(r, c), 1), (H(r, c - 1), -1)], "==", 0)
        add([(L(r, COLUMNS - 1), 1), (W(r, COLUMNS - 1), 1)], "<=", -374)
    return {"variables": len(var), "constraints": cs,
            "edit": {"variable": inset, "priority": 999, "values": [20.0 + (i % 40) for i in range(40)]}}


def kiwi_run(data, runs, edits):
    import kiwisolver as kiwi
    # Kiwi's strengths are one weighted sum; 999/750/250 map to strong/medium/weak here, which
    # orders these three levels the same way as UIKit's priorities.
    strength = {1000: kiwi.strength.required, 999: kiwi.strength.strong, 750: kiwi.strength.medium,
                250: kiwi.strength.weak}

    def make():
        vs = [kiwi.Variable(f"v{i}") for i in range(data["variables"])]
        out = []
        for c in data["constraints"]:
            e = sum((vs[i] * k for i, k in c["terms"]), c["constant"])
            rel = {"==": e == 0, "<=": e <= 0, ">=": e >= 0}[c["op"]]
            out.append(rel | strength[c["priority"]])
        return vs, out

    edit = data["edit"]
    first = []
    for _ in range(runs):
        vs, cs = make()
        t0 = time.thread_time()
        s = kiwi.Solver()
        for c in cs:
            s.addConstraint(c)
        s.addEditVariable(vs[edit["variable"]], kiwi.strength.strong)
        s.suggestValue(vs[edit["variable"]], 20.0)
        s.updateVariables()
        first.append(time.thread_time() - t0)
    values = edit["values"]
    ev = vs[edit["variable"]]
    times = []
    for i in range(edits):
        t0 = time.thread_time()
        s.suggestValue(ev, values[i % len(values)])
        s.updateVariables()
        times.append(time.thread_time() - t0)
    s.suggestValue(ev, 20.0)
    s.updateVariables()
    return statistics.median(first), statistics.median(times), [x.value() for x in vs]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--edits", type=int, default=2000)
    a = ap.parse_args()
    data = screen()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(data, f)
        path = f.name
    try:
        out = subprocess.run([a.binary, path, str(a.runs), str(a.edits)], check=True,
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    ours = json.loads(out)
    k_first, k_edit, k_values = kiwi_run(data, a.runs, a.edits)
    worst = max(abs(x - y) for x, y in zip(ours["values"], k_values))
    print(f"screen: {ROWS * COLUMNS} views, {len(data['constraints'])} constraints, "
          f"{data['variables']} variables; largest difference between the two solutions {worst:.2e}")
    print(f"{'case':<34}{'LayoutSolver':>14}{'kiwisolver':>14}{'ratio':>9}")
    for name, o, k, unit, scale in (("first solve", ours["first"], k_first, "ms", 1e3),
                                    ("edit + updateVariables", ours["edit"], k_edit, "µs", 1e6)):
        print(f"{name:<34}{o * scale:>11.3f} {unit}{k * scale:>11.3f} {unit}{o / k:>8.2f}×")
    print("ratio < 1: LayoutSolver faster. Goals (#33): first solve <= 2 ms, edit <= 50 µs, not slower than kiwisolver.")
    if worst > 1e-6:
        sys.exit("the two solvers disagree on the layout")


if __name__ == "__main__":
    main()
