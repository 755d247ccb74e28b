#!/usr/bin/env python3
"""Checks each module's table of contents against its files.

`make doc-check` runs it. A module of Sources/ with more than three Swift files keeps a table of
contents in its main file: `Sources/M/M.swift`, `Sources/M/MModule.swift` or `Sources/M/README.md`
(the first found). Every Swift file of the module must be named in it, and every `Name.swift` it
names must exist in the module: a table that drifts from the code fails here, not in a reader's
hands. Names are matched by file name (the folders are the table's headings). Exit status 1 with
one line per problem.
"""
import os
import re
import sys

NAME = re.compile(r'[A-Za-z0-9_+\-]+\.swift')


def toc_file(module_dir, module):
    for candidate in (f'{module}.swift', f'{module}Module.swift', 'README.md'):
        path = os.path.join(module_dir, candidate)
        if os.path.isfile(path):
            return path
    return None


def check(sources):
    problems = []
    for module in sorted(os.listdir(sources)):
        module_dir = os.path.join(sources, module)
        if not os.path.isdir(module_dir):
            continue
        files = set()
        for folder, _, names in os.walk(module_dir):
            files.update(n for n in names if n.endswith('.swift'))
        if len(files) <= 3:
            continue
        toc = toc_file(module_dir, module)
        if toc is None:
            problems.append(f'{module_dir}: {len(files)} Swift files and no table of contents '
                            f'({module}.swift, {module}Module.swift or README.md)')
            continue
        with open(toc, encoding='utf-8') as f:
            text = f.read()
        if toc.endswith('.swift'):
            # The table is the file's leading comment block.
            lines = []
            for line in text.split('\n'):
                if line.startswith('//'):
                    lines.append(line)
                elif line.strip() and lines:
                    break
            text = '\n'.join(lines)
        named = set(NAME.findall(text))
        for missing in sorted(files - named - {os.path.basename(toc)}):
            problems.append(f'{toc}: does not list {missing}')
        for stale in sorted(named - files):
            problems.append(f'{toc}: lists {stale}, which is not in {module_dir}')
    return problems


problems = check(sys.argv[1] if len(sys.argv) > 1 else 'Sources')
for p in problems:
    print(p)
if problems:
    print(f'toc-check: {len(problems)} problems in the modules\' tables of contents', file=sys.stderr)
    sys.exit(1)
print('toc-check: every module\'s table of contents lists exactly its files')
