#!/usr/bin/env python3
"""Lists public and open declarations without a `///` doc comment in the modules users touch.

`make doc-check` (and `make test`) run it: every public declaration of Flipbook, Layers, Views, Host,
FlipbookTesting and FlipbookPlayground has a comment, and the cases of public enums too.
Overrides are skipped (DocC shows the overridden member's comment); attributes between the comment
and the declaration (`@MainActor`, `@discardableResult`) are allowed. Exit status 1 when any is
missing, with one `file:line: declaration` per finding.
"""
import os
import re
import sys

DECL = re.compile(r'^\s*(?:@[\w.()":, ]+\s+)*(?:public|open)\s+(?:(?:final|static|class|required|convenience|'
                  r'nonisolated|mutating|lazy|indirect|dynamic|@\w+)\s+)*(?:private\(set\)\s+|internal\(set\)\s+)?'
                  r'(func|var|let|init|class|struct|enum|protocol|typealias|subscript|case|actor)\b')
CASE = re.compile(r'^\s*case [a-z]\w*(\(.*\))?(\s*=\s*[^:]+)?(,\s*[a-z]\w*(\(.*\))?)*\s*(//.*)?$')
ENUM = re.compile(r'^\s*public\s+(indirect\s+)?enum\s')
OTHER = re.compile(r'\b(struct|class|func|extension|switch|protocol)\b')


def documented(lines, i):
    j = i - 1
    while j >= 0 and lines[j].strip().startswith('@'):
        j -= 1
    prev = lines[j].strip() if j >= 0 else ''
    return prev.startswith('///') or prev.endswith('*/')


def in_public_enum(lines, i):
    indent = len(lines[i]) - len(lines[i].lstrip())
    for j in range(i - 1, -1, -1):
        s = lines[j]
        if not s.strip() or len(s) - len(s.lstrip()) >= indent:
            continue
        return bool(ENUM.match(s)) if not OTHER.search(s) or ENUM.match(s) else False
    return False


def findings(root):
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding='utf-8') as f:
                lines = f.read().split('\n')
            for i, line in enumerate(lines):
                if DECL.match(line) and not re.search(r'\boverride\b', line):
                    if not documented(lines, i):
                        yield f'{path}:{i + 1}: {line.strip()[:110]}'
                elif CASE.match(line) and in_public_enum(lines, i) and not documented(lines, i):
                    yield f'{path}:{i + 1}: {line.strip()[:110]}'


missing = [m for root in sys.argv[1:] for m in findings(root)]
for m in missing:
    print(m)
if missing:
    print(f'doc-check: {len(missing)} public declarations without a /// comment', file=sys.stderr)
    sys.exit(1)
print(f'doc-check: every public declaration in {", ".join(sys.argv[1:])} has a doc comment')
