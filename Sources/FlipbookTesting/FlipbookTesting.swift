// FlipbookTesting — the module's table of contents.
//
// The test kit for users' packages (and Flipbook's own scene tests): a scene, view controller or
// view run through FrameLoop's driver on a manual clock, input at exact times, model and
// presentation values, pixels and golden frames. Standalone: no swift-snapshot-testing.
//
//   Exports.swift                 `import FlipbookTesting` brings the Flipbook API too
//   SceneTester.swift             the tester: its own engine and stage, frames at exact times, values
//   SceneTester+Input.swift       taps, drags, keys, pad and scripts, delivered in their frames
//   SceneTester+Snapshot.swift    golden frames beside the test file (Swift Testing and XCTest)
//   GoldenImage.swift             reference PNGs: record modes, tolerance, actual and diff images
//   TesterStage.swift             the stage a tester runs: one scene, controller or view, no menu
