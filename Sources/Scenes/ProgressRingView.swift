// The circular progress view of seed 003: a gray track under a blue progress stroke of width 38,
// ordered by zPosition, the path an oval in the bounds from −90° to 270°. Its `progress` property
// animates inside UIView.animate: the view's action(for:forKey:) borrows the block's timing from
// the animation UIKit makes for "backgroundColor" and copies it onto a strokeEnd animation.
import Flipbook

final class ProgressRingView: UIView {
    static let lineWidth: CGFloat = 38
    let track = CAShapeLayer()
    let bar = CAShapeLayer()

    /// 0…1. Setting it inside an animation block animates the ring with the block's timing.
    var progress: CGFloat = 0 {
        didSet { layer.setValue(progress, forKey: "progress") }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        for (shape, color, z) in [(track, UIColor.gray, CGFloat(-2)), (bar, UIColor.systemBlue, -1)] {
            shape.fillColor = nil
            shape.strokeColor = color.cgColor
            shape.lineWidth = Self.lineWidth
            shape.zPosition = z
            layer.addSublayer(shape)
        }
        bar.name = "progress"
        bar.strokeEnd = 0
        layer.setValue(progress, forKey: "progress")
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let inset = bounds.insetBy(dx: Self.lineWidth / 2, dy: Self.lineWidth / 2)
        let oval = UIBezierPath(arcCenter: CGPoint(x: inset.midX, y: inset.midY), radius: inset.width / 2,
                                startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true)
        UIView.performWithoutAnimation {
            for shape in [track, bar] {
                shape.frame = bounds
                shape.path = oval.cgPath
            }
        }
    }

    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(for: layer, forKey: event) }
        let from = bar.presentation()?.strokeEnd ?? bar.strokeEnd
        UIView.performWithoutAnimation { bar.strokeEnd = progress }
        // Inside a block UIKit answers with the block's animation; outside it answers NSNull.
        if let template = super.action(for: layer, forKey: "backgroundColor") as? CABasicAnimation {
            let fill = CABasicAnimation(keyPath: "strokeEnd")
            fill.beginTime = template.beginTime
            fill.duration = template.duration
            fill.timingFunction = template.timingFunction
            fill.fillMode = template.fillMode
            fill.fromValue = from
            fill.toValue = progress
            bar.add(fill, forKey: "changeProgress")
        }
        return NSNull()
    }
}
