import Compositor
import Flipbook
import FrameLoop
import Foundation
import Raster

/// A full-screen blur (#34 item 6): a 1080p frame of discs under a `CABackdropLayer` with
/// `UIBlurEffect(style: .light)`'s values (radius 30 points: σ 15 pixels at scale 1, saturation
/// 1.8, white at 30%), composited whole every frame; beside it the same frame without the blur, so
/// the blur's own cost is the difference. A disc moves each frame, so the backdrop is re-drawn.
extension Benchmarks {
    static func blurCases(frames: Int) {
        for blurred in [false, true] {
            let engine = CAEngine()
            let times: [Double] = engine.perform {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
                root.backgroundColor = CGColor(gray: 0.12, alpha: 1)
                var discs: [CALayer] = []
                for i in 0..<24 {
                    let d = CALayer()
                    d.frame = CGRect(x: CGFloat(i % 6) * 320 + 20, y: CGFloat(i / 6) * 270 + 15, width: 240, height: 240)
                    d.cornerRadius = 120
                    d.backgroundColor = CGColor(red: CGFloat(i % 5) / 4, green: CGFloat(i % 3) / 2, blue: CGFloat(i % 7) / 6, alpha: 1)
                    root.addSublayer(d)
                    discs.append(d)
                }
                if blurred {
                    let card = CABackdropLayer()
                    card.frame = root.bounds
                    let style = UIBlurEffect.Style.light.parameters
                    (card.blurRadius, card.tintColor, card.saturation) = (style.radius, style.tint, style.saturation)
                    root.addSublayer(card)
                }
                // Whole frames through the one frame runner; its phase timer gives the render
                // phase's share (damage off: every frame is composited whole).
                guard let driver = FrameDriver(stage: LayerTreeStage(root: root, engine: engine), clock: MediaClock(source: ManualSource(fps: 60)),
                                               pixelWidth: 1920, pixelHeight: 1080, scale: 1, threads: 1) else { return [] }
                driver.compositor.tracksDamage = false
                driver.phaseTimer = now
                var out: [Double] = []
                for f in 0..<(frames + 5) {
                    CATransaction.performWithoutAnimation { discs[f % discs.count].position.x += 1 }
                    try? driver.runFrame(at: Double(f) / 60, drawing: true)   // no sinks: nothing throws
                    if f >= 5 { out.append(driver.lastPhaseSeconds[FramePhase.render.rawValue]) }   // warm-up frames dropped
                }
                return out
            }
            report(blurred ? "blur full-screen 1920x1080 (light)" : "  the same frame without the blur", times)
        }
    }
}
