#!/usr/bin/env bash
# Renders each example scene headless with the examples' own command line, as a user would, and
# checks what their iOS-style code must show: exit status 0, the frames and sheets, and the
# effects of DispatchQueue.main.async (bounce's background turns dark) and of a Timer nobody kept
# (card's background turns green at 0.5 s), and that text comes from Flipbook's fonts only. Run by
# `make test` after `swift build --build-tests` in Examples/; the package's own tests (ExamplesTests,
# with FlipbookTesting) run after it.
# Usage: check.sh PATH-TO-EXAMPLES-BINARY
set -euo pipefail
fail() { echo "examples: $*" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
# Flipbook's public API must be enough: no @testable in the examples' sources, and their tests
# reach into no Flipbook module with it (`@testable import Examples`, their own module, is how iOS
# code tests an app's own types).
! grep -rn "@testable" "$here/Sources" "$here/Package.swift" || fail "@testable in the examples: they must use only public API"
! grep -rnE "@testable import (Flipbook|Layers|Views|FrameLoop|DevTools|Render|Window|Raster)" "$here/Tests" || fail "@testable import of Flipbook in the examples' tests"
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# pixel FILE X Y: the pixel's "R G B" (8-bit PNG, RGB or RGBA, as Flipbook writes them).
pixel() { python3 "$here/pixel.py" "$@"; }

# expect_pixel FILE X Y "R G B" WHAT
expect_pixel() {
    local got
    got=$(pixel "$1" "$2" "$3") || fail "cannot read a pixel of $1"
    [ "$got" = "$4" ] || fail "$5: pixel ($2, $3) of $1 is $got, expected $4"
}

"$bin" list --names | tr '\n' ' ' | grep -qx 'bounce card faq ' || fail "list --names: expected bounce, card and faq, got: $("$bin" list --names | tr '\n' ' ')"

# bounce: a tap at 0.8 s drops the ball again (the tap gesture's closure).
printf '0.8 tap 240 250\n' > bounce.script
"$bin" render bounce --out bounce --size 480x270 --duration 1 --every 15 --input bounce.script \
    --sheet bounce.png --trace bounce.jsonl > /dev/null || fail "render bounce exited with $?"
for f in bounce/frame-00000.png bounce/frame-00060.png bounce.png bounce.jsonl; do
    [ -s "$f" ] || fail "render bounce did not write $f"
done
# 0.11, 0.12, 0.18 of 255, set by the DispatchQueue.main.async block (the view starts white).
expect_pixel bounce/frame-00060.png 5 5 "28 31 46" "DispatchQueue.main.async did not run"

# card: a drag at 1.0 s scrubs the animator (the pan gesture's closure).
printf '1.0 drag 120 170 300 170 0.3\n' > card.script
"$bin" render card --out card --size 480x270 --duration 2 --at 0,0.45,0.55,2 --input card.script \
    --sheet card.png --trace card.jsonl > /dev/null || fail "render card exited with $?"
for f in card/frame-00000.png card/frame-00027.png card/frame-00033.png card/frame-00120.png card.png card.jsonl; do
    [ -s "$f" ] || fail "render card did not write $f"
done
expect_pixel card/frame-00027.png 5 5 "242 242 247" "card's background before the timer"
expect_pixel card/frame-00033.png 5 5 "52 199 89" "the Timer nobody kept did not fire"
grep -q '"card"' card.jsonl || fail "the trace has no layer named card"

# faq: a screen of Auto Layout anchors and stack views; the first answer opens by itself
# (DispatchQueue.main.async), so the second question's card moves down between the first frames.
"$bin" render faq --out faq --size 480x360 --duration 1.5 --at 0,1.5 > /dev/null || fail "render faq exited with $?"
expect_pixel faq/frame-00000.png 460 125 "255 255 255" "faq: the gap under the first card is not where the closed layout puts it at first"
expect_pixel faq/frame-00090.png 460 125 "242 242 247" "faq: the first card did not grow over the gap (DispatchQueue.main.async, the spring, the stack)"

# Text comes from Flipbook's bundled fonts only. With the system's fonts hidden (a private mount
# namespace over /usr/share/fonts) the card's frame, which has text, is the same bytes; with the
# bundle's fonts hidden instead, text is not drawn and one line says so: no silent fallback to the
# system's DejaVu.
if unshare -rm true 2>/dev/null; then
    bundle=$(ls -d "$(dirname "$bin")"/*_FlipbookResources.resources)
    "$bin" render card --out fonts-both --size 480x270 --frames 1 > /dev/null || fail "render card exited with $?"
    unshare -rm sh -c 'mount -t tmpfs none /usr/share/fonts && [ -z "$(ls /usr/share/fonts)" ] && exec "$0" "$@"' \
        "$bin" render card --out fonts-bundled --size 480x270 --frames 1 > /dev/null \
        || fail "render card with the system's fonts hidden exited with $?"
    cmp -s fonts-both/frame-00000.png fonts-bundled/frame-00000.png \
        || fail "the card's text differs with the system's fonts hidden: text must come from Flipbook's fonts only"
    unshare -rm sh -c 'mount -t tmpfs none "$1" && shift && exec "$@"' sh "$bundle" \
        "$bin" render card --out fonts-system --size 480x270 --frames 1 > /dev/null 2> fonts-system.err \
        || fail "render card with the bundle's fonts hidden exited with $?"
    grep -q "^Examples: Flipbook's fonts are missing" fonts-system.err || fail "no line naming the program (Examples) when the bundle's fonts are missing: $(cat fonts-system.err)"
    ! cmp -s fonts-both/frame-00000.png fonts-system/frame-00000.png \
        || fail "the card's text was drawn without the bundle's fonts: a silent fallback to the system's fonts"
    fonts="; text the same with the system's fonts hidden"
else
    echo "examples: cannot make a mount namespace here (unshare -rm): skipped the checks with fonts hidden" >&2
    fonts=""
fi

echo "examples: bounce, card and faq rendered headless with their own command line; main queue, timer and gestures seen$fonts"
