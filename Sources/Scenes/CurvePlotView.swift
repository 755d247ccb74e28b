import Flipbook

/// A small plot of a timing curve, progress (x) against fraction (y, up), with the diagonal faint
/// behind it: the animator scene's curve picker shows each curve it offers.
final class CurvePlotView: UIView {
    private let plot = CAShapeLayer(), diagonal = CAShapeLayer()
    /// The fraction at progress 0…1.
    let curve: (Double) -> Double

    init(frame: CGRect, curve: @escaping (Double) -> Double) {
        self.curve = curve
        super.init(frame: frame)
        isUserInteractionEnabled = false
        for (l, color, width) in [(diagonal, UIColor.systemGray4, 1.0), (plot, UIColor.systemBlue, 1.5)] {
            l.fillColor = nil
            l.strokeColor = color.cgColor
            l.lineWidth = CGFloat(width)
            l.lineCap = .round
            layer.addSublayer(l)
        }
    }
    required init?(coder: NSCoder) { nil }

    /// The timing parameters' curve, for any provider the scene offers.
    convenience init(frame: CGRect, parameters: UITimingCurveProvider) {
        if let c = parameters.cubicTimingParameters {
            let b = CubicBezier(Double(c.controlPoint1.x), Double(c.controlPoint1.y), Double(c.controlPoint2.x), Double(c.controlPoint2.y))
            self.init(frame: frame) { b.value(at: $0) }
        } else {
            let s = SpringSolution(perceptualDuration: 1, bounce: 0.5)
            let settle = s.settlingDuration
            self.init(frame: frame) { s.value(at: $0 * settle) }
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds.insetBy(dx: 2, dy: 4)
        func point(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: b.minX + b.width * x, y: b.maxY - b.height * y) }
        let line = CGMutablePath()
        line.move(to: point(0, 0))
        line.addLine(to: point(1, 1))
        diagonal.path = line
        let path = CGMutablePath()
        path.move(to: point(0, 0))
        for i in 1...32 { let x = Double(i) / 32; path.addLine(to: point(x, curve(x))) }
        plot.path = path
    }
}
