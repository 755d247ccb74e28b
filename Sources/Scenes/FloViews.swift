// Seed 001's Flo views, drawn with Core Graphics in draw(_:): a round push button with a plus or a
// minus, and a counter arc of 8 glasses whose filled part is outlined (outer arc, inner arc back,
// close()).
import Flipbook

/// A filled oval with a white plus (or minus); darker while pressed.
final class FloPushButton: UIButton {
    var isAddButton = true { didSet { setNeedsDisplay() } }
    var fillColor = UIColor(red: 0.34, green: 0.69, blue: 0.33, alpha: 1) { didSet { setNeedsDisplay() } }
    override var isHighlighted: Bool { didSet { setNeedsDisplay() } }
    /// How much larger than its 1280 × 720 size the scene draws the button (its sign's stroke
    /// grows with it). Default: 1.
    var scale: CGFloat = 1 { didSet { setNeedsDisplay() } }

    override func draw(_ rect: CGRect) {
        let oval = UIBezierPath(ovalIn: bounds)
        (isHighlighted ? fillColor.withAlphaComponent(0.7) : fillColor).setFill()
        oval.fill()
        // The sign: 60% of the smaller side, 3 pt wide (times `scale`), centred on half pixels so it stays crisp.
        let length = min(bounds.width, bounds.height) * 0.6, half = length / 2
        let sign = UIBezierPath()
        sign.lineWidth = 3 * scale
        sign.move(to: CGPoint(x: bounds.midX - half + 0.5, y: bounds.midY + 0.5))
        sign.addLine(to: CGPoint(x: bounds.midX + half + 0.5, y: bounds.midY + 0.5))
        if isAddButton {
            sign.move(to: CGPoint(x: bounds.midX + 0.5, y: bounds.midY - half + 0.5))
            sign.addLine(to: CGPoint(x: bounds.midX + 0.5, y: bounds.midY + half + 0.5))
        }
        UIColor.white.setStroke()
        sign.stroke()
    }
}

/// Eight glasses of water as an arc from 3π/4 to π/4 (width 76); the glasses drunk are outlined.
final class FloCounterView: UIView {
    static let glasses = 8
    static let arcWidth: CGFloat = 76
    static let outlineWidth: CGFloat = 5
    var counter = 5 { didSet { counter = max(0, min(Self.glasses, counter)); setNeedsDisplay() } }
    /// How much larger than its 1280 × 720 size the scene draws the counter: the arc's and the
    /// outline's widths grow with it. Default: 1.
    var scale: CGFloat = 1 { didSet { setNeedsDisplay() } }
    var outlineColor = UIColor.blue
    var counterColor = UIColor.orange

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
    }
    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let start: CGFloat = 3 * .pi / 4, end: CGFloat = .pi / 4
        let arcWidth = Self.arcWidth * scale, outlineWidth = Self.outlineWidth * scale
        let track = UIBezierPath(arcCenter: center, radius: max(bounds.width, bounds.height) / 2 - arcWidth / 2,
                                 startAngle: start, endAngle: end, clockwise: true)
        track.lineWidth = arcWidth
        counterColor.setStroke()
        track.stroke()

        // The filled part: the outer arc to the glasses drunk, the inner arc back, closed.
        let perGlass = (2 * .pi - start + end) / CGFloat(Self.glasses)
        let outlineEnd = start + perGlass * CGFloat(counter)
        let half = outlineWidth / 2
        let outline = UIBezierPath(arcCenter: center, radius: bounds.width / 2 - half,
                                   startAngle: start, endAngle: outlineEnd, clockwise: true)
        outline.addArc(withCenter: center, radius: bounds.width / 2 - arcWidth + half,
                       startAngle: outlineEnd, endAngle: start, clockwise: false)
        outline.close()
        outlineColor.setStroke()
        outline.lineWidth = outlineWidth
        outline.stroke()
    }
}
