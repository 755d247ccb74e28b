// FlipbookPlayground — the module's table of contents.
//
// The command line and window for any list of scenes: a user's `@main struct …: PlaygroundApp`
// names its scenes and gets everything `flipbook` does (menu, list, run, render, tour, assemble,
// bench).
//
//   PlaygroundApp.swift           the protocol a user's program adopts
//   PlaygroundCommand.swift       the subcommands and their options (swift-argument-parser)
//   Arguments.swift               WxH sizes and time lists as arguments
//   Launcher.swift                opens the window, runs a render, reports what was written
//   Launcher+Tour.swift           every scene rendered headless with a contact sheet
//   Benchmarks.swift              `bench`: frame-time medians, evaluation, raster and upload cases
//   Benchmarks+Collection.swift   the 10,000-item collection view case
//   Benchmarks+Damage.swift       the damage cases (a spinner over a still background)
//   Benchmarks+Tools.swift        what the HUD and the inspector cost a frame
//   Benchmarks+Travel.swift       what time travel's recording and previews cost a frame
