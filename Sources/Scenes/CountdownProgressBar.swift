// The countdown ring of seed 000: a gray track, a foreground stroke that fills from 12 o'clock
// clockwise over the countdown, and a pulsing ring; foreground and pulse are gradient layers
// masked by their shape layers. A label shows the remaining time, updated by a 0.1 s timer.
import Flipbook

final class CountdownProgressBar: CAAnimationDelegate {
    let layer = CALayer()
    private let track = CAShapeLayer()
    private let foreground = CAShapeLayer()
    private let pulse = CAShapeLayer()
    private let foregroundGradient = CAGradientLayer()
    private let pulseGradient = CAGradientLayer()
    private let label = CATextLayer()
    private var timer: MediaTimer?
    private(set) var remainingTime = 0.0

    init() {
        func ring(_ shape: CAShapeLayer, _ color: CGColor) {
            shape.lineWidth = 10
            shape.strokeColor = color
            shape.lineCap = .round
            shape.fillColor = nil
        }
        ring(track, CGColor(gray: 0.83, alpha: 1))
        ring(foreground, .black)
        ring(pulse, CGColor(gray: 0.83, alpha: 1))
        foreground.strokeEnd = 0
        foreground.name = "foreground"
        pulse.name = "pulse"
        label.name = "label"
        func diagonal(_ g: CAGradientLayer, _ a: CGColor, _ b: CGColor) {
            g.colors = [a, b]
            g.startPoint = CGPoint(x: 0, y: 0)
            g.endPoint = CGPoint(x: 1, y: 1)
        }
        diagonal(foregroundGradient, CGColor(red: 0.808, green: 0.027, blue: 0.333, alpha: 1),
                 CGColor(red: 0.961, green: 0.706, blue: 0.2, alpha: 1))
        diagonal(pulseGradient, CGColor(red: 0.509, green: 0.041, blue: 0.211, alpha: 1),
                 CGColor(red: 0.499, green: 0.368, blue: 0.114, alpha: 1))
        pulseGradient.mask = pulse
        foregroundGradient.mask = foreground
        layer.addSublayer(pulseGradient)
        layer.addSublayer(track)
        layer.addSublayer(foregroundGradient)
        label.fontSize = 32
        label.font = "bold"
        label.foregroundColor = .black
        label.alignmentMode = .center
        layer.addSublayer(label)
    }

    /// Sizes everything to a square of `side` points centred at `center`.
    func layout(center: CGPoint, side: CGFloat) {
        CATransaction.performWithoutAnimation {
            layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
            layer.position = center
            let bounds = layer.bounds
            let path = CGMutablePath()
            // 12 o'clock, a full turn visually clockwise (Core Graphics' flag is for y-up space).
            path.addArc(center: CGPoint(x: side / 2, y: side / 2), radius: side / 2 - 20,
                        startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
            for l in [track, foreground, pulse, foregroundGradient, pulseGradient] as [CALayer] { l.frame = bounds }
            for s in [track, foreground, pulse] { s.path = path }
            label.frame = CGRect(x: 0, y: side / 2 - 22, width: side, height: 44)
        }
    }

    /// Starts a countdown of `duration` seconds, with the pulse when asked, restarting any running one.
    func startCountdown(duration: Double, showPulse: Bool) {
        remainingTime = duration
        label.string = String(format: "%.1f", duration)
        timer?.invalidate()
        timer = MediaTimer(interval: 0.1, repeats: true) { [weak self] t in
            guard let self else { return t.invalidate() }
            remainingTime = max(0, remainingTime - 0.1)
            if remainingTime < 0.05 { remainingTime = 0; t.invalidate() }
            label.string = String(format: "%.1f", remainingTime)
        }
        let fill = CABasicAnimation(keyPath: "strokeEnd")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = duration
        fill.fillMode = .forwards
        fill.isRemovedOnCompletion = false
        fill.delegate = self
        foreground.add(fill, forKey: "foregroundAnimation")
        pulse.removeAllAnimations()
        if showPulse { animatePulse() }
    }

    private func animatePulse() {
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1.0
        grow.toValue = 1.2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.7
        fade.toValue = 0.0
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        group.duration = 1
        group.repeatCount = .infinity
        pulse.add(group, forKey: "pulseAnimation")
    }

    /// The countdown ran out (or was replaced): the pulse stops with it.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        pulse.removeAllAnimations()
    }
}
