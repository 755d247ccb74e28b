// hello — the smallest Flipbook scene.
//
// Demonstrates: a layer tree (a rounded, shadowed card with a text layer inside), and one
// CABasicAnimation on "position.x" with the ease-in-ease-out curve, autoreversing and repeating
// forever. Nothing here counts frames: the engine evaluates the animation at each frame's media
// time, so the window, slow motion and a headless render all show the same motion.
// Interaction: a tap (or A) pauses and resumes the glide without a jump, by the layer's own time
// (speed 0 and timeOffset, Apple's technique).
import Flipbook

final class HelloScene: Scene {
    static let name = "hello"
    static let summary = "A labelled rounded rectangle gliding with ease-in-ease-out, autoreversing forever"
    static let menuSection: SceneSection = .toolsAndDemos

    let rootLayer = CALayer()
    private let card = CALayer()
    private let label = CATextLayer()
    private let caption = CATextLayer()
    private var size = CGSize.zero
    private let cardSize = CGSize(width: 260, height: 120)

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x1C1C2E)

        card.name = "card"
        card.bounds = CGRect(origin: .zero, size: cardSize)
        card.backgroundColor = CGColor(hex: 0xFF9F0A)
        card.cornerRadius = 28
        card.shadowOpacity = 0.35
        card.shadowRadius = 12
        card.shadowOffset = CGSize(width: 0, height: 8)
        rootLayer.addSublayer(card)

        label.string = "Hello, Flipbook"
        label.fontSize = 28
        label.foregroundColor = CGColor(hex: 0x1C1C2E)
        label.alignmentMode = .center
        label.frame = CGRect(x: 0, y: (cardSize.height - 36) / 2, width: cardSize.width, height: 36)
        card.addSublayer(label)

        caption.string = "position.x · easeInEaseOut · autoreverses · repeats forever — tap to pause"
        caption.fontSize = 15
        caption.foregroundColor = CGColor(gray: 0.75, alpha: 1)
        caption.alignmentMode = .center
        caption.isWrapped = true
        rootLayer.addSublayer(caption)

        resize(to: size)
    }

    func resize(to size: CGSize) {
        self.size = size
        CATransaction.performWithoutAnimation {
            card.position = CGPoint(x: size.width / 2, y: size.height / 2)
            caption.frame = CGRect(x: 16, y: size.height - 56, width: size.width - 32, height: 44)
        }
        startGlide()
    }

    /// Glides from one side to the other in 2 s, then back, forever.
    private func startGlide() {
        let margin = cardSize.width / 2 + 40
        let glide = CABasicAnimation(keyPath: "position.x")
        glide.fromValue = margin
        glide.toValue = max(margin, size.width - margin)
        glide.duration = 2
        glide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        glide.autoreverses = true
        glide.repeatCount = .infinity
        card.add(glide, forKey: "glide")
    }

    func handle(_ event: InputEvent, at time: Double) {
        guard case .pointerUp = event else { return }
        // Pause or resume the card's own timeline (Apple's QA1673), with no jump either way.
        if card.speed == 0 {
            let paused = card.timeOffset
            card.speed = 1
            card.timeOffset = 0
            card.beginTime = 0
            card.beginTime = card.convertTime(CACurrentMediaTime(), from: nil) - paused
        } else {
            card.timeOffset = card.convertTime(CACurrentMediaTime(), from: nil)
            card.speed = 0
        }
    }
}
