import TestSupport
import Foundation
import Testing
@testable import Layers
import Raster

@Suite(.isolatedEngine) struct CAShapeLayerTests {
    func circle(radius: CGFloat = 50) -> CGPath {
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2))
        return p
    }

    func frame(_ t: Double, _ root: CALayer) { TreeFrames.frame(root, at: t) }

    @Test func defaultsAreApples() {
        let s = CAShapeLayer()
        #expect(s.path == nil && s.fillColor == .black && s.strokeColor == nil && s.fillRule == .nonZero)
        #expect(s.lineWidth == 1 && s.lineCap == .butt && s.lineJoin == .miter && s.miterLimit == 10)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1 && s.lineDashPattern == nil && s.lineDashPhase == 0)
        #expect(!s.drawsContent)
    }

    @Test func aStandaloneLayerAnimatesStrokeEndImplicitly() {
        let s = CAShapeLayer()
        s.path = circle()
        s.strokeColor = .black
        frame(0, s)
        s.strokeEnd = 0.5                       // implicit action: 0.25 s, default timing
        frame(1, s)
        frame(1.125, s)
        let mid = Double(s.presentedShape.strokeEnd)
        #expect(mid > 0.5 && mid < 1)
        #expect(isNear(mid, 1 - 0.5 * CAMediaTimingFunction(name: .default).value(at: 0.5), 1e-9))
        frame(1.25, s)
        #expect(s.presentedShape.strokeEnd == 0.5 && s.strokeEnd == 0.5)
    }

    @Test func presentedValuesRoundTripThroughAnimationKeys() {
        let s = CAShapeLayer()
        s.setPresentedValue(.number(0.25), for: AnimationKeyPath("strokeStart"))
        s.setPresentedValue(.number(7), for: AnimationKeyPath("lineWidth"))
        s.setPresentedValue(AnimationValue(CGColor(gray: 0.5, alpha: 1))!, for: AnimationKeyPath("strokeColor"))
        #expect(s.presentedValue(for: AnimationKeyPath("strokeStart")) == .number(0.25))
        #expect(s.presentedShape.lineWidth == 7 && s.presentedShape.strokeColor == CGColor(gray: 0.5, alpha: 1))
        #expect(s.lineWidth == 1)               // the model is untouched
    }

    @Test func theContentExtentReachesPastTheStroke() {
        let s = CAShapeLayer()
        s.path = circle()
        s.presentContent()
        #expect(s.presentedContentExtent() == CGRect(x: -1, y: -1, width: 102, height: 102)) // fill only: 1 px of antialiasing
        s.strokeColor = .black
        s.lineWidth = 10
        s.lineJoin = .round
        s.presentContent()
        #expect(s.presentedContentExtent() == CGRect(x: -6, y: -6, width: 112, height: 112)) // w/2 + 1
        // A circle has no corner to miter: the same extent (before, miterLimit·w/2 + 1 = 51
        // made a turning spinner's cache and damage nearly twice as wide as the ring).
        s.lineJoin = .miter
        s.presentContent()
        #expect(abs(s.presentedContentExtent().minX + 6) < 1e-9 && abs(s.presentedContentExtent().width - 112) < 1e-9)
        s.lineCap = .square                     // square caps reach w/√2 past the ends
        s.strokeEnd = 0.5
        s.presentContent()
        #expect(abs(s.presentedContentExtent().minX + 1 + 5 * 2.0.squareRoot()) < 1e-9)
        // A square's corners are mitered: w/2 · √2 past its sides.
        s.path = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        s.lineCap = .butt
        s.presentContent()
        #expect(abs(s.presentedContentExtent().minX + 1 + 5 * 2.0.squareRoot()) < 1e-9)
        s.lineJoin = .bevel
        s.presentContent()
        #expect(s.presentedContentExtent() == CGRect(x: -6, y: -6, width: 112, height: 112))
        s.lineJoin = .miter                     // a NaN limit bevels
        s.miterLimit = .nan
        s.presentContent()
        #expect(s.presentedContentExtent() == CGRect(x: -6, y: -6, width: 112, height: 112))
        #expect(s.presentedContentExtent() == CGRect(x: -6, y: -6, width: 112, height: 112)) // and again, from the memo
    }

    /// The stroke op the layer records for its presented values, if any.
    func recordedStroke(_ s: CAShapeLayer) -> (Raster.Path, StrokeStyle, (start: Double, end: Double)?)? {
        let context = LayerDrawingContext(scale: 1)
        s.drawPresentedContent(in: context)
        for op in context.list.ops { if case let .stroke(path, _, style, trim, _, _) = op { return (path, style, trim) } }
        return nil
    }

    @Test func trimmingFollowsArcLengthOverTheWholePath() {
        let s = CAShapeLayer()
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 300))   // 400 long: the first quarter is the first segment
        s.path = line
        s.fillColor = nil
        s.strokeColor = .black
        s.lineWidth = 2
        s.strokeEnd = 0.25
        s.presentContent()
        guard let (path, style, trim) = recordedStroke(s), let trim else { Issue.record("no trimmed stroke recorded"); return }
        #expect(trim.start == 0 && trim.end == 0.25 && style.width == 2)
        let box = path.strokeOutline(trimmedFrom: trim.start, to: trim.end, style: style, transform: .identity).bounds
        #expect(isNear(box.maxX, 100, 1e-6) && isNear(box.maxY, 1, 1e-6) && isNear(box.minY, -1, 1e-6))
        s.strokeStart = 0.6
        s.strokeEnd = 0.4                       // start past end: nothing is stroked
        s.presentContent()
        #expect(recordedStroke(s) == nil)
    }
}
