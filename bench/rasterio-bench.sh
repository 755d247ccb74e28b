#!/bin/sh
# RasterIO's text and PNG figures at a commit (BENCHMARKS.md, #32): exports COMMIT's tree into a
# temporary folder (no worktree, nothing in this checkout changes), adds bench/rasterio_bench.swift
# as an executable over RasterIO, builds it in release and runs it; extra arguments go to the bench
# (a PNG file to decode). Usage: bench/rasterio-bench.sh COMMIT [file.png]
set -e
commit=${1:?usage: bench/rasterio-bench.sh COMMIT [file.png]}
shift
root=$(git rev-parse --show-toplevel)
dir=${TMPDIR:-/tmp}/rasterio-bench-$(git rev-parse --short "$commit")
mkdir -p "$dir"
git -C "$root" archive "$commit" | tar -x -C "$dir"
mkdir -p "$dir/Sources/rasterio-bench"
cp "$root/bench/rasterio_bench.swift" "$dir/Sources/rasterio-bench/main.swift"
python3 - "$dir/Package.swift" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
i = s.rindex("    ],\n    swiftLanguageModes")
s = s[:i] + '        .executableTarget(name: "rasterio-bench", dependencies: ["Raster", "RasterIO"]),\n' + s[i:]
open(p, "w").write(s)
PY
cd "$dir" && swift build -c release --product rasterio-bench >/dev/null
"$dir/.build/release/rasterio-bench" "$@"
