// swift-tools-version:6.0
// Flipbook: a Core Animation / UIKit-style animation playground for Linux on SDL2.
// Module dependencies run one way; docs/ARCHITECTURE.md's module table is the one map:
// Raster ← Layers ← Views ← Flipbook ← FrameLoop ← DevTools ← Render ← Window ← FlipbookPlayground
// ← flipbook, FrameLoop ← FlipbookTesting; Compositor (display step + compositor) sits between
// Layers and FrameLoop; FlipbookResources (Resources/, the bundled fonts) under RasterIO.
// Products for users: Flipbook (the API their scenes import), FlipbookPlayground (the window, headless
// renders, the dev tools and the command line: a user's `@main struct …: PlaygroundApp` names its
// scenes and gets the whole program) and FlipbookTesting (the test kit, which links no SDL window).
// Every module a target imports, directly or through Flipbook's @_exported imports, is listed as a
// dependency: otherwise SwiftPM does not rebuild the target when a re-exported module's class layout
// changes, and a stale vtable calls the wrong method at run time.
import PackageDescription

let package = Package(
    name: "Flipbook",
    // macOS 15: the compositor's worker pool hands jobs over through Synchronization's Atomic.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flipbook", targets: ["flipbook"]),
        .library(name: "Flipbook", targets: ["Flipbook"]),
        .library(name: "FlipbookPlayground", targets: ["FlipbookPlayground", "FrameLoop", "DevTools", "Render", "Window"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting", "FrameLoop"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (DocC). A command plugin: `swift build` only
        // compiles its two plugin scripts, once per build folder (seconds); its tools are built
        // when documentation is generated.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries; `make deps` installs the Debian packages (libsdl2-dev, libsdl2-ttf-dev,
        // libsdl2-image-dev). The SDL shims include <SDL2/…> from the default include path and link
        // through their module maps, so they need no pkg-config: SDL's pkg-config adds `-D_REENTRANT`,
        // a flag SwiftPM prohibits, which printed one warning per target on every build of Flipbook
        // and of every package depending on it (glibc has no use for the macro).
        .systemLibrary(name: "CSDL2"),
        .systemLibrary(name: "CSDL2TTF"),
        .systemLibrary(name: "CSDL2Image"),
        // zlib for PNG and APNG (zlib1g-dev).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // RasterIO's text and JPEG without SDL: FreeType rasterises glyphs, HarfBuzz shapes lines (as
        // SDL_ttf did, so the same bytes), libjpeg-turbo decodes JPEG behind CCodecs' error handler;
        // CCodecs also holds PNG's per-byte row filters (fast in debug builds too).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CCodecs", dependencies: ["CLibJPEG"], linkerSettings: [.linkedLibrary("dl")]),
        // Animated WebP: libwebp is opened at run time (dlopen), so neither the build nor the program
        // needs it; only `--webp` does. Its headers (libwebp-dev, also a dependency of
        // libsdl2-image-dev) are used when present.
        .target(name: "CWebP", linkerSettings: [.linkedLibrary("dl")]),

        // Raster's inner loops for one instruction set each (AVX2 now), compiled per function with
        // `__attribute__((target(…)))` and chosen at run time: no flags, any x86-64 runs the package.
        .target(name: "CRasterKernels"),
        .target(name: "Raster", dependencies: ["CRasterKernels"], exclude: ["README.md"]),
        // Benchmarks and test fixtures leave the modules users link: the raster's reference frame,
        // its cases against Blend2D and Cairo, and the stroke samples the goldens and benches share
        // (RasterBench); the `bench` suite and its scenes, which the shipped `flipbook` runs
        // (FlipbookBench). Neither is in a product.
        .target(name: "RasterBench", dependencies: ["Raster"]),
        // SplitMix64, the one seeded generator: city pictures, fuzz cases, scenes, randomized tests.
        .target(name: "SplitMix"),
        // The incremental Cassowary solver under Auto Layout; standard library only, no UIKit names.
        .target(name: "LayoutSolver"),
        // Resources/ at the top level: the bundled fonts (SwiftPM resources, found through Bundle.module).
        .target(name: "FlipbookResources", path: "Resources", exclude: ["README.md"], resources: [.copy("Fonts"), .copy("Cities"), .copy("Avatars")]),
        .target(name: "RasterIO", dependencies: ["Raster", "FlipbookResources", "CFreeType", "CHarfBuzz", "CCodecs", "CZlib", "CWebP", "CRasterKernels"]),
        .target(name: "Layers", dependencies: ["Raster", "SplitMix", "CRasterKernels"]),
        .target(name: "Compositor", dependencies: ["Layers", "Raster", "RasterIO"]),
        .target(name: "Views", dependencies: ["Layers", "LayoutSolver", "Raster", "RasterIO", "FlipbookResources"]),
        .target(name: "Flipbook", dependencies: ["Layers", "Views"]),
        // The frame's phases and the one driver that runs them, below SDL: the window, headless
        // renders, the test kit, the benchmarks and the fuzzer all make frames through it.
        .target(name: "FrameLoop", dependencies: ["Flipbook", "Compositor", "Layers", "Views", "Raster"]),
        // Host's successors, by what they make (docs/ARCHITECTURE.md): the tools drawn over frames and
        // the playground stage (DevTools, no SDL); SDL's session and headless renders with their files
        // (Render); the SDL window (Window).
        .target(name: "DevTools", dependencies: ["FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "Raster", "RasterIO"]),
        // The self-contained HTML page of a render or a failed golden (`flipbook report`, the test kit). Foundation only.
        .target(name: "HTMLReport"),
        .target(name: "Render", dependencies: ["DevTools", "FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "Raster", "RasterIO",
                                               "HTMLReport", "CSDL2", "CZlib", "CWebP", "CCodecs"]),
        .target(name: "Window", dependencies: ["Render", "DevTools", "FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "Raster",
                                               "RasterIO", "CSDL2"]),
        .target(name: "Scenes", dependencies: ["Flipbook", "Layers", "Views", "FlipbookResources", "SplitMix"]),
        .target(
            name: "FlipbookPlayground",
            dependencies: ["Window", "Render", "DevTools", "FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "Raster",
                           "RasterIO", "CSDL2", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The test kit for users' tests (and Flipbook's own scene tests): a scene, view controller or
        // view on a manual clock, input at exact times, golden frames. Standalone: no
        // swift-snapshot-testing (and so no swift-syntax) in a user's build (README: "Testing your scenes").
        .target(name: "FlipbookTesting", dependencies: ["FrameLoop", "Flipbook", "Layers", "Views", "Raster", "RasterIO", "HTMLReport"]),
        // The shipped command: FlipbookPlayground with the built-in scenes.
        .target(name: "FlipbookBench", dependencies: ["FlipbookPlayground", "FrameLoop", "DevTools", "Render", "Window", "Flipbook", "Compositor", "Layers", "Views",
                                                       "Raster", "RasterBench", "RasterIO", "CSDL2"]),
        .executableTarget(name: "flipbook", dependencies: ["FlipbookPlayground", "FlipbookBench", "Scenes", "Flipbook", "Layers", "Views"]),

        // Paints the cities scene's pictures and the modal scene's avatars into Resources/ (`swift run city-images`).
        .executableTarget(name: "city-images", dependencies: ["Raster", "RasterIO", "SplitMix"]),

        // LayoutSolver timed on a constraint set bench/solver_compare.py writes (`make bench-solver`).
        .executableTarget(name: "solver-bench", dependencies: ["LayoutSolver"]),

        // The seeded random driver `make fuzz` runs (address-sanitizer build, a time box per target).
        .executableTarget(name: "flipbook-fuzz", dependencies: ["FrameLoop", "Compositor", "Layers", "Raster", "SplitMix"]),
        // Times and peak memory of deep and wide trees, one case per process (BENCHMARKS.md, #38).
        .executableTarget(name: "flipbook-trees", dependencies: ["FrameLoop", "Views", "Compositor", "Layers", "Raster"]),

        .target(name: "TestSupport", dependencies: ["FlipbookTesting", "FrameLoop", "Raster", "RasterIO", "Layers", "SplitMix"], path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "RasterIO", "RasterBench", "SplitMix", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "LayersTests", dependencies: ["FrameLoop", "Layers", "Compositor", "Raster", "RasterIO", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "ViewsTests", dependencies: ["FrameLoop", "Views", "RasterIO", "FlipbookResources", "Compositor", "Layers", "Raster", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "FrameLoopTests", dependencies: ["FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "Raster", "TestSupport"]),
        .testTarget(name: "DevToolsTests", dependencies: ["DevTools", "Render", "FrameLoop", "Scenes", "CSDL2", "Flipbook", "Compositor", "Layers", "Views",
                                                         "Raster", "RasterIO", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "DevTools", "Window", "FrameLoop", "Scenes", "FlipbookTesting", "CZlib", "CCodecs", "CSDL2",
                                                       "CSDL2Image", "CSDL2TTF", "Flipbook", "Compositor", "Layers", "Views", "Raster", "RasterIO", "HTMLReport", "TestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "WindowTests", dependencies: ["Window", "FrameLoop", "Raster", "CSDL2", "TestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "FlipbookTesting", "DevTools", "FrameLoop", "Flipbook", "Compositor", "Layers", "Views", "RasterIO", "FlipbookResources", "TestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "FlipbookTestingTests", dependencies: ["FlipbookTesting", "Flipbook", "Layers", "Views", "Raster", "RasterIO"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "FlipbookPlaygroundTests", dependencies: ["FlipbookPlayground", "FlipbookBench", "FrameLoop", "DevTools", "Render", "Window", "Flipbook", "Layers", "Views"]),
        .testTarget(name: "HTMLReportTests", dependencies: ["HTMLReport"]),
        .testTarget(name: "RasterIOTests", dependencies: ["RasterIO", "FlipbookResources", "Raster"]),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver", "SplitMix"]),
        .testTarget(name: "CompositorTests", dependencies: ["FrameLoop", "Compositor", "Layers", "Raster", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
