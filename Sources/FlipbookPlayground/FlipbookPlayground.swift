// FlipbookPlayground — the module's table of contents.
//
// The command line and window for any list of scenes: a user's `@main struct …: PlaygroundApp`
// names its scenes and gets everything `flipbook` does (menu, list, run, watch, render, report, tour, assemble,
// bench; `flipbook`'s own benchmark suite is FlipbookBench, outside the products).
//
//   PlaygroundApp.swift           the protocol a user's program adopts
//   PlaygroundCommand.swift       the subcommands and their options (swift-argument-parser)
//   Arguments.swift               WxH sizes and time lists as arguments
//   Launcher.swift                opens the window, runs a render, reports what was written
//   Launcher+Tour.swift           every scene rendered headless with a contact sheet
//   BuildConfiguration.swift      whether this is a debug build (`#if DEBUG`), and the line that says so
//   WatchCommand.swift            `watch`'s parent: builds on save, swaps the window, --headless renders
//   WatchChild.swift              the window `watch` runs: resumes a hand-over, shows build errors, hands over
//   SourceWatcher.swift           inotify over a source tree, debounced into batches
//   BuildErrors.swift             swiftc's `file:line:col: error:` lines and the overlay's text
//   SceneBenchmark.swift          `bench` by default: each scene's whole-frame times, medians and percentiles
