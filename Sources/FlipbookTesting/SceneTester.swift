import FrameLoop
import Flipbook
import Foundation
import Raster
import RasterIO

/// Runs one scene, view controller or view through Flipbook's frame loop on a manual clock, for
/// tests: frames at exact times, input at exact times, the model and presentation values and the
/// frame's pixels to check.
///
/// ```swift
/// import FlipbookTesting
/// import Testing
///
/// @Test func theBallLands() throws {
///     let tester = try SceneTester(BounceViewController.self, size: CGSize(width: 480, height: 270))
///     tester.advance(to: 1.5)                       // frame 90 at 60 fps, exactly 1.5 s
///     let ball = try #require(tester.presentationLayer(named: "ball"))
///     #expect(ball.position.y == 210)
///     tester.assertSnapshot()                       // __Snapshots__/<file>/theBallLands.90.png
/// }
/// ```
///
/// Frames are made by the same `FrameDriver` as the window and `render`, so a frame here is
/// byte for byte the frame `YourPlayground render SCENE --at T` writes. Time is the frame number
/// divided by `fps`, computed afresh (never summed), so `advance(to: 2.5)` is frame 150 and the
/// scene sees exactly 2.5 s. Nothing reads the wall clock.
///
/// Each tester has an engine of its own (`engine`), so tests may run in parallel. Code the test
/// calls on the scene between frames that uses the static APIs (`UIView.animate`,
/// `CATransaction`, `Timer.scheduledTimer`) goes through `perform(_:)`, which binds that engine.
///
/// The main queue: `DispatchQueue.main.async` blocks and `OperationQueue.main` operations a scene
/// queues run at the next frame's `.timers` phase, as in the program; the tester lends the main
/// queue to its engine while it makes frames (FrameLoop's `MainQueue`), so testers in parallel tests
/// make their frames in turn. Do not mark a test that uses a tester `@MainActor` under Swift
/// Testing on Linux: there the main actor is the main queue itself, which the tester then cannot
/// serve. `RunLoop.main.perform` and Foundation timers on `RunLoop.main` run only when frames are
/// made on the main thread (XCTest on Linux, the program).
public final class SceneTester {
    /// A tester that could not be made: a size, scale or frame rate out of range.
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong, in one line.
        public let description: String
    }

    /// The engine the scene's layers, animations, timers and display links belong to.
    public let engine: CAEngine
    /// The scene, when the tester was made from a `Scene` type.
    public var scene: (any Scene)? { if case .scene(let s) = stage.content { s } else { nil } }
    /// The view controller under test: the one passed in, or the scene when it is a view controller.
    public let viewController: UIViewController?
    /// The window showing the view controller or view (nil for a layer-only scene).
    public var window: UIWindow? {
        if case .window(let w, _) = stage.content { return w }
        return viewController?.view.window
    }
    /// The layer tree that is drawn.
    public var rootLayer: CALayer { stage.rootLayer }

    /// Frames per second of the manual clock. Default: 60.
    public var fps: Double { source.fps }
    /// The number of the last frame made (0 after `init`).
    public var frame: Int { source.frame }
    /// The media time of the last frame: `frame / fps`.
    public var time: Double { source.seconds }
    /// The size in points.
    public var size: CGSize { driver.sizeInPoints }
    /// Pixels per point.
    public var scale: Double { driver.scale }
    /// The last drawn frame (`advance` draws only the frame it stops at). The tester draws into
    /// the same bitmap each time: copy what you keep across frames.
    public var bitmap: Bitmap { driver.bitmap }

    let stage: TesterStage
    private let source: ManualSource
    private let driver: FrameDriver
    var input = ScheduledInput()

    /// Loads a scene and makes frame 0 (time 0): the scene is set up, `viewDidLoad`,
    /// `viewWillAppear` and `viewDidAppear` have run, and the frame is drawn.
    ///
    /// - Parameters:
    ///   - sceneType: the scene (a `UIViewController` subclass adopting `Scene`, or a layer scene).
    ///   - size: the window's size in points. Default: 640 × 360.
    ///   - scale: pixels per point (2 for a Retina-like frame). Default: 1.
    ///   - fps: frames per second of the clock. Default: 60.
    ///   - userInterfaceStyle: the screen's appearance from the start (`UIScreen.userInterfaceStyle`;
    ///     change it later with the tester's `userInterfaceStyle`). Default: `.light`.
    /// - Throws: `Failure` when the size in pixels, the scale or the frame rate is not usable.
    public convenience init(_ sceneType: any Scene.Type, size: CGSize = CGSize(width: 640, height: 360),
                            scale: Double = 1, fps: Double = 60, userInterfaceStyle: UIUserInterfaceStyle = .light) throws {
        let engine = CAEngine()
        let scene = engine.perform {
            UIScreen.main.userInterfaceStyle = userInterfaceStyle
            return sceneType.init()
        }
        try self.init(.scene(scene), viewController: scene as? UIViewController, engine: engine, size: size, scale: scale, fps: fps)
    }

    /// Shows `viewController` as the root of a window of `size` and makes frame 0.
    ///
    /// Pass a controller made for this tester: its views join the tester's window.
    public convenience init(viewController: UIViewController, size: CGSize = CGSize(width: 640, height: 360),
                            scale: Double = 1, fps: Double = 60, userInterfaceStyle: UIUserInterfaceStyle = .light) throws {
        let engine = CAEngine()
        let window = engine.perform {
            UIScreen.main.userInterfaceStyle = userInterfaceStyle
            return UIWindow(frame: CGRect(origin: .zero, size: size))
        }
        try self.init(.window(window, root: viewController), viewController: viewController, engine: engine,
                      size: size, scale: scale, fps: fps)
    }

    /// Shows `view` in a window of `size` (at its own frame) and makes frame 0.
    public convenience init(view: UIView, size: CGSize = CGSize(width: 640, height: 360),
                            scale: Double = 1, fps: Double = 60, userInterfaceStyle: UIUserInterfaceStyle = .light) throws {
        let engine = CAEngine()
        let window = engine.perform {
            UIScreen.main.userInterfaceStyle = userInterfaceStyle
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.addSubview(view)
            return window
        }
        try self.init(.window(window, root: nil), viewController: nil, engine: engine, size: size, scale: scale, fps: fps)
    }

    private init(_ content: TesterStage.Content, viewController: UIViewController?, engine: CAEngine,
                 size: CGSize, scale: Double, fps: Double) throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw Failure(description: "fps must be in (0, 1000], got \(fps)") }
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        guard scale.isFinite, scale > 0, w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 8192, h <= 8192 else {
            throw Failure(description: "a \(size.width)x\(size.height) point frame at scale \(scale) is not 1…8192 pixels a side")
        }
        self.engine = engine
        self.viewController = viewController
        stage = TesterStage(content, size: size, engine: engine)
        source = ManualSource(fps: fps)
        guard let driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: Int(w),
                                       pixelHeight: Int(h), scale: scale) else {
            throw Failure(description: "cannot make a \(Int(w))x\(Int(h)) frame")
        }
        driver.stepDuration = 1 / fps
        self.driver = driver
        MainQueue.lend(to: engine) { try? driver.runFrame() } // no sinks: nothing can throw
    }

    /// Makes frames up to the one nearest `t` seconds (frame `(t × fps).rounded()`), delivering the
    /// input due by each frame; only the last frame is drawn. A time at or before the current
    /// frame makes no frame.
    public func advance(to t: Double) {
        guard t.isFinite else { return }
        let target = Int((min(t, 86_400) * fps).rounded())
        MainQueue.lend(to: engine) {
            while source.frame < target {
                source.advance()
                driver.enqueue(input.events(dueAt: source.seconds, resolve: { [stage] name in
                    InputScript.centre(ofTarget: name, in: stage.rootLayer)
                }, report: { [engine] in engine.report($0) }))
                try? driver.runFrame(drawing: source.frame == target)
            }
        }
    }

    /// The screen's appearance (`UIScreen.main.userInterfaceStyle` of the tester's engine): setting
    /// it re-resolves the scene's dynamic colours and calls `traitCollectionDidChange(_:)` at once;
    /// the next frame shows it.
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { perform { UIScreen.main.userInterfaceStyle } }
        set { perform { UIScreen.main.userInterfaceStyle = newValue } }
    }

    /// Makes `seconds` more of frames (`advance(to: time + seconds)`).
    public func advance(by seconds: Double) { advance(to: time + seconds) }

    /// Makes `count` more frames.
    public func advance(frames count: Int) { advance(to: Double(frame + max(0, count)) / fps) }

    /// Runs `body` with the tester's engine bound (and the main queue lent to it), for code the
    /// test calls on the scene between frames: what it animates begins at the next frame.
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        try MainQueue.lend(to: engine) { try engine.perform(body) }
    }
}

// MARK: - Reading the tree

extension SceneTester {
    /// The first layer named `name` (`CALayer.name`) in the drawn tree, depth first, masks included:
    /// the model layer, holding the values the code set.
    public func layer(named name: String) -> CALayer? {
        var stack = [rootLayer]
        while let layer = stack.popLast() {
            if layer.name == name { return layer }
            if let mask = layer.mask { stack.append(mask) }
            stack += (layer.sublayers ?? []).reversed()
        }
        return nil
    }

    /// The presentation of the layer named `name` at the last frame: the values on screen,
    /// animations applied (`CALayer.presentation()`).
    public func presentationLayer(named name: String) -> CALayer? { layer(named: name)?.presentation() }

    /// The presentation values of the layer named `name` as `render --trace` writes them
    /// (position, bounds, opacity, transform, …; only the keys the layer has set).
    public func traceValues(ofLayerNamed name: String) -> [String: TraceValue] {
        Dictionary(LayerTrace.values(of: rootLayer).first { $0.0 == name }?.1 ?? [], uniquingKeysWith: { a, _ in a })
    }

    /// The colour of the last drawn frame at pixel (`x`, `y`), 0…255 straight (not premultiplied)
    /// alpha, as a PNG of the frame stores it; nil outside the frame.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)? {
        let b = bitmap
        guard x >= 0, y >= 0, x < b.width, y < b.height else { return nil }
        let p = b[x, y], a = Pixel.a(p)
        func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (straight(Pixel.r(p)), straight(Pixel.g(p)), straight(Pixel.b(p)), UInt8(a))
    }

    /// The last drawn frame as PNG file bytes (what `render` writes for the same frame).
    public func pngData() throws -> Data { Data(try PNG.encode(bitmap)) }
}
