#!/usr/bin/env python3
"""Raster reference frame: ours against pycairo and Blend2D, timed in the same run.

Usage: compare.py PATH/TO/flipbook [--frames N]        (`make bench-compare` calls it)

The frame is RasterBenchmark.renderReferenceFrame (Sources/Raster/Benchmark): 1920x1080
premultiplied RGBA, a full-frame diagonal gradient, then a 270-degree arc (r 200, 10 px, round caps)
stroked through a second gradient. Each frame rebuilds the arc path and both gradients (as ours
does), fills, strokes and flushes; time.perf_counter() per frame; median of N after WARMUP frames.
One thread: Blend2D's context gets no creation info, so threadCount 0 (synchronous), JIT at the
library default (on); the table shows its JIT pipeline and thread counts. The last frame of each
library goes to OUT_DIR as a PNG. Only ratios from one run count: absolute times drift.
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy (blend2d-python needs it): no BLAS threads
W, H = 1920, 1080
WARMUP = 10
OUT_DIR, PNGS = "/tmp/flipbook-bench-compare", ("cairo.png", "blend2d.png")
ARC = (960.0, 540.0, 200.0, -math.pi / 2, 1.5 * math.pi)  # cx, cy, r, start, sweep (clockwise)
BG = ((0, 0, 0x203060), (W, H, 0xE08040))                 # (x, y, colour) of each gradient end
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
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)  # premultiplied ARGB32
    ctx = cairo.Context(surface)

    def gradient(ends):
        (x0, y0, c0), (x1, y1, c1) = ends
        g = cairo.LinearGradient(x0, y0, x1, y1)
        g.add_color_stop_rgb(0.0, *rgb(c0))
        g.add_color_stop_rgb(1.0, *rgb(c1))
        return g

    def draw():
        ctx.rectangle(0, 0, W, H)
        ctx.set_source(gradient(BG))
        ctx.fill()
        cx, cy, r, start, sweep = ARC  # cairo keeps the path in the context, so build it here
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
        raise ImportError("this 'blend2d' module has no BLContext (blend2d-py?): use blend2d-python")
    # blend2d-python 1.0.0 puts a colour tuple's first value into the blue channel. Probe one red
    # pixel (PRGB32 is B,G,R,A in memory on little-endian) and swap R and B if it lands first.
    probe = bl.BLImage(1, 1, bl.BLFormat.PRGB32)
    pctx = bl.BLContext(probe)
    pctx.set_fill_style((1.0, 0.0, 0.0, 1.0))  # colour tuples are floats 0...1 in this binding
    pctx.fill_all(); pctx.flush()
    swap = probe.getDataAsNumPy()[0, 0][0] == 255

    def gradient(ends):
        (x0, y0, c0), (x1, y1, c1) = ends
        g = bl.create_linear_gradient(x0, y0, x1, y1)
        for offset, c in ((0.0, c0), (1.0, c1)):
            r, gr, b = rgb(c)
            g.add_stop(offset, (b, gr, r, 1.0) if swap else (r, gr, b, 1.0))
        return g

    image = bl.BLImage(W, H, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)  # no BLContextCreateInfo: threadCount 0, synchronous

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
    jit = bl.get_runtime_memory_info().get("dynamicPipelineCount", "?")  # 0 would mean no JIT
    try:
        image.writeToFile(os.path.join(OUT_DIR, "blend2d.png"))
    except Exception as e:  # the codec is the binding's business; the timing stands without it
        print(f"Blend2D: last frame not saved ({e})")
    ver = ".".join(map(str, getattr(bl, "BL_VERSION", ("?",))))
    return median, f"blend2d-python, BL_VERSION {ver}, JIT pipelines {jit}, threads {threads}"


def bench_ours(binary, frames):
    run = subprocess.run([binary, "bench", "--frames", str(frames), "--filter", "raster"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"compare.py: {binary} bench failed ({run.returncode}): {run.stderr.strip()[-200:]}")
    m = re.search(r"raster reference frame 1920x1080 median\s+([\d.]+) ms", run.stdout)
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
    for stale in (os.path.join(OUT_DIR, f) for f in PNGS):  # none left from an earlier run
        if os.path.exists(stale):
            os.remove(stale)

    print(f"Raster reference frame {W}x{H}: median of {args.frames} frames, one thread each")
    ours = bench_ours(args.binary, args.frames)
    rows = [("ours (Raster)", ours, f"{os.path.basename(args.binary)} bench --filter raster")]
    # Blend2D right after ours (both take well under a second): drift hits them alike.
    for name, bench in (("Blend2D", bench_blend2d), ("Cairo", bench_cairo)):
        try:
            rows.append((name, *bench(args.frames)))
        except ImportError as e:
            print(f"{name}: not installed or unusable, skipped ({e})")

    print(f"\n{'library':<14} {'median ms':>9}  notes")
    for name, median, info in rows:
        print(f"{name:<14} {median:>9.3f}  {info}")
    print()
    for name, median, _ in rows[1:]:
        ratio = ours / median
        speed = f"{1 / ratio:.1f}x faster" if ratio <= 1 else f"{ratio:.1f}x slower"
        print(f"ours/{name:<8} {ratio:5.2f}  ({speed})")
    saved = [os.path.join(OUT_DIR, f) for f in PNGS if os.path.exists(os.path.join(OUT_DIR, f))]
    print(f"Last frames, to check they match: {', '.join(saved)}" if saved else "No frames saved.")


if __name__ == "__main__":
    main()
