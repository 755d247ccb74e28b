import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIColorTests {
    @Test func initializersAndComponents() {
        let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.cgColor == CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8))
        #expect(UIColor(white: 0.5, alpha: 1).cgColor == CGColor(gray: 0.5, alpha: 1))
        #expect(UIColor(displayP3Red: 1, green: 0.5, blue: 0, alpha: 1) == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(c.withAlphaComponent(0.1).cgColor.alpha == 0.1)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(c.getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.2, 0.4, 0.6, 0.8])
        #expect(UIColor(red: .nan, green: 0, blue: 0, alpha: 1).cgColor.red == 0)
    }

    @Test func hueSaturationBrightnessRoundTrips() {
        #expect(UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1) == .red)
        #expect(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1).cgColor.green == 1)
        let c = UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 1)
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        c.getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(isNear(h, 0.6, 1e-9) && isNear(s, 0.5, 1e-9) && isNear(v, 0.8, 1e-9))
    }

    @Test func systemColorsAreIOSLightModeValues() {
        #expect(UIColor.systemBlue.cgColor == CGColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(UIColor.systemRed.cgColor == CGColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1))
        #expect(UIColor.systemGreen.cgColor == CGColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1))
        #expect(UIColor.clear.cgColor.alpha == 0)
        #expect(UIColor.orange.cgColor == CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    }

    @Test func colorLiteralsMakeUIColors() {
        let c = #colorLiteral(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        #expect(type(of: c) == UIColor.self)
        #expect(c == UIColor(red: 1, green: 0.5, blue: 0.25, alpha: 1))
    }

    @Test func setFillAndSetStrokeGoToTheCurrentContext() {
        let ctx = CGContext()
        UIColor.red.setFill()                         // no context: nothing happens
        UIGraphicsPushContext(ctx)
        UIColor.red.setFill()
        UIColor.blue.setStroke()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).fill()
        UIGraphicsPopContext()
        #expect(ctx.drawingOperations == 1)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func fontsMapOntoDejaVuFaces() {
        #expect(UIFont.systemFont(ofSize: 17).face == .regular)
        #expect(UIFont.systemFont(ofSize: 17, weight: .semibold).face == .bold)
        #expect(UIFont.boldSystemFont(ofSize: 12).face == .bold)
        #expect(UIFont.monospacedDigitSystemFont(ofSize: 20, weight: .regular).face == .mono)
        #expect(UIFont.systemFont(ofSize: .nan).pointSize == 17)
    }

    @Test func labelSetsItsTextLayer() {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        l.text = "0.0"
        l.font = .monospacedDigitSystemFont(ofSize: 24, weight: .regular)
        l.textColor = .systemRed
        l.textAlignment = .center
        #expect(l.textLayer.string == "0.0")
        #expect(l.textLayer.font == "DejaVuSansMono" && l.textLayer.fontSize == 24)
        #expect(l.textLayer.foregroundColor == UIColor.systemRed.cgColor)
        #expect(l.textLayer.alignmentMode == .center)
        #expect(!l.isUserInteractionEnabled)
        l.layoutIfNeeded()
        let f = l.textLayer.frame
        #expect(isNear(f.midY, 30, 1) && f.height > 0 && f.height <= 60)   // centred vertically
        l.numberOfLines = 0
        #expect(l.textLayer.isWrapped)
    }
}

@Suite(.isolatedEngine) struct UIBezierPathTests {
    @Test func arcClockwiseIsVisualClockwise() {
        // From 3 o'clock to 6 o'clock: visually clockwise in y-down space is the short quarter below.
        let cw = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let b = cw.cgPath.boundingBoxOfPath
        #expect(isNear(b.minX, 0, 1e-6) && isNear(b.minY, 0, 1e-6) && isNear(b.maxX, 10, 1e-6) && isNear(b.maxY, 10, 1e-6))
        let ccw = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(isNear(ccw.cgPath.boundingBoxOfPath.minY, -10, 1e-6))   // the long way, over the top
        #expect(isNear(cw.currentPoint, CGPoint(x: 0, y: 10), 1e-9))
    }

    @Test func shapesAndTransforms() {
        func same(_ a: CGRect, _ b: CGRect) -> Bool {
            isNear(a.minX, b.minX, 1e-9) && isNear(a.minY, b.minY, 1e-9) && isNear(a.width, b.width, 1e-9) && isNear(a.height, b.height, 1e-9)
        }
        #expect(same(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).bounds, CGRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(same(UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 20)).bounds, CGRect(x: 0, y: 0, width: 10, height: 20)))
        let rr = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 100)  // clamped to 5
        #expect(same(rr.bounds, CGRect(x: 0, y: 0, width: 10, height: 10)))
        let p = UIBezierPath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        p.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 5, y: 12), controlPoint2: CGPoint(x: 2, y: 12))
        p.close()
        p.apply(CGAffineTransform(translationX: 5, y: 5))
        #expect(isNear(p.bounds.minX, 5, 1e-9) && isNear(p.bounds.minY, 5, 1e-9))
        #expect(p.lineWidth == 1 && p.lineCapStyle == .butt && p.lineJoinStyle == .miter)
        #expect(!p.isEmpty)
        p.removeAllPoints()
        #expect(p.isEmpty && p.bounds == .zero)
    }
}

@Suite(.isolatedEngine) struct UILabelLayoutTests {
    /// Layout runs when the window's frame advances (before the commit), so a label's text layer
    /// has its frame in the very first frame drawn.
    @Test func textLayerIsPlacedBeforeTheFirstFrameIsEvaluated() {
        let st = ViewStage()
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        l.text = "Restart"
        st.window.addSubview(l)
        st.frame(0)
        #expect(l.textLayer.presented.bounds.height > 0)
        #expect(isNear(l.textLayer.presented.position.y, 25, 1))
    }
}
