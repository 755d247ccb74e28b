// The drawing scene's views: blend-mode swatches and a panel of clips, gradients, shadow and text,
// each drawn in draw(_:) with Core Graphics calls.
import Flipbook

/// Paths the drawing scene's views share.
enum DrawingPaths {
    /// A five-pointed star about `centre` (points up), outer radius `radius`, inner 0.4 of it.
    static func star(centre: CGPoint, radius: CGFloat) -> CGPath {
        let path = CGMutablePath()
        for i in 0..<10 {
            let r = i % 2 == 0 ? radius : radius * 0.4
            let a = -CGFloat.pi / 2 + CGFloat(i) * .pi / 5
            let p = CGPoint(x: centre.x + r * cos(a), y: centre.y + r * sin(a))
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }
}

/// One swatch per blend mode: a red-to-blue gradient, then a circle in the mode over it.
final class BlendSwatchesView: UIView {
    static let modes: [(CGBlendMode, String)] = [
        (.normal, "normal"), (.multiply, "multiply"), (.screen, "screen"), (.overlay, "overlay"), (.darken, "darken"),
        (.lighten, "lighten"), (.clear, "clear"), (.copy, "copy"), (.sourceIn, "sourceIn"), (.sourceOut, "sourceOut"),
        (.sourceAtop, "sourceAtop"), (.destinationOut, "destOut"), (.xor, "xor"), (.plusLighter, "plusLighter"),
    ]
    var hueShift: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// How much larger than at 1280 × 720 the swatches are drawn: everything, labels included,
    /// is drawn in a view `scale` times smaller, enlarged. Default: 1.
    var scale: CGFloat = 1 { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext(), scale > 0 else { return }
        ctx.scaleBy(x: scale, y: scale)
        let columns = 7, cell = bounds.width / scale / CGFloat(columns)
        let size = min(cell - 8, bounds.height / scale / 2 - 22)
        let label: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 11), .foregroundColor: UIColor.darkGray]
        let back = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                              colors: [UIColor(red: 0.95, green: 0.3, blue: 0.3, alpha: 1).cgColor, UIColor(red: 0.2, green: 0.4, blue: 0.95, alpha: 0.6).cgColor],
                              locations: [0, 1])
        let circle = UIColor(hue: hueShift, saturation: 0.8, brightness: 0.95, alpha: 0.8).cgColor
        for (i, (mode, name)) in Self.modes.enumerated() {
            let x = CGFloat(i % columns) * cell + (cell - size) / 2, y = CGFloat(i / columns) * (size + 22)
            let square = CGRect(x: x, y: y, width: size, height: size)
            // Each swatch is its own transparency layer's worth: clipped to its square.
            ctx.saveGState()
            ctx.clip(to: square)
            if let back {
                ctx.drawLinearGradient(back, start: CGPoint(x: square.minX, y: square.minY), end: CGPoint(x: square.maxX, y: square.maxY), options: [])
            }
            ctx.setBlendMode(mode)
            ctx.setFillColor(circle)
            ctx.fillEllipse(in: square.insetBy(dx: size * 0.18, dy: size * 0.18).offsetBy(dx: size * 0.12, dy: size * 0.08))
            ctx.restoreGState()
            let w = name.size(withAttributes: label).width
            name.draw(at: CGPoint(x: x + (size - w) / 2, y: y + size + 3), withAttributes: label)
        }
    }
}

/// A star clip over a radial gradient, a shadowed card, and attributed text.
final class EffectsView: UIView {
    var hueShift: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// How much larger than at 1280 × 720 the panel is drawn (its drawing is scaled). Default: 1.
    var scale: CGFloat = 1 { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.scaleBy(x: scale, y: scale)
        // A star with a hole (even-odd), filled by a radial gradient through the clip.
        let centre = CGPoint(x: 80, y: 80)
        ctx.saveGState()
        ctx.addPath(DrawingPaths.star(centre: centre, radius: 72))
        ctx.addEllipse(in: CGRect(x: centre.x - 14, y: centre.y - 14, width: 28, height: 28))
        ctx.clip(using: .evenOdd)
        let a = UIColor(hue: hueShift, saturation: 0.9, brightness: 1, alpha: 1).cgColor
        let b = UIColor(hue: (hueShift + 0.5).truncatingRemainder(dividingBy: 1), saturation: 0.9, brightness: 0.6, alpha: 1).cgColor
        if let g = CGGradient(colorsSpace: nil, colors: [a, b], locations: [0, 1]) {
            ctx.drawRadialGradient(g, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: 72,
                                   options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        ctx.restoreGState()
        // A card with a soft shadow, rotated a little about its centre.
        ctx.saveGState()
        ctx.translateBy(x: 250, y: 60)
        ctx.rotate(by: -0.08)
        ctx.setShadow(offset: CGSize(width: 0, height: 6), blur: 10, color: UIColor(white: 0, alpha: 0.4).cgColor)
        ctx.setFillColor(UIColor.white.cgColor)
        ctx.addPath(CGPath(roundedRect: CGRect(x: -80, y: -40, width: 160, height: 80), cornerWidth: 14, cornerHeight: 14, transform: nil))
        ctx.fillPath()
        ctx.restoreGState()
        // Two colours, kerning and a centred paragraph with line spacing.
        let text = NSMutableAttributedString(string: "Core ", attributes: [.font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor(cgColor: a)])
        text.append(NSAttributedString(string: "Graphics", attributes: [.font: UIFont.systemFont(ofSize: 20), .foregroundColor: UIColor.darkGray, .kern: 1.5]))
        text.append(NSAttributedString(string: "\nin a view's draw(_:)", attributes: [.font: UIFont.systemFont(ofSize: 12), .foregroundColor: UIColor.gray]))
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .center
        paragraph.lineSpacing = 4
        text.addAttribute(.paragraphStyle, value: paragraph, range: NSRange(location: 0, length: text.length))
        text.draw(in: CGRect(x: 170, y: 32, width: 160, height: 60))
    }
}
