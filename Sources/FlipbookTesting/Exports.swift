// `import FlipbookTesting` is enough in a test file: it brings the Flipbook API too (UIKit- and
// Core-Animation-style types, Foundation), as a test of an iOS app imports XCTest and UIKit.
@_exported import Flipbook
@_exported import class Views.Timer
