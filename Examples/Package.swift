// swift-tools-version:6.0
// Flipbook's examples, as a user's own package: two scenes written the way iOS code is, and a
// one-line playground program. Flipbook comes by relative path here; your package names it by URL
// and version instead (README: "Your own playground").
import PackageDescription

let package = Package(
    name: "FlipbookExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Flipbook", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "Examples",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"),
                .product(name: "FlipbookPlayground", package: "Flipbook"),
            ]
        ),
    ],
    // Swift 5 mode, as Flipbook itself: its UIKit types are not @MainActor yet (Apple's are), so
    // Swift 6 mode refuses `DispatchQueue.main.async { self.view… }` in a view controller.
    swiftLanguageModes: [.v5]
)
