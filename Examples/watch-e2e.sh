#!/usr/bin/env bash
# `watch` end to end, as a user meets it: a playground package of its own (made here in a temporary
# folder, Flipbook by path), `watch --headless` on it, and its sources edited while it runs:
# - the first build renders the scene (the sheet shows the first colour);
# - an edit is rebuilt and re-rendered, and the watch's sheet is the same bytes as a fresh
#   `render` by the new build (the swap changes nothing but the edit);
# - a syntax error prints file:line:column and the message, and the last sheet stays;
# - a burst of saves (the fix written three times, a new file among them) is one build, and the
#   new file is noticed;
# - Ctrl-C stops it with status 130 and its own folder removed; the user's sheet stays.
# Run by `make test` (target examples). The release build of Flipbook it needs is kept in
# Examples/.build-watch-e2e (git-ignored), so later runs rebuild only the small package.
# Usage: watch-e2e.sh [SCRATCH-PATH]
set -euo pipefail
fail() { echo "watch-e2e: $*" >&2; [ -n "${log:-}" ] && [ -f "$log" ] && sed 's/^/  watch: /' "$log" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
scratch=${1:-$here/.build-watch-e2e}
work=$(mktemp -d)
watch_pid=""
cleanup() {
    [ -n "$watch_pid" ] && kill -9 "$watch_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

pkg=$work/Swatch
mkdir -p "$pkg/Sources/Swatch"
cat > "$pkg/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Swatch",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Flipbook", path: "$repo")],
    targets: [
        .executableTarget(name: "Swatch", dependencies: [
            .product(name: "Flipbook", package: "Flipbook"),
            .product(name: "FlipbookPlayground", package: "Flipbook"),
        ]),
    ]
)
EOF
cat > "$pkg/Sources/Swatch/Swatch.swift" <<'EOF'
import Flipbook
import FlipbookPlayground

@main
struct SwatchPlayground: PlaygroundApp {
    static let scenes: [any Scene.Type] = [SwatchViewController.self]
}

final class SwatchViewController: UIViewController, Scene {
    static let name = "swatch"
    static let summary = "One colour, and a square that slides"

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = swatchColour
        let square = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        square.backgroundColor = .white
        view.addSubview(square)
        UIView.animate(withDuration: 1) { square.frame.origin.x = 200 }
    }
}
EOF
colour() { printf 'import Flipbook\n\nlet swatchColour = UIColor(red: %s, green: %s, blue: %s, alpha: 1)\n' "$1" "$2" "$3" > "$pkg/Sources/Swatch/Colour.swift"; }
colour 1 0 0

echo "watch-e2e: building a playground package in release (Flipbook's release build is kept in $scratch)"
swift build -c release --product Swatch --package-path "$pkg" --scratch-path "$scratch" > "$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log" >&2; fail "the package did not build"; }
bin=$(swift build -c release --show-bin-path --package-path "$pkg" --scratch-path "$scratch")/Swatch

# pixel FILE X Y: the pixel's "R G B" (8-bit PNG, RGB or RGBA).
pixel() { python3 "$here/pixel.py" "$@"; }

log=$work/watch.log
sheet=$work/sheet.png
ls -d /tmp/flipbook-watch-* 2>/dev/null | sort > "$work/folders-before" || true
(cd "$pkg" && exec "$bin" watch --headless swatch --scratch-path "$scratch" --sheet "$sheet" \
    --size 240x160 --duration 1 --every 30) > "$log" 2>&1 &
watch_pid=$!

# wait_for PATTERN COUNT SECONDS: until the log has COUNT lines matching PATTERN.
wait_for() {
    local end=$((SECONDS + $3)) n
    while n=$(grep -cE "$1" "$log" 2> /dev/null || true); [ "${n:-0}" -lt "$2" ]; do
        kill -0 "$watch_pid" 2>/dev/null || fail "watch exited early"
        [ $SECONDS -lt $end ] || fail "no line matching '$1' (#$2) within $3 s"
        sleep 0.2
    done
}

wait_for '^built in .*: [0-9]+ frames rendered' 1 600
[ -s "$sheet" ] || fail "no sheet after the first build"
[ "$(pixel "$sheet" 230 150)" = "255 0 0" ] || fail "the first sheet is not red: $(pixel "$sheet" 230 150)"

# An edit: rebuilt, re-rendered, and the same bytes as a fresh render by the new build.
sleep 1
colour 0 0 1
wait_for '^changed: Sources/Swatch/Colour.swift' 1 60
wait_for '^built in .*frames that changed: ' 1 600
[ "$(pixel "$sheet" 230 150)" = "0 0 255" ] || fail "the sheet after the edit is not blue: $(pixel "$sheet" 230 150)"
"$bin" render swatch --out "$work/fresh" --sheet "$work/fresh.png" --size 240x160 --duration 1 --every 30 --quiet \
    || fail "a fresh render by the new build failed"
cmp -s "$sheet" "$work/fresh.png" || fail "the watch's sheet after the swap differs from a fresh render by the same build"

# A syntax error: file:line:column and the message; the last good sheet stays.
printf 'import Flipbook\n\nlet swatchColour = UIColor(red: 0, green: 1, blue: 0 alpha: 1)\n' > "$pkg/Sources/Swatch/Colour.swift"
wait_for '^build failed' 1 600
grep -qE '^error: Sources/Swatch/Colour.swift:3:[0-9]+: ' "$log" || fail "the build error does not name Sources/Swatch/Colour.swift:3"
cmp -s "$sheet" "$work/fresh.png" || fail "a failed build changed the sheet"

# A burst: the fix saved three times and a new file, 50 ms apart: one build, and the file is seen.
before=$(grep -c '^changed: ' "$log")
colour 0 1 0; sleep 0.05
colour 0 1 0; sleep 0.05
printf 'let swatchNote = "added while watching"\n' > "$pkg/Sources/Swatch/Note.swift"; sleep 0.05
colour 0 1 0
wait_for '^built in .*frames that changed: ' 2 600
sleep 2 # any second build of the burst would have started by now
after=$(grep -c '^changed: ' "$log")
[ $((after - before)) -eq 1 ] || fail "a burst of saves made $((after - before)) builds, expected 1"
grep '^changed: ' "$log" | tail -1 | grep -q 'Note.swift' || fail "the new file is not among the changes: $(grep '^changed: ' "$log" | tail -1)"
[ "$(pixel "$sheet" 230 150)" = "0 255 0" ] || fail "the sheet after the fix is not green: $(pixel "$sheet" 230 150)"

# Ctrl-C: status 130, the watch's folder gone, the user's sheet kept.
# The watch's folder: the one that appeared since it started (other watches may run beside it).
ls -d /tmp/flipbook-watch-* 2>/dev/null | sort > "$work/folders-after" || true
dir=$(comm -13 "$work/folders-before" "$work/folders-after" | head -1)
[ -n "$dir" ] || fail "cannot find the watch's folder in /tmp"
kill -INT "$watch_pid"
set +e; wait "$watch_pid"; status=$?; set -e
watch_pid=""
[ "$status" -eq 130 ] || fail "watch exited with $status on SIGINT, expected 130"
[ ! -e "$dir" ] || fail "the watch's folder $dir is still there"
[ -s "$sheet" ] || fail "the sheet was removed"

# The window: watch opens it, an edit swaps it for the new build at the same place, showing the
# edit; on an X server of its own (Xvfb), without a window manager and under openbox.
xvfb_pid=""; wm_pid=""
stop_x() {
    # Waited for, so the next pass's server does not meet this one's display still in use.
    [ -n "$wm_pid" ] && { kill "$wm_pid" 2>/dev/null; wait "$wm_pid" 2>/dev/null; } || true
    [ -n "$xvfb_pid" ] && { kill "$xvfb_pid" 2>/dev/null; wait "$xvfb_pid" 2>/dev/null; } || true
    wm_pid=""; xvfb_pid=""
}
trap 'stop_x; cleanup' EXIT

# window_of PID: the id of PID's visible window (empty while it has none).
window_of() { xdotool search --onlyvisible --pid "$1" 2>/dev/null | head -1 || true; }

# shown_pixel WINDOW X Y: the pixel at (X, Y) of WINDOW as the screen shows it.
shown_pixel() {
    local X Y WIDTH HEIGHT SCREEN WINDOW
    eval "$(xdotool getwindowgeometry --shell "$1")"
    xwd -root -silent > "$work/screen.xwd" || fail "xwd could not dump the screen"
    pixel "$work/screen.xwd" $((X + $2)) $((Y + $3)) || fail "cannot read the screen's pixel ($((X + $2)), $((Y + $3)))"
}

# wait_until SECONDS WHAT COMMAND...: until COMMAND succeeds.
wait_until() {
    local end=$((SECONDS + $1)) what=$2; shift 2
    until "$@"; do
        [ $SECONDS -lt $end ] || fail "$what"
        sleep 0.2
    done
}

# wait_pixel WINDOW "R G B" WHAT: until WINDOW shows that colour at (120, 85), below the sliding
# square (y 20–60) and above time travel's band (its own 30 points at the bottom; under openbox
# the window's content was seen 18 pixels above the Y xdotool gives, and (120, 110) landed on the
# band) (up to 30 s:
# the first frames of a new process on a loaded machine).
wait_pixel() {
    local end=$((SECONDS + 30)) got
    while got=$(shown_pixel "$1" 120 85); [ "$got" != "$2" ]; do
        [ $SECONDS -lt $end ] || fail "$3: pixel (120, 85) is $got, expected $2"
        sleep 0.3
    done
}

window_pass() {
    local wm=$1
    Xvfb -displayfd 3 -screen 0 800x600x24 -nolisten tcp 3> "$work/display-$wm" 2> /dev/null &
    xvfb_pid=$!
    wait_until 20 "Xvfb did not start" test -s "$work/display-$wm"
    export DISPLAY=:$(head -1 "$work/display-$wm")
    if [ "$wm" = openbox ]; then
        openbox > /dev/null 2>&1 &
        wm_pid=$!
        sleep 1
    fi
    colour 1 0 0
    log=$work/window-$wm.log
    (cd "$pkg" && exec "$bin" watch swatch --scratch-path "$scratch" --size 240x160) > "$log" 2>&1 &
    watch_pid=$!
    wait_for '^built in .*opening the window' 1 600
    local first second win1 win2 geometry1 geometry2
    wait_until 60 "no window child ($wm)" sh -c "pgrep -P $watch_pid -f watch-child > '$work/child'"
    first=$(head -1 "$work/child")
    wait_until 60 "the window did not show ($wm)" sh -c "[ -n \"\$(xdotool search --onlyvisible --pid $first 2>/dev/null)\" ]"
    win1=$(window_of "$first")
    wait_pixel "$win1" "255 0 0" "the window does not show the red scene ($wm)"
    sleep 2.5 # past the first window's own settling, so its place is the one the user sees
    geometry1=$(xdotool getwindowgeometry --shell "$win1" | grep -E '^(X|Y|WIDTH|HEIGHT)=' | tr '\n' ' ')

    colour 0 0 1
    wait_for '^built in .*swapped in ' 1 600
    ! kill -0 "$first" 2>/dev/null || fail "the old window's process still runs after the swap ($wm)"
    second=$(pgrep -P "$watch_pid" -f watch-child | head -1)
    [ -n "$second" ] && [ "$second" != "$first" ] || fail "no new window child after the swap ($wm)"
    wait_until 30 "the new window did not show ($wm)" sh -c "[ -n \"\$(xdotool search --onlyvisible --pid $second 2>/dev/null)\" ]"
    win2=$(window_of "$second")
    wait_pixel "$win2" "0 0 255" "the swapped window does not show the edit ($wm)"
    # Where the last window was, also under a window manager (it places a new window's frame
    # there; the window then moves its content back within 2 s).
    local end=$((SECONDS + 5))
    while geometry2=$(xdotool getwindowgeometry --shell "$win2" | grep -E '^(X|Y|WIDTH|HEIGHT)=' | tr '\n' ' '); [ "$geometry1" != "$geometry2" ]; do
        [ $SECONDS -lt $end ] || fail "the window moved or changed size in the swap ($wm): $geometry1-> $geometry2"
        sleep 0.2
    done

    kill -INT "$watch_pid"
    set +e; wait "$watch_pid"; status=$?; set -e
    watch_pid=""
    [ "$status" -eq 130 ] || fail "watch exited with $status on SIGINT with a window, expected 130 ($wm)"
    ! kill -0 "$second" 2>/dev/null || fail "the window's process outlived the watch ($wm)"
    stop_x
    echo "watch-e2e: window ($wm): opened red, swapped to the edit (blue) at $geometry2"
}

if command -v Xvfb > /dev/null && command -v xdotool > /dev/null && command -v xwd > /dev/null && command -v openbox > /dev/null; then
    window_pass none
    window_pass openbox
else
    echo "watch-e2e: Xvfb, xdotool, xwd or openbox missing: skipped the window (make test installs them)" >&2
fi

echo "watch-e2e: a package built, edited, broken and fixed under watch --headless: sheets right, the swap's sheet equals a fresh render, one build per burst, Ctrl-C clean"
