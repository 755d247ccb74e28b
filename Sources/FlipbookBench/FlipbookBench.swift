// FlipbookBench — the module's table of contents.
//
// The benchmark suite of the shipped `flipbook` (`flipbook bench`, `make bench`; figures in
// BENCHMARKS.md), outside the products: a user's playground measures its own scenes
// (FlipbookPlayground's SceneBenchmark) and links none of this.
//
//   Benchmarks.swift              the suite: raster, scenes, collection, table, autolayout, damage, blur, threads, evaluation,
//                                 tools, menu, travel, upload; the text case
//   Benchmarks+Collection.swift   the 10,000-item collection view scene and case
//   Benchmarks+Table.swift        the 10,000-row table view scene and case; the steady scroll both use
//   Benchmarks+AutoLayout.swift   200 views by 800 constraints: first layout, an edit, an animated frame
//   Benchmarks+Damage.swift       the spinner over a still background; damage and thread cases
//   Benchmarks+Particles.swift    5,000 live particles over the whole frame (CAEmitterLayer)
//   Benchmarks+Blur.swift         a full-screen blur at 1080p (UIVisualEffectView's backdrop), and without it
//   Benchmarks+Tools.swift        what the HUD and the inspector cost a frame
//   Benchmarks+Menu.swift         what the scene menu's live pictures cost a frame
//   Benchmarks+Travel.swift       what time travel's recording and previews cost a frame
