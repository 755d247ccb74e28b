// effects — a blur over a moving scene, and contents animations.
//
// Demonstrates: a UIVisualEffectView card (continuous corners) whose blur a property animator
// fades in over coloured discs drifting behind it — the backdrop is blurred live — with a
// UIVibrancyEffect label in it; a slider scrubs the animator's fractionComplete (nil effect ↔
// .light blur: radius and tint together), a tap on the card plays it forwards or back. Below:
// a sprite sheet played by a discrete keyframe animation of contentsRect, a UIImageView's
// animationImages (a discrete keyframe animation of contents), and a basic animation of contents
// crossfading two pictures.
// Interaction: drag the slider; tap the card.
import Flipbook

final class EffectsScene: UIViewController, Scene {
    static let name = "effects"
    static let summary = "UIVisualEffectView blur and vibrancy scrubbed by a property animator; sprite sheets, image sequences, contents crossfades"
    static let menuSection: SceneSection = .toolsAndDemos
    static let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]

    let card = UIVisualEffectView(effect: nil)
    let slider = UISlider()
    let sprite = CALayer(), crossfade = CALayer()
    let flipbook = UIImageView()
    private var discs: [UIView] = []
    private(set) var animator: UIViewPropertyAnimator!

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        for (i, color) in Self.colors.enumerated() {
            let disc = UIView(frame: CGRect(x: 0, y: 0, width: 90 + CGFloat(i % 3) * 30, height: 90 + CGFloat(i % 3) * 30))
            disc.backgroundColor = color
            disc.layer.cornerRadius = disc.bounds.width / 2
            discs.append(disc)
            view.addSubview(disc)
        }
        card.layer.name = "card"
        card.layer.cornerRadius = 28
        card.layer.cornerCurve = .continuous
        card.layer.masksToBounds = true
        let title = UILabel()
        title.text = "blurred live"
        title.font = .boldSystemFont(ofSize: 26)
        title.textAlignment = .center
        title.textColor = UIColor(white: 0.1, alpha: 1)
        title.frame = CGRect(x: 0, y: 24, width: 320, height: 34)
        card.contentView.addSubview(title)
        let vibrant = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: UIBlurEffect(style: .light)))
        vibrant.frame = CGRect(x: 0, y: 70, width: 320, height: 60)
        let caption = UILabel()
        caption.text = "vibrancy: the backdrop shows through"
        caption.font = .boldSystemFont(ofSize: 17)
        caption.textAlignment = .center
        caption.frame = vibrant.bounds
        vibrant.contentView.addSubview(caption)
        card.contentView.addSubview(vibrant)
        card.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.playOrReverse() })
        view.addSubview(card)
        slider.addAction(for: .valueChanged) { [unowned self] in self.scrub(to: CGFloat(self.slider.value)) }
        view.addSubview(slider)
        setUpContents()
        view.addSubview(flipbook)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        drift()
        animator = UIViewPropertyAnimator(duration: 1.6, curve: .easeInOut) { [unowned self] in
            self.card.effect = UIBlurEffect(style: .light)
        }
        animator.pausesOnCompletion = true
        animator.startAnimation(afterDelay: 0.4)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        card.frame = CGRect(x: b.midX - 160, y: b.height * 0.12, width: 320, height: 150)
        slider.frame = CGRect(x: b.midX - 160, y: card.frame.maxY + 16, width: 320, height: 30)
        let row = b.height * 0.72
        CATransaction.performWithoutAnimation {
            sprite.frame = CGRect(x: b.midX - 250, y: row - 28, width: 100, height: 128)
            crossfade.frame = CGRect(x: b.midX + 150, y: row, width: 100, height: 100)
        }
        flipbook.frame = CGRect(x: b.midX - 50, y: row, width: 100, height: 100)
    }

    /// The discs drift on loops of their own (keyframes through four points), so the backdrop moves.
    private func drift() {
        let b = view.bounds
        for (i, disc) in discs.enumerated() {
            let a = CAKeyframeAnimation(keyPath: "position")
            let phase = CGFloat(i) / CGFloat(discs.count) * 2 * .pi
            a.values = (0...4).map { k -> NSValue in
                let t = phase + CGFloat(k) * .pi / 2
                return NSValue(cgPoint: CGPoint(x: b.midX + cos(t) * 170, y: b.height * 0.12 + 75 + sin(t) * 60))
            }
            a.calculationMode = .cubic
            a.duration = 6 + Double(i % 3)
            a.repeatCount = HUGE
            disc.layer.add(a, forKey: "drift")
        }
    }

    /// A sprite sheet of eight frames (a ball squashing as it lands), a three-picture sequence for
    /// the image view, and two pictures to crossfade: all painted here.
    private func setUpContents() {
        let cell = CGSize(width: 50, height: 64)
        let sheet = UIGraphicsImageRenderer(size: CGSize(width: cell.width * 8, height: cell.height)).image { _ in
            for k in 0..<8 {
                let lift = abs(sin(CGFloat(k) / 8 * .pi)) * 26, squash: CGFloat = k == 0 ? 8 : 0
                UIColor.systemOrange.setFill()
                UIBezierPath(ovalIn: CGRect(x: CGFloat(k) * cell.width + 9 - squash / 2, y: 60 - 32 - lift + squash,
                                            width: 32 + squash, height: 32 - squash)).fill()
            }
        }
        sprite.contents = sheet.cgImage
        sprite.contentsScale = sheet.scale
        sprite.contentsRect = CGRect(x: 0, y: 0, width: 1.0 / 8, height: 1)
        let frames = CAKeyframeAnimation(keyPath: "contentsRect")
        frames.values = (0..<8).map { NSValue(cgRect: CGRect(x: CGFloat($0) / 8, y: 0, width: 1.0 / 8, height: 1)) }
        frames.calculationMode = .discrete
        frames.duration = 0.8
        frames.repeatCount = .greatestFiniteMagnitude
        sprite.add(frames, forKey: "sprite")
        func picture(_ color: UIColor, _ inset: CGFloat) -> UIImage {
            UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100)).image { _ in
                color.setFill()
                UIBezierPath(roundedRect: CGRect(x: inset, y: inset, width: 100 - 2 * inset, height: 100 - 2 * inset), cornerRadius: 18).fill()
            }
        }
        flipbook.animationImages = [picture(.systemGreen, 8), picture(.systemTeal, 16), picture(.systemBlue, 24)]
        flipbook.animationDuration = 0.9
        flipbook.startAnimating()
        let (from, to) = (picture(.systemPink, 6), picture(.systemIndigo, 30))
        crossfade.contents = from.cgImage
        crossfade.contentsScale = from.scale
        let fade = CABasicAnimation(keyPath: "contents")
        fade.fromValue = from.cgImage
        fade.toValue = to.cgImage
        fade.duration = 1.2
        fade.autoreverses = true
        fade.repeatCount = HUGE
        crossfade.add(fade, forKey: "crossfade")
        [sprite, crossfade].forEach(view.layer.addSublayer)
    }

    /// A paused-on-completion animator is stopped before it goes (UIKit calls releasing one an error).
    deinit { if animator?.state == .active { animator.stopAnimation(true) } }

    /// The slider pauses the animator and puts it at the slider's fraction.
    func scrub(to fraction: CGFloat) {
        if animator.isRunning { animator.pauseAnimation() }
        animator.fractionComplete = fraction
    }

    /// A tap plays the blur in, or back out when it is in.
    private func playOrReverse() {
        animator.isReversed = animator.fractionComplete > 0.5
        animator.startAnimation()
    }
}
