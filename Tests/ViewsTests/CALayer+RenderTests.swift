import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// CALayer.render(in:) (Layers/Drawing/CALayer+Render.swift) and text drawing in contexts
/// (Views/Text/TextLayout.swift, NSAttributedString+UIKit.swift).
@Suite(.isolatedEngine) struct CALayerRenderTests {
    static let red = Pixel.pack(r: 255, g: 0, b: 0, a: 255), blue = Pixel.pack(r: 0, g: 0, b: 255, a: 255)

    static func image(_ w: CGFloat, _ h: CGFloat, _ body: (CGContext) -> Void) -> Bitmap {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: w, height: h), false, 1)
        body(UIGraphicsGetCurrentContext()!)
        let b = UIGraphicsGetImageFromCurrentImageContext()!.cgImage!.bitmap
        UIGraphicsEndImageContext()
        return b
    }

    /// A small tree: a red root, a blue sublayer placed by position and anchor point, a scaled
    /// half-transparent green one clipped by the root's masksToBounds, a border.
    @Test func rendersATreeFromItsModelValues() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.position = CGPoint(x: 500, y: 500)          // the root draws in its own space
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.masksToBounds = true
        let a = CALayer()
        a.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.position = CGPoint(x: 10, y: 10)               // covers 5…15
        a.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let b = CALayer()
        b.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        b.anchorPoint = .zero
        b.position = CGPoint(x: 30, y: 30)
        b.transform = CATransform3DMakeScale(2, 2, 1)    // 30…50, cut at 40
        b.opacity = 0.5
        b.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let hidden = CALayer()
        hidden.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        hidden.backgroundColor = CGColor.black
        hidden.isHidden = true
        root.addSublayer(a); root.addSublayer(b); root.addSublayer(hidden)
        root.borderWidth = 2
        root.borderColor = CGColor.white
        let px = Self.image(50, 50) { root.render(in: $0) }
        #expect(px[20, 20] == Self.red)
        #expect(px[10, 10] == Self.blue && px[4, 10] == Self.red)
        let half = px[35, 35]                                                   // ½ green over red: 127.5 each
        #expect(abs(Int(Pixel.r(half)) - 128) <= 1 && abs(Int(Pixel.g(half)) - 128) <= 1 && Pixel.b(half) == 0 && Pixel.a(half) == 255)
        #expect(px[45, 45] == 0, "masksToBounds cuts the scaled layer at 40")
        #expect(px[0, 20] == Pixel.pack(r: 255, g: 255, b: 255, a: 255) && px[2, 20] == Self.red)  // a 2-point border inside
    }

    /// Only the corners `maskedCorners` names are rounded, as on screen: a 40-point square with a
    /// 16-point radius on its top corners keeps its bottom corners square.
    @Test func onlyTheMaskedCornersAreRounded() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.cornerRadius = 16
        root.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        let px = Self.image(40, 40) { root.render(in: $0) }
        #expect(px[1, 1] == 0 && px[38, 1] == 0)                  // rounded away at the top
        #expect(px[0, 39] == Self.red && px[39, 39] == Self.red)  // square at the bottom
        #expect(px[20, 20] == Self.red)
    }

    /// Model values, not what an animation shows: a layer moving away still renders at its model place.
    @Test func animationsInFlightAreNotSeen() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        let a = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(a)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 15, y: 15)
        move.toValue = CGPoint(x: 15, y: 15)
        move.duration = 10
        a.add(move, forKey: "m")
        let px = Self.image(20, 20) { root.render(in: $0) }
        #expect(px[2, 2] == Self.blue && px[17, 17] == 0)
    }

    /// Shape and text layers draw their content; views draw through render(in:) too.
    @Test func contentLayersAndViewsRender() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let px = Self.image(20, 20) { shape.render(in: $0) }
        #expect(px[10, 10] == Self.red && px[2, 2] == 0)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        label.text = "Hi"
        label.textColor = .blue
        label.layoutIfNeeded()
        let text = Self.image(80, 30) { label.layer.render(in: $0) }
        #expect((0..<30).contains { y in (0..<80).contains { Pixel.b(text[$0, y]) > 128 && Pixel.r(text[$0, y]) == 0 } })
    }

    /// String sizes grow with kerning; drawing puts ink where asked in the colour asked.
    @Test func stringsMeasureAndDraw() {
        let font = UIFont.systemFont(ofSize: 20)
        let plain = "Hello".size(withAttributes: [.font: font])
        let kerned = "Hello".size(withAttributes: [.font: font, .kern: 3])
        #expect(plain.width > 20 && plain.height > 15)
        #expect(abs(kerned.width - plain.width - 15) < 3, "five characters, three points each: \(plain) \(kerned)")
        let px = Self.image(100, 40) { _ in
            ("Hello" as NSString).draw(at: CGPoint(x: 50, y: 5), withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        var inked: [Int] = []
        for y in 0..<40 { for x in 0..<100 where Pixel.a(px[x, y]) > 128 { inked.append(x) } }
        #expect(!inked.isEmpty && inked.allSatisfy { $0 >= 50 })
        #expect((0..<40).contains { y in (0..<100).contains { Pixel.r(px[$0, y]) > 200 && Pixel.g(px[$0, y]) < 40 } })
    }

    /// Attributed strings: two colours, centred in a rectangle, wrapped, with line spacing.
    @Test func attributedStringsDrawTheirRuns() {
        let s = NSMutableAttributedString(string: "AAA ", attributes: [.font: UIFont.systemFont(ofSize: 16), .foregroundColor: UIColor.red])
        s.append(NSAttributedString(string: "BBB", attributes: [.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.blue]))
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        centred.lineSpacing = 10
        s.addAttribute(.paragraphStyle, value: centred, range: NSRange(location: 0, length: s.length))
        let one = s.size()
        let px = Self.image(200, 100) { _ in s.draw(in: CGRect(x: 0, y: 0, width: 200, height: 100)) }
        let reds = (0..<100).flatMap { y in (0..<200).filter { Pixel.r(px[$0, y]) > 200 && Pixel.b(px[$0, y]) < 50 } }
        let blues = (0..<100).flatMap { y in (0..<200).filter { Pixel.b(px[$0, y]) > 200 && Pixel.r(px[$0, y]) < 50 } }
        #expect(!reds.isEmpty && !blues.isEmpty && reds.max()! < blues.min()!)
        #expect(abs(CGFloat(reds.min()!) - (200 - one.width) / 2) < 3, "centred: \(reds.min()!) for a line \(one.width) wide")
        // Wrapped into two lines at a narrow width: the second starts a line height plus 10 below.
        let narrow = Self.image(60, 100) { _ in s.draw(in: CGRect(x: 0, y: 0, width: 60, height: 100)) }
        let blueRows = (0..<100).filter { y in (0..<60).contains { Pixel.b(narrow[$0, y]) > 200 && Pixel.r(narrow[$0, y]) < 50 } }
        let redRows = (0..<100).filter { y in (0..<60).contains { Pixel.r(narrow[$0, y]) > 200 && Pixel.b(narrow[$0, y]) < 50 } }
        #expect(!blueRows.isEmpty && !redRows.isEmpty && blueRows.min()! >= redRows.max()! + 10)
    }

    /// UILabel.attributedText draws the runs; setting text goes back to plain text.
    @Test func labelsShowAttributedText() {
        let st = ViewStage(120, 40)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        let s = NSMutableAttributedString(string: "red ", attributes: [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 18)])
        s.append(NSAttributedString(string: "blue", attributes: [.foregroundColor: UIColor.blue, .font: UIFont.systemFont(ofSize: 18)]))
        label.attributedText = s
        st.window.addSubview(label)
        #expect(label.text == "red blue")
        let px = st.render(at: 0)
        #expect((0..<40).contains { y in (0..<120).contains { Pixel.r(px[$0, y]) > 200 && Pixel.b(px[$0, y]) < 60 && Pixel.g(px[$0, y]) < 60 } })
        #expect((0..<40).contains { y in (0..<120).contains { Pixel.b(px[$0, y]) > 200 && Pixel.r(px[$0, y]) < 60 && Pixel.g(px[$0, y]) < 60 } })
        #expect(label.intrinsicContentSize.width > 30)
        label.text = "plain"
        #expect(label.attributedText?.string == "plain" && label.textLayer.string == "plain")
    }
}

extension CALayerRenderTests {
    /// A translucent layer with sublayers is one group: where its two opaque sublayers overlap,
    /// only the upper shows at ½ (0, 0, 128, 128), not blue at ½ over red at ½.
    @Test func translucentLayersAreGroups() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.opacity = 0.5
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 12, height: 10)
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        b.frame = CGRect(x: 6, y: 0, width: 14, height: 10)
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(a); root.addSublayer(b)
        let px = Self.image(20, 10) { root.render(in: $0) }
        let p = px[9, 5]
        #expect(Pixel.r(p) == 0 && abs(Int(Pixel.b(p)) - 128) <= 1 && abs(Int(Pixel.a(p)) - 128) <= 1, "\(Pixel.r(p)) \(Pixel.b(p)) \(Pixel.a(p))")
        #expect(abs(Int(Pixel.r(px[2, 5])) - 128) <= 1 && CAEngine.current.diagnostics.isEmpty)
    }
}
