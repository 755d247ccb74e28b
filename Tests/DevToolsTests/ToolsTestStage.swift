import FrameLoop
import Flipbook
@testable import DevTools
import Raster

/// A known scene for the tools' tests: a dark root, a card turned 30° that glides right and back
/// (position.x 120 → 300 over 2 s, autoreversing, twice, fill both) while fading, with a badge
/// inside it. Straight edges only, so its pixels do not depend on curve flattening. It records
/// the input it receives, to show what the tools keep from it, and the sizes it is given (its root
/// follows them, as a scene's does).
final class ToolsTestStage: Stage {
    let engine: CAEngine
    let rootLayer = CALayer()
    let card = CALayer()
    let badge = CALayer()
    var received: [InputEvent] = []
    /// Every size `resize(to:scale:)` gave, in order.
    var sizes: [CGSize] = []

    init(engine: CAEngine = .current) {
        self.engine = engine
        engine.perform {
            CATransaction.performWithoutAnimation {
                rootLayer.name = "root"
                rootLayer.frame = CGRect(x: 0, y: 0, width: 640, height: 400)
                rootLayer.backgroundColor = CGColor(red: 0.16, green: 0.18, blue: 0.24, alpha: 1)
                card.name = "card"
                card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
                card.position = CGPoint(x: 120, y: 250)
                card.backgroundColor = CGColor(red: 0.95, green: 0.55, blue: 0.25, alpha: 1)
                card.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
                badge.name = "badge"
                badge.frame = CGRect(x: 80, y: 10, width: 30, height: 20)
                badge.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
                card.addSublayer(badge)
                rootLayer.addSublayer(card)
            }
            let glide = CABasicAnimation(keyPath: "position.x")
            glide.fromValue = 120.0
            glide.toValue = 300.0
            glide.duration = 2
            glide.repeatCount = 2
            glide.autoreverses = true
            glide.fillMode = .both
            card.add(glide, forKey: "glide")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.6
            fade.duration = 1.5
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            card.add(fade, forKey: "fade")
        }
    }
    func resize(to size: CGSize, scale: Double) {
        sizes.append(size)
        CATransaction.performWithoutAnimation { rootLayer.frame = CGRect(origin: .zero, size: size) }
    }
    func beginFrame(at time: Double) {}
    func handle(_ event: InputEvent, at time: Double) { received.append(event) }
    func takeRequests() -> [HostRequest] { [] }
}

/// A driver over `ToolsTestStage` at 60 fps with the tools installed.
struct ToolsRig {
    let stage: ToolsTestStage
    let driver: FrameDriver
    let source: ManualSource
    let hud: HUDOverlay
    let inspector: InspectorOverlay

    init(hud hudOpen: Bool = false, inspector inspectorOpen: Bool = false, width: Int = 640, height: Int = 400) {
        stage = ToolsTestStage()
        source = ManualSource(fps: 60)
        driver = FrameDriver(stage: stage, clock: MediaClock(source: source), pixelWidth: width, pixelHeight: height, scale: 1)!
        driver.stepDuration = 1.0 / 60
        (hud, inspector) = driver.installTools(hudOpen: hudOpen, inspectorOpen: inspectorOpen, showsHandle: true)
    }

    /// Runs frames up to frame `n` (n / 60 s), drawing only the last.
    func run(toFrame n: Int) throws {
        while driver.framesProduced <= n {
            if driver.framesProduced > 0 { source.advance() }
            try driver.runFrame(drawing: driver.framesProduced == n)
        }
    }

    /// A phase timer that reads as if each phase took a fixed, varying share of a frame: the HUD's
    /// graph then has the same bars on every run.
    static func scriptedPhaseTimer() -> () -> Double {
        var now = 0.0, calls = 0
        return {
            calls += 1
            now += 0.0001 * Double(1 + (calls * 7) % 23) + (calls % 16 == 13 ? 0.004 : 0)
            return now
        }
    }
}
