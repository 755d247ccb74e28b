// swift-tools-version:6.0
// Flipbook's examples, as a user's own package: three scenes written the way iOS code is, a
// one-line playground program, an image of its own and tests with Flipbook's test kit. Flipbook comes by relative path here; your package names it by URL
// and version instead (README: "Your own playground").
import PackageDescription

let package = Package(
    name: "FlipbookExamples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Flipbook", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "Examples",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "FlipbookPlayground", package: "Flipbook"),
            ],
            // The package's own images, found through Bundle.module (UIImage(named:in:compatibleWith:)).
            resources: [.process("Images")]
        ),
        // The scenes' tests, written with Flipbook's test kit as a user writes them.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["Examples", .product(name: "FlipbookTesting", package: "Flipbook")],
            exclude: ["__Snapshots__"],
            // Swift 6 mode: the test kit and the scenes' API compile there (README: "Swift 5
            // language mode for targets with scenes" says what does not).
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    // Swift 5 mode, as Flipbook itself: its UIKit types are not @MainActor (Apple's are; README:
    // "Swift 5 language mode for targets with scenes"), so Swift 6 mode refuses
    // `DispatchQueue.main.async { self.view… }` in a view controller, as in BounceViewController.
    swiftLanguageModes: [.v5]
)
