import Compositor
import Flipbook
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
                let renderer = LayerRenderer()
                let bitmap = Bitmap(width: 1920, height: 1080)!
                var out: [Double] = []
                for f in 0..<(frames + 5) {
                    CATransaction.performWithoutAnimation { discs[f % discs.count].position.x += 1 }
                    engine.beginFrame(at: Double(f) / 60)
                    engine.layout(root: root)
                    engine.commit()
                    engine.animate(root: root)
                    let t0 = now()
                    renderer.render(root, into: bitmap, scale: 1)
                    if f >= 5 { out.append(now() - t0) }      // warm-up frames dropped
                }
                return out
            }
            report(blurred ? "blur full-screen 1920x1080 (light)" : "  the same frame without the blur", times)
        }
    }
}
