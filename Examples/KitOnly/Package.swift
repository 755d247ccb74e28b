// swift-tools-version:6.0
// A user's package that tests a screen with Flipbook's test kit only: the library (`Flipbook`) and
// the kit (`FlipbookTesting`), no playground window. `make examples` builds it and checks that its
// test binary links no SDL (the kit makes frames through FrameLoop, below SDL), then runs its tests.
import PackageDescription

let package = Package(
    name: "KitOnly",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Flipbook", path: "../.."),
    ],
    targets: [
        .target(name: "Drawer", dependencies: [.product(name: "Flipbook", package: "Flipbook")]),
        .testTarget(
            name: "DrawerTests",
            dependencies: ["Drawer", .product(name: "FlipbookTesting", package: "Flipbook")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    swiftLanguageModes: [.v5]
)
