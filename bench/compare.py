#!/usr/bin/env python3
"""Raster reference frame: ours against pycairo and Blend2D, timed in the same run.

Usage: compare.py PATH/TO/flipbook [--frames N] [--before OLD/flipbook]   (`make bench-compare` calls it)

--before adds an earlier binary's cases to the same run (a "before" column and its ratio to
Blend2D): a change is measured against the peers and against itself in one sitting.

The frame is RasterBenchmark.renderReferenceFrame (Sources/RasterBench): 1920x1080
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
    swap = blend2d_swaps_red_blue(bl)

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


# ---- The raster cases (RasterBenchmark.cases in Sources/RasterBench, and the text case in
# Sources/FlipbookBench/Benchmarks.swift): the same pictures, 1920x1080, one thread, the median
# of ROUNDS rounds of REPS draws each after CASE_WARMUP draws. Geometry is built before timing.
# Python's call overhead: the circle and stroke cases hold 1000 shapes on a grid where none touch,
# so the peers fill or stroke ONE path holding all of them (one call) and paint exactly what
# Flipbook's 1000 separate fills paint; every other case is a handful of calls (text: 20 lines),
# a few microseconds in all, which EMPTY_CALL measures and the table subtracts.
ROUNDS, REPS, CASE_WARMUP = 5, 10, 3
CASES = ["radial-3stop", "conic", "image-rotated", "image-opacity", "circles", "strokes",
         "dashed-ellipse", "text", "blur", "particles", "blur-frame"]
THREE_STOPS = (0x203060, 0xE08040, 0x40C0A0)
FONT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "Fonts", "DejaVuSans.ttf")
WORDS = "The quick brown fox jumps over the lazy dog while Flipbook draws glyphs, 0123456789 times."
LINES = [WORDS[i % 7:] + WORDS[:i % 7] for i in range(20)]


def particle(i):
    """Particle i's corner and opacity (RasterBenchmark.particle)."""
    frac = lambda v: v - math.floor(v)
    return frac(i * 0.6180339887498949) * 1904, frac(i * 0.7548776662466927) * 1064, 0.3 + 0.7 * frac(i * 0.5698402909980532)


def grid_centre(i):
    return 24 + (i % 40) * 48, 21.6 + (i // 40) * 43.2


def stroke_ends(i):
    cx, cy = grid_centre(i)
    a = i * 0.37
    dx, dy = 12 * math.cos(a), 12 * math.sin(a)
    return (cx - dx, cy - dy), (cx + dx, cy + dy)


def dashed_ellipse_polylines(cx=960, cy=540, rx=800, ry=400, on=24.0, off=12.0, steps=1024):
    """The dashes of the case's ellipse as polylines (for Blend2D, whose stroker ignores dash
    arrays: blend2d-python 1.0.0 strokes a dashed line solid). Starts at 3 o'clock, clockwise."""
    pts = [(cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps)) for k in range(steps + 1)]
    dashes, current, pos, period = [], [pts[0]], 0.0, on + off
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < seg:
            phase = pos % period
            boundary = (on - phase) if phase < on else (period - phase)
            step = min(boundary, seg - t)
            t += step; pos += step
            p = (x0 + (x1 - x0) * t / seg, y0 + (y1 - y0) * t / seg)
            if phase < on:
                current.append(p)
                if step == boundary:
                    dashes.append(current); current = []
            elif step == boundary:
                current = [p]
    if len(current) > 1:
        dashes.append(current)
    return dashes


def time_case(draw):
    """Per-draw seconds of each round; the median is taken by the caller."""
    for _ in range(CASE_WARMUP):
        draw()
    rounds = []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        for _ in range(REPS):
            draw()
        rounds.append((time.perf_counter() - t0) / REPS)
    return statistics.median(rounds) * 1000.0


def empty_call_ms(calls):
    """What `calls` Python calls of a C function with a few float arguments cost, in ms."""
    f = math.hypot
    def draw():
        for _ in range(calls):
            f(1.0, 2.0, 3.0)
    return time_case(draw)


def cases_cairo():
    import cairo
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(0.5, 0.5, 0.5); ctx.paint()

    def image(w, h):
        s = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        c = cairo.Context(s)
        g = cairo.LinearGradient(0, 0, w, h)
        g.add_color_stop_rgb(0, *rgb(0x3050A0)); g.add_color_stop_rgb(1, *rgb(0xF0C060))
        c.set_source(g); c.paint()
        c.save(); c.translate(w / 2, h / 2); c.scale(w / 4, h / 4); c.arc(0, 0, 1, 0, 2 * math.pi); c.restore()
        c.set_source_rgb(*rgb(0xE0F0FF)); c.fill()
        return s

    small, large = image(512, 512), image(W, H)
    radial = cairo.RadialGradient(960, 540, 0, 960, 540, 1100)
    for k, c in enumerate(THREE_STOPS):
        radial.add_color_stop_rgb(k / 2, *rgb(c))
    ctx.new_path()
    for i in range(1000):
        cx, cy = grid_centre(i)
        ctx.new_sub_path(); ctx.arc(cx, cy, 8, 0, 2 * math.pi); ctx.close_path()
    circles = ctx.copy_path(); ctx.new_path()
    for i in range(1000):
        (x0, y0), (x1, y1) = stroke_ends(i)
        ctx.move_to(x0, y0); ctx.line_to(x1, y1)
    strokes = ctx.copy_path(); ctx.new_path()
    ctx.save(); ctx.translate(960, 540); ctx.scale(800, 400); ctx.arc(0, 0, 1, 0, 2 * math.pi); ctx.close_path(); ctx.restore()
    ellipse = ctx.copy_path(); ctx.new_path()
    rotated = cairo.SurfacePattern(small)
    rotated.set_filter(cairo.FILTER_BILINEAR)
    m = cairo.Matrix(); m.translate(960, 540); m.rotate(math.pi / 6); m.scale(1.5, 1.5); m.translate(-256, -256)
    m.invert(); rotated.set_matrix(m)
    opaque = cairo.SurfacePattern(large)
    ctx.select_font_face("DejaVu Sans"); ctx.set_font_size(16)

    def radial_draw():
        ctx.set_source(radial); ctx.paint(); surface.flush()

    def rotated_draw():
        ctx.save(); ctx.translate(960, 540); ctx.rotate(math.pi / 6); ctx.scale(1.5, 1.5)
        ctx.rectangle(-256, -256, 512, 512); ctx.restore()
        ctx.set_source(rotated); ctx.fill(); surface.flush()

    def opacity_draw():
        ctx.set_source(opaque); ctx.paint_with_alpha(0.9); surface.flush()

    def circles_draw():
        ctx.append_path(circles); ctx.set_source_rgba(0.2, 0.6, 1, 0.5); ctx.fill(); surface.flush()

    def strokes_draw():
        ctx.append_path(strokes); ctx.set_source_rgb(*rgb(0xF08030))
        ctx.set_line_width(4); ctx.set_line_cap(cairo.LINE_CAP_ROUND); ctx.set_dash([])
        ctx.stroke(); surface.flush()

    def dashed_draw():
        ctx.append_path(ellipse); ctx.set_source_rgb(*rgb(0xF08030))
        ctx.set_line_width(6); ctx.set_line_cap(cairo.LINE_CAP_BUTT); ctx.set_dash([24, 12])
        ctx.stroke(); ctx.set_dash([]); surface.flush()

    def text_draw():
        ctx.set_source_rgb(*rgb(0x101010))
        for i, line in enumerate(LINES):
            ctx.move_to(40, 40 + i * 22 + 15); ctx.show_text(line)
        surface.flush()

    dot = cairo.ImageSurface(cairo.FORMAT_ARGB32, 16, 16)
    dc = cairo.Context(dot)
    soft = cairo.RadialGradient(8, 8, 0, 8, 8, 8)
    soft.add_color_stop_rgba(0, 1, 1, 1, 1); soft.add_color_stop_rgba(1, 1, 1, 1, 0)
    dc.set_source(soft); dc.paint()
    swarm = [particle(i) for i in range(5000)]

    def particles_draw():
        for x, y, a in swarm:
            ctx.set_source_surface(dot, x, y); ctx.paint_with_alpha(a)
        surface.flush()

    draws = {"radial-3stop": radial_draw, "image-rotated": rotated_draw, "image-opacity": opacity_draw,
             "circles": circles_draw, "strokes": strokes_draw, "dashed-ellipse": dashed_draw, "text": text_draw,
             "particles": particles_draw}
    calls = {"text": 40, "particles": 10000}

    def save(name):
        surface.write_to_png(os.path.join(OUT_DIR, f"case-{name}-cairo.png"))
        ctx.set_source_rgb(0.5, 0.5, 0.5); ctx.paint()
    return draws, calls, save, f"pycairo {cairo.version}, cairo {cairo.cairo_version_string()}; text via the toy API (fontconfig's DejaVu Sans)"


def cases_blend2d():
    import blend2d as bl
    import numpy as np
    swap = blend2d_swaps_red_blue(bl)

    def colour(hex_colour, alpha=1.0):
        r, g, b = rgb(hex_colour)
        return (b, g, r, alpha) if swap else (r, g, b, alpha)

    image = bl.BLImage(W, H, bl.BLFormat.PRGB32)
    ctx = bl.BLContext(image)
    ctx.set_fill_style(colour(0x808080)); ctx.fill_all()

    def picture(w, h):
        im = bl.BLImage(w, h, bl.BLFormat.PRGB32)
        c = bl.BLContext(im)
        g = bl.create_linear_gradient(0, 0, w, h)
        g.add_stop(0.0, colour(0x3050A0)); g.add_stop(1.0, colour(0xF0C060))
        c.set_fill_style(g); c.fill_all()
        c.set_fill_style(colour(0xE0F0FF)); c.fill_ellipse(w / 2, h / 2, w / 4, h / 4)
        c.flush()
        return im

    small, large = picture(512, 512), picture(W, H)
    radial = bl.create_radial_gradient(960, 540, 960, 540, 1100)
    conic = bl.create_conical_gradient(960, 540, 0)
    for g in (radial, conic):
        for k, c in enumerate(THREE_STOPS):
            g.add_stop(k / 2, colour(c))
    full = bl.BLRect(0, 0, W, H)
    circles, strokes, ellipse = bl.BLPath(), bl.BLPath(), bl.BLPath()
    for i in range(1000):
        cx, cy = grid_centre(i)
        circles.add_circle(cx, cy, 8)
        (x0, y0), (x1, y1) = stroke_ends(i)
        strokes.move_to(x0, y0); strokes.line_to(x1, y1)
    for dash in dashed_ellipse_polylines():
        ellipse.move_to(*dash[0])
        for x, y in dash[1:]:
            ellipse.line_to(x, y)
    no_dashes = bl.BLArrayDouble.from_numpy(np.array([], dtype=np.float64))
    face = bl.BLFontFace.create_from_file(FONT)
    font = bl.BLFont(); font.create_from_face(face, 16)
    origin = bl.BLPoint(0, 0)

    def fill(style, draw):
        def run():
            ctx.set_fill_style(style); draw(); ctx.flush()
        return run

    def rotated_draw():
        ctx.save(); ctx.translate(960, 540); ctx.rotate(math.pi / 6); ctx.scale(1.5, 1.5)
        ctx.blit_image(bl.BLPoint(-256, -256), small); ctx.restore(); ctx.flush()

    def opacity_draw():
        ctx.global_alpha = 0.9; ctx.blit_image(origin, large); ctx.global_alpha = 1.0; ctx.flush()

    def stroke(path, width, cap, dash):
        def run():
            ctx.set_stroke_style(colour(0xF08030)); ctx.stroke_width = width
            ctx.set_stroke_caps(cap); ctx.set_stroke_dash_array(dash)
            ctx.stroke_path(path); ctx.flush()
        return run

    dot = bl.BLImage(16, 16, bl.BLFormat.PRGB32)
    dc = bl.BLContext(dot)
    soft = bl.create_radial_gradient(8, 8, 8, 8, 8)
    soft.add_stop(0.0, (1.0, 1.0, 1.0, 1.0)); soft.add_stop(1.0, (1.0, 1.0, 1.0, 0.0))
    dc.clear_all(); dc.set_fill_style(soft); dc.fill_all(); dc.flush()
    swarm = [(bl.BLPoint(x, y), a) for x, y, a in (particle(i) for i in range(5000))]

    def particles_draw():
        for at, a in swarm:
            ctx.global_alpha = a; ctx.blit_image(at, dot)
        ctx.global_alpha = 1.0; ctx.flush()

    def text_draw():
        ctx.set_fill_style(colour(0x101010))
        for i, line in enumerate(LINES):
            ctx.fill_text(bl.BLPoint(40, 40 + i * 22 + 15), font, line)
        ctx.flush()

    draws = {"radial-3stop": fill(radial, lambda: ctx.fill_rect(full)),
             "conic": fill(conic, lambda: ctx.fill_rect(full)),
             "image-rotated": rotated_draw, "image-opacity": opacity_draw,
             "circles": fill(colour(0x3399FF, 0.5), lambda: ctx.fill_path(circles)),
             "strokes": stroke(strokes, 4, bl.BLStrokeCap.CAP_ROUND, no_dashes),
             "dashed-ellipse": stroke(ellipse, 6, bl.BLStrokeCap.CAP_BUTT, no_dashes),  # dashes made before timing
             "text": text_draw, "particles": particles_draw}
    calls = {"text": 22, "image-rotated": 7, "image-opacity": 4, "particles": 10001}

    def save(name):
        try:
            image.writeToFile(os.path.join(OUT_DIR, f"case-{name}-blend2d.png"))
        except Exception:
            pass
        ctx.set_fill_style(colour(0x808080)); ctx.fill_all()
    return draws, calls, save, "blend2d-python, synchronous context (no worker threads), JIT at its default"


def ours_cases(binary):
    run = subprocess.run([binary, "bench", "--filter", "case"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"compare.py: {binary} bench failed ({run.returncode}): {run.stderr.strip()[-200:]}")
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^case (\S+)\s+median\s+([\d.]+) ms", run.stdout, re.M)}


def run_cases(binary, before_binary=None):
    print(f"\nRaster cases {W}x{H}, one thread, median of {ROUNDS} rounds of {REPS} draws (ms)")
    before = ours_cases(before_binary) if before_binary else None
    ours = ours_cases(binary)
    peers = {}
    notes = []
    for name, make in (("Blend2D", cases_blend2d), ("Cairo", cases_cairo)):
        try:
            draws, calls, save, note = make()
        except ImportError as e:
            print(f"{name}: not installed or unusable, skipped ({e})")
            continue
        overhead = {}
        times = {}
        for case in CASES:
            if case in draws:
                t = time_case(draws[case])
                save(case)
                over = empty_call_ms(calls.get(case, 3))
                times[case] = max(t - over, 1e-6)
                overhead[case] = over
        peers[name] = times
        notes.append(f"{name}: {note}; call overhead subtracted: "
                     + ", ".join(f"{c} {overhead[c] * 1000:.1f} us" for c in overhead))
    head = f"{'before':>9} {'/Blend2D':>9} " if before is not None else ""
    print(f"\n{'case':<16} {head}{'Flipbook':>9} {'Blend2D':>9} {'Cairo':>9}  {'/Blend2D':>9} {'/Cairo':>8}")
    ratios = []
    for case in CASES:
        o = ours.get(case)
        b = peers.get("Blend2D", {}).get(case)
        c = peers.get("Cairo", {}).get(case)
        f = lambda v: f"{v:9.3f}" if v is not None else f"{'—':>9}"
        rb = f"{o / b:9.2f}" if o is not None and b else f"{'—':>9}"
        rc = f"{o / c:8.2f}" if o is not None and c else f"{'—':>8}"
        if o is not None and b:
            ratios.append(o / b)
        old = ""
        if before is not None:
            ob = before.get(case)
            old = f"{f(ob)} " + (f"{ob / b:9.2f} " if ob is not None and b else f"{'—':>9} ")
        print(f"{case:<16} {old}{f(o)} {f(b)} {f(c)}  {rb} {rc}")
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"geometric mean of Flipbook / Blend2D over {len(ratios)} cases: {geo:.2f}")
    for n in notes:
        print(n)
    print(f"Peers' pictures: {OUT_DIR}/case-*-{{blend2d,cairo}}.png")


def blend2d_swaps_red_blue(bl):
    """blend2d-python 1.0.0 puts a colour tuple's first value into the blue channel. Probe one red
    pixel (PRGB32 is B,G,R,A in memory on little-endian; colour tuples are floats 0...1 in this
    binding): True when it lands first, so callers swap R and B."""
    probe = bl.BLImage(1, 1, bl.BLFormat.PRGB32)
    pctx = bl.BLContext(probe)
    pctx.set_fill_style((1.0, 0.0, 0.0, 1.0))
    pctx.fill_all(); pctx.flush()
    return probe.getDataAsNumPy()[0, 0][0] == 255


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary", help="our flipbook binary (release build)")
    ap.add_argument("--frames", type=int, default=300, help="timed frames per library (default 300)")
    ap.add_argument("--only", choices=["reference", "cases"], help="run only the reference frame or only the cases")
    ap.add_argument("--before", help="an earlier flipbook binary whose cases join the table (same run)")
    args = ap.parse_args()
    if not (os.path.isfile(args.binary) and os.access(args.binary, os.X_OK)):
        sys.exit(f"compare.py: our binary {args.binary} is missing or not executable (build it first)")
    os.makedirs(OUT_DIR, exist_ok=True)
    for stale in (os.path.join(OUT_DIR, f) for f in PNGS):  # none left from an earlier run
        if os.path.exists(stale):
            os.remove(stale)

    if args.only != "cases":
        reference(args)
    if args.only != "reference":
        if args.before and not (os.path.isfile(args.before) and os.access(args.before, os.X_OK)):
            sys.exit(f"compare.py: the --before binary {args.before} is missing or not executable")
        run_cases(args.binary, args.before)


def reference(args):
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
