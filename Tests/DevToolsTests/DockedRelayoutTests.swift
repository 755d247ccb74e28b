import FrameLoop
import Flipbook
@testable import DevTools
@testable import Scenes
import TestSupport
import Testing

/// Every built-in scene lays itself out again when a docked tool narrows its area, as on a window
/// resize: opening the inspector at 1280×720 gives a scene the layout it has when it starts at
/// 880×720 (the window less the 400-point panel). A scene that kept a size it had cached would keep
/// its 1280-point frames.
@Suite(.isolatedEngine) struct DockedRelayoutTests {
    /// Each shown layer's model frame, in the tree's drawing order, rounded to tenths of a point
    /// (hidden and transparent ones are left out: a scroll view's faded indicator keeps whatever
    /// length it last had).
    static func layerFrames(_ root: CALayer) -> [String] {
        InspectorOverlay.flatten(root).filter { !$0.layer.isHidden && $0.layer.opacity > 0 }.map { (layer, depth) in
            let f = layer.frame
            func r(_ v: CGFloat) -> Double { (Double(v) * 10).rounded() / 10 }
            return "\(depth) \(type(of: layer)) \(r(f.minX)),\(r(f.minY)) \(r(f.width))×\(r(f.height))"
        }
    }

    /// A scene's tree after `frames` frames at 60 fps in a `width`-point-wide window, the inspector
    /// opened after frame `openAt` when given.
    static func tree(of scene: Scene.Type, width: Int, openAt: Int?, frames: Int) throws -> [String] {
        let engine = CAEngine()
        let playground = Playground(registry: SceneRegistry.all, initial: scene, engine: engine)
        let driver = try #require(FrameDriver(stage: playground, clock: MediaClock(source: ManualSource(fps: 60)),
                                              pixelWidth: width, pixelHeight: 720, scale: 1, threads: 1))
        let (_, inspector) = driver.installTools(hudOpen: false, inspectorOpen: false, showsHandle: false)
        for n in 0...frames {
            if n == openAt.map({ $0 + 1 }) { inspector.toggle() }
            try driver.runFrame(at: Double(n) / 60, drawing: false)
        }
        if openAt != nil { #expect(driver.stageSizeInPoints.width == 880) }
        return engine.perform { layerFrames(playground.rootLayer) }
    }

    /// The cities card expanded to fill the scene stays expanded over the narrower scene when the
    /// inspector opens, and over the whole width again when it closes (the collection view lays
    /// its cells out again for each size, which collapsed the card's frame but not its state).
    @Test func anExpandedCitiesCardFollowsTheDockedWidth() throws {
        let engine = CAEngine()
        let cities = try Playground.sceneType(named: "cities", in: SceneRegistry.all)
        let playground = Playground(registry: SceneRegistry.all, initial: cities, engine: engine)
        let driver = try #require(FrameDriver(stage: playground, clock: MediaClock(source: ManualSource(fps: 60)),
                                              pixelWidth: 1280, pixelHeight: 720, scale: 1, threads: 1))
        let (_, inspector) = driver.installTools(hudOpen: false, inspectorOpen: false, showsHandle: false)
        func expanded() -> [CGRect] {
            engine.perform {
                InspectorOverlay.flatten(playground.rootLayer).compactMap { ($0.layer.delegate as? CityCell).flatMap { $0.state == .expanded ? $0.frame : nil } }
            }
        }
        for n in 0...100 {
            if n == 5 { driver.enqueue([.pointerDown(CGPoint(x: 640, y: 360)), .pointerUp(CGPoint(x: 640, y: 360))]) }
            if n == 40 {
                #expect(expanded().map(\.size) == [CGSize(width: 1280, height: 720)])
                inspector.toggle()
            }
            if n == 70 {
                #expect(expanded().map(\.size) == [CGSize(width: 880, height: 720)])
                inspector.toggle()
            }
            try driver.runFrame(at: Double(n) / 60, drawing: false)
        }
        #expect(expanded().map(\.size) == [CGSize(width: 1280, height: 720)])
    }

    @Test(arguments: SceneRegistry.all.map { $0.name })
    func aSceneNarrowedByTheInspectorLaysOutAsAtTheNarrowerSize(_ name: String) throws {
        let scene = try Playground.sceneType(named: name, in: SceneRegistry.all)
        let docked = try Self.tree(of: scene, width: 1280, openAt: 10, frames: 20)
        let narrow = try Self.tree(of: scene, width: 880, openAt: nil, frames: 20)
        #expect(docked.first == "0 CALayer 0.0,0.0 880.0×720.0" || docked.first?.hasSuffix(" 0.0,0.0 880.0×720.0") == true, "\(docked.first ?? "")")
        let differing = zip(docked, narrow).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(docked.count == narrow.count && differing.isEmpty,
                "\(name): \(docked.count) vs \(narrow.count) layers; first differing: \(differing.first.map { "\($0.element.0) vs \($0.element.1)" } ?? "none")")
    }
}
