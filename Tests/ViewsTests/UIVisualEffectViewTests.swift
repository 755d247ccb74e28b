import TestSupport
import Foundation
import Testing
@testable import Views
import Layers
import Raster

/// UIVisualEffectView: its effect's values on the backdrop layer, animated and scrubbed.
@Suite(.isolatedEngine) struct UIVisualEffectViewTests {
    static func backdrop(_ v: UIVisualEffectView) -> CABackdropLayer.Values {
        (v.layer.presentation() as? CABackdropLayer)?.presentedBackdrop ?? CABackdropLayer.Values()
    }

    @Test func theLayerTakesTheStylesValuesAndTheContentViewFills() {
        let v = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        v.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        let b = (v.layer as! CABackdropLayer).backdrop
        #expect(b.blurRadius == 20 && b.saturation == 1.8 && b.tintColor == CGColor(gray: 0.11, alpha: 0.73))
        #expect(v.contentView.superview === v)
        let st = ViewStage()
        st.show(v)
        #expect(v.contentView.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        v.effect = nil
        #expect((v.layer as! CABackdropLayer).backdrop.blurRadius == 0)
        // Every style has a radius and a tint.
        for style in UIBlurEffect.Style.allCases { #expect(style.parameters.radius > 0 && style.parameters.tint.alpha > 0) }
    }

    @Test func effectAnimatesInsideAnAnimationBlock() {
        let st = ViewStage()
        let v = UIVisualEffectView(effect: nil)
        v.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        st.show(v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.effect = UIBlurEffect(style: .light) })
        st.frame(1)
        st.frame(1.25)
        let quarter = Self.backdrop(v)
        #expect(isNear(Double(quarter.blurRadius), 7.5, 1e-9))
        #expect(isNear(Double(quarter.saturation), 1.2, 1e-9))
        #expect(isNear(Double(quarter.tintColor?.alpha ?? 0), 0.075, 1e-6))
        st.frame(2.5)
        #expect(Self.backdrop(v).blurRadius == 30)
    }

    @Test func aPausedPropertyAnimatorScrubsTheBlur() {
        let st = ViewStage()
        let v = UIVisualEffectView(effect: UIBlurEffect(style: .light))
        v.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        st.show(v)
        let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.effect = nil }
        a.pauseAnimation()
        for f in [0.0, 0.25, 0.6, 1.0] {
            a.fractionComplete = f
            st.frame(1 + f)
            #expect(isNear(Double(Self.backdrop(v).blurRadius), 30 * (1 - f), 1e-3), "at \(f)")
        }
        a.fractionComplete = 0.5
        st.frame(3)
        #expect(isNear(Double(Self.backdrop(v).blurRadius), 15, 1e-3))
        #expect(isNear(Double(Self.backdrop(v).tintColor?.alpha ?? 0), 0.15, 1e-4))
    }

    @Test func aBlurredCardShowsTheSceneBehindItBlurred() {
        let st = ViewStage(40, 20)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)), right = UIView(frame: CGRect(x: 20, y: 0, width: 20, height: 20))
        left.backgroundColor = .red
        right.backgroundColor = .blue
        st.window.addSubview(left)
        st.window.addSubview(right)
        let plain = st.render(at: 0)
        let v = UIVisualEffectView(effect: nil)
        v.frame = CGRect(x: 10, y: 0, width: 20, height: 20)
        st.show(v, at: 0)
        #expect(Self.bytes(st.render(at: 0.1)) == Self.bytes(plain))     // no effect: the scene unchanged
        (v.layer as! CABackdropLayer).blurRadius = 6                      // σ = 3 px, no tint
        let blurred = st.render(at: 1)
        // Outside the card: untouched.
        #expect(blurred[5, 10] == plain[5, 10] && blurred[35, 10] == plain[35, 10])
        // Inside: the frame without the card, its edge pixels repeated 30 px outwards, blurred
        // by the same box passes, pixel for pixel.
        let reference = Bitmap(width: 100, height: 80)!
        for y in 0..<20 { (reference.pixels + (y + 30) * reference.stride + 30).update(from: plain.pixels + y * plain.stride, count: 40) }
        reference.extendEdges(from: PixelRect(x0: 30, y0: 30, x1: 70, y1: 50))
        reference.blur(sigma: 3)
        for y in 0..<20 { for x in 10..<30 { #expect(blurred[x, y] == reference[x + 30, y + 30], "(\(x), \(y))") } }
        // And near a true Gaussian of σ 3 across the red-blue edge at x = 20 (the box passes
        // approximate it within a few levels): blue = 255·Φ((x + 0.5 − 20) / 3).
        for x in 14..<26 {
            let blue = 255 * 0.5 * (1 + erf((Double(x) + 0.5 - 20) / (3 * 2.0.squareRoot())))
            #expect(abs(Double((blurred[x, 10] >> 16) & 0xFF) - blue) <= 4, "x \(x)")
        }
    }

    static func bytes(_ b: Bitmap) -> [UInt32] { (0..<b.height).flatMap { Array(b.row($0)) } }
}
