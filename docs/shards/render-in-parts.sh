#!/usr/bin/env bash
# Renders one scene in N parts at once and joins them: the files are byte for byte those of a single
# `flipbook render` with the same options. Locally by default; with HOSTS set, the parts run over ssh
# with GNU parallel (each host needs the same flipbook build and a shared or copied-back folder).
#
#   docs/shards/render-in-parts.sh SCENE OUT N [render options…]
#   docs/shards/render-in-parts.sh countdown out/countdown 4 --duration 10 --size 1920x1080
#   HOSTS=alpha,beta docs/shards/render-in-parts.sh countdown /shared/countdown 8 --duration 60
#
# FLIPBOOK names the program (default: flipbook on the PATH, else .build/release/flipbook).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 SCENE OUT N [render options…]" >&2; exit 2; }
scene=$1 out=$2 n=$3; shift 3
flipbook=${FLIPBOOK:-$(command -v flipbook || echo .build/release/flipbook)}
mkdir -p "$out.parts"
if [ -n "${HOSTS:-}" ]; then
    # One part per job slot, spread over the hosts; {} is the part number.
    seq 0 $((n - 1)) | parallel --sshlogin "$HOSTS" --halt now,fail=1 \
        "$flipbook" render "$scene" --out "$out.parts/{}" --shard "{}/$n" "$@"
else
    # As many parts at once as there are cores.
    seq 0 $((n - 1)) | xargs -P "$(nproc)" -I{} \
        "$flipbook" render "$scene" --out "$out.parts/{}" --shard "{}/$n" "$@" >/dev/null
fi
"$flipbook" assemble "$out.parts"/* --out "$out" --sheet "$out.png"
