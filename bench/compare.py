#!/usr/bin/env python3
"""Raster reference frame: ours against pycairo and Blend2D, in the same run.

Usage: compare.py PATH/TO/flipbook [--frames N]      (`make bench-compare` calls it)

The frame (see Sources/Raster/Benchmark/RasterBenchmark.swift): 1920x1080 premultiplied RGBA;
a full-frame linear gradient #203060 (0,0) -> #E08040 (1920,1080); then an arc centred at
(960,540), radius 200, from -90 deg sweeping 270 deg clockwise (y-down), stroked 10 px wide with
round caps through a linear gradient #00FF80 (760,340) -> #FF00FF (1160,740). Each frame rebuilds
the arc path and the two gradients (as ours does), fills, strokes and flushes; each frame is
timed with time.perf_counter(); the median of N frames after WARMUP untimed ones is reported.
Everything runs on one thread: Blend2D's context is created without worker threads (the binding
takes no creation info, so it is synchronous; JIT pipelines on, the library default).
Each library's last frame is saved as a PNG in OUT_DIR for a look by eye.
Only ratios from one run mean anything: absolute times drift on shared machines.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

W, H = 1920, 1080
WARMUP = 10
OUT_DIR = "/tmp/flipbook-bench-compare"
ARC = (960.0, 540.0, 200.0, -math.pi / 2, 1.5 * math.pi)  # cx, cy, r, start, sweep (clockwise)
BG = ((0, 0, 0x203060), (W, H, 0xE08040))
STROKE = ((760, 340, 0x00FF80), (1160, 740, 0xFF00FF))


def rgb(hex_colour):
    """0xRRGGBB -> (r, g, b) floats in 0...1."""
    return tuple(((hex_colour >> s) & 0xFF) / 255.0 for s in (16, 8, 0))


def time_frames(draw, frames):
    """Runs draw() WARMUP times untimed, then `frames` times; returns the median in ms."""
    for _ in range(WARMUP):
        draw()
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        draw()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000.0


def bench_cairo(frames):
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)  # premultiplied ARGB
    ctx = cairo.Context(surface)

    def gradient(stops):
        (x0, y0, c0), (x1, y1, c1) = stops
        g = cairo.LinearGradient(x0, y0, x1, y1)
        g.add_color_stop_rgb(0.0, *rgb(c0))
        g.add_color_stop_rgb(1.0, *rgb(c1))
        return g

    def draw():
        ctx.rectangle(0, 0, W, H)
        ctx.set_source(gradient(BG))
        ctx.fill()
        cx, cy, r, start, sweep = ARC  # cairo keeps the path in the context: build it here
        ctx.new_path()
        ctx.arc(cx, cy, r, start, start + sweep)  # increasing angle = clockwise on y-down
        ctx.set_source(gradient(STROKE))
        ctx.set_line_width(10)
        ctx.set_line_cap(cairo.LINE_CAP_ROUND)
        ctx.stroke()
        surface.flush()

    median = time_frames(draw, frames)
    surface.write_to_png(os.path.join(OUT_DIR, "cairo.png"))
    return median, f"pycairo {cairo.version}, cairo {cairo.cairo_version_string()}"


def bench_blend2d(frames):
    import blend2d as bl
    if not hasattr(bl, "BLContext"):
        raise ImportError("this 'blend2d' module has no BLContext, gradients or strokes "
                          "(blend2d-py?); install blend2d-python")
    image = bl.BLImage(W, H, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)  # no BLContextCreateInfo: threadCount 0, synchronous rendering

    def gradient(stops):
        (x0, y0, c0), (x1, y1, c1) = stops
        g = bl.create_linear_gradient(x0, y0, x1, y1)
        g.add_stop(0.0, rgb(c0) + (1.0,))  # this binding takes colour tuples as floats 0...1
        g.add_stop(1.0, rgb(c1) + (1.0,))
        return g

    def draw():
        cx, cy, r, start, sweep = ARC
        arc = bl.BLPath()
        arc.arc_to(cx, cy, r, r, start, sweep, True)  # positive sweep = clockwise on y-down
        ctx.set_fill_style(gradient(BG))
        ctx.fill_rect(bl.BLRect(0, 0, W, H))
        ctx.set_stroke_style(gradient(STROKE))
        ctx.stroke_width = 10
        ctx.set_stroke_caps(bl.BLStrokeCap.CAP_ROUND)
        ctx.stroke_path(arc)
        ctx.flush()

    median = time_frames(draw, frames)
    threads = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else "?"
    try:
        image.writeToFile(os.path.join(OUT_DIR, "blend2d.png"))
    except Exception as e:  # the binding's PNG codec is optional
        print(f"  (Blend2D frame not saved: {e})")
    ver = ".".join(map(str, getattr(bl, "BL_VERSION", ("?",))))
    return median, f"blend2d-python, Blend2D {ver}, JIT default (on), {threads} thread(s) in process"


def bench_ours(binary, frames):
    out = subprocess.run([binary, "bench", "--frames", str(frames), "--filter", "raster"],
                         capture_output=True, text=True, check=True).stdout
    m = re.search(r"raster reference frame 1920x1080 median\s+([\d.]+) ms", out)
    if not m:
        sys.exit(f"compare.py: no 'raster reference frame' median in the output of {binary} bench")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary", help="our flipbook binary (release build)")
    ap.add_argument("--frames", type=int, default=300, help="timed frames per library (default 300)")
    args = ap.parse_args()
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        sys.exit(f"compare.py: our binary {args.binary} is missing or not executable (build it first)")
    os.makedirs(OUT_DIR, exist_ok=True)

    print(f"Raster reference frame {W}x{H}, median of {args.frames} frames, one thread")
    ours = bench_ours(args.binary, args.frames)
    rows = [("ours (Raster)", ours, "")]
    for name, bench in (("Cairo", bench_cairo), ("Blend2D", bench_blend2d)):
        try:
            median, info = bench(args.frames)
            rows.append((name, median, info))
        except ImportError as e:
            print(f"{name}: not installed, skipped ({e})")

    print(f"\n{'library':<15} {'median ms':>10}  notes")
    for name, median, info in rows:
        print(f"{name:<15} {median:>10.3f}  {info}")
    print()
    for name, median, _ in rows[1:]:
        ratio = ours / median
        speed = f"{1 / ratio:.1f}x faster" if ratio <= 1 else f"{ratio:.1f}x slower"
        print(f"ours/{name:<8} {ratio:.2f}  ({speed})")
    print(f"\nLast frames: {OUT_DIR}/*.png")


if __name__ == "__main__":
    main()
