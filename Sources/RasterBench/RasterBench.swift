// RasterBench — the module's table of contents.
//
// Raster's benchmarks and shared test fixtures, outside the modules users link: the reference
// frame `flipbook bench` times, the cases `make bench-compare` draws beside Blend2D and Cairo,
// and the stroke scenes the golden tests and the benchmarks both draw.
//
//   RasterBenchmark.swift          the 1920×1080 reference frame and a timer loop (clock passed in)
//   RasterBenchmark+Cases.swift    the pictures timed against Blend2D and Cairo (bench/README.md)
//   RasterBenchmark+Coverage.swift how exactly a shape was rasterized, against a per-pixel reference
//   StrokeSamples.swift            named stroke scenes shared by the golden tests and the benchmarks
