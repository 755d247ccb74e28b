// countdown — seed 000, "Beautifying your iOS app with Core Animation".
//
// Demonstrates: a full-screen diagonal CAGradientLayer cycling through three colour pairs, each 3 s
// `colors` animation chained from animationDidStop; a countdown ring (CAShapeLayers with round caps,
// 12 o'clock clockwise) whose foreground and pulse are gradients seen through shape-layer masks; the
// pulse as a CAAnimationGroup (transform.scale 1→1.2, opacity 0.7→0, easeInEaseOut, 1 s, forever)
// removed when the countdown ends; a label updated by a 0.1 s timer on the media clock.
// Interaction: a tap (or A on a controller) restarts the 10 s countdown with the pulse.
import Flipbook

final class CountdownScene: Scene, CAAnimationDelegate {
    static let name = "countdown"
    static let summary = "Seed 000: cycling gradient background, countdown ring through gradient masks, pulse group"
    static let menuSection: SceneSection = .fromTheArticles

    let rootLayer = CALayer()
    private let background = CAGradientLayer()
    private let bar = CountdownProgressBar()
    private let caption = CATextLayer()
    private let gradientSet: [[CGColor]] = {
        let one = CGColor(red: 0.239, green: 0.675, blue: 0.969, alpha: 1)
        let two = CGColor(red: 0.808, green: 0.027, blue: 0.333, alpha: 1)
        let three = CGColor(red: 0.961, green: 0.706, blue: 0.2, alpha: 1)
        return [[one, two], [two, three], [three, one]]
    }()
    private var currentGradient = 0

    init() {}

    func setUp(size: CGSize, time: Double) {
        background.name = "background"
        background.colors = gradientSet[currentGradient]
        background.startPoint = CGPoint(x: 0, y: 0)
        background.endPoint = CGPoint(x: 1, y: 1)
        rootLayer.insertSublayer(background, at: 0)
        rootLayer.addSublayer(bar.layer)
        caption.string = "tap to restart the countdown"
        caption.fontSize = 15
        caption.foregroundColor = CGColor(gray: 1, alpha: 0.85)
        caption.alignmentMode = .center
        rootLayer.addSublayer(caption)
        resize(to: size)
        animateGradient()
        bar.startCountdown(duration: 10, showPulse: true)
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            background.frame = CGRect(origin: .zero, size: size)
            caption.frame = CGRect(x: 0, y: size.height - 40, width: size.width, height: 24)
        }
        bar.layout(center: CGPoint(x: size.width / 2, y: size.height / 2), side: min(300, min(size.width, size.height) - 60))
    }

    /// Animates to the next colour pair over 3 s; animationDidStop chains the one after.
    private func animateGradient() {
        currentGradient = (currentGradient + 1) % gradientSet.count
        let change = CABasicAnimation(keyPath: "colors")
        change.duration = 3
        change.toValue = gradientSet[currentGradient]
        change.fillMode = .forwards
        change.isRemovedOnCompletion = false
        change.delegate = self
        background.add(change, forKey: "gradientChangeAnimation")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        CATransaction.performWithoutAnimation { background.colors = gradientSet[currentGradient] }
        animateGradient()
    }

    func handle(_ event: InputEvent, at time: Double) {
        if case .pointerUp = event { bar.startCountdown(duration: 10, showPulse: true) }
    }
}
