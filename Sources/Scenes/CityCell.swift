import Flipbook

/// One city of the `cities` scene: a painted skyline card that a property animator expands to
/// fill the collection view and collapses again (seed 004's CityCollectionViewCell, written anew).
/// A vertical pan scrubs the animator and its release continues it; touching a card in flight
/// pauses it where it is, and the pan then scrubs from there.
final class CityCell: UICollectionViewCell, UIGestureRecognizerDelegate {
    struct City { let name: String, summary: String, sky: (UIColor, UIColor), seed: UInt64 }

    enum State { case collapsed, expanded; var change: State { self == .collapsed ? .expanded : .collapsed } }

    let skyline = SkylineView()
    let nameLabel = UILabel(), descriptionLabel = UILabel()
    let closeButton = UIButton(type: .system)
    weak var collectionView: UICollectionView?
    var index = 0
    private(set) var state = State.collapsed
    private var initialFrame: CGRect?
    private(set) lazy var animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)
    private var animationProgress: CGFloat = 0
    static let cornerRadius: CGFloat = 16

    override func awakeFromNib() {
        super.awakeFromNib()
        layer.cornerRadius = Self.cornerRadius
        clipsToBounds = true
        contentView.addSubview(skyline)
        nameLabel.font = .systemFont(ofSize: 26, weight: .bold)
        nameLabel.textColor = .white
        descriptionLabel.font = .systemFont(ofSize: 15)
        descriptionLabel.textColor = .white
        descriptionLabel.numberOfLines = 0
        descriptionLabel.alpha = 0
        closeButton.setTitle("✕", for: .normal)
        closeButton.setTitleColor(.white, for: .normal)
        closeButton.alpha = 0
        closeButton.addAction(for: .touchUpInside) { [weak self] in self?.toggle() }
        [nameLabel, descriptionLabel, closeButton].forEach(contentView.addSubview)
        let pan = UIPanGestureRecognizer { [weak self] pan in self?.panned(pan) }
        pan.delegate = self
        addGestureRecognizer(pan)
    }

    func show(_ city: City) {
        skyline.city = city
        nameLabel.text = city.name
        descriptionLabel.text = city.summary
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        skyline.frame = b
        nameLabel.frame = CGRect(x: 16, y: 16, width: b.width - 60, height: 32)
        closeButton.frame = CGRect(x: b.width - 48, y: 12, width: 36, height: 36)
        descriptionLabel.frame = CGRect(x: 16, y: 56, width: b.width - 32, height: 120)
    }

    /// How far a pan must travel to scrub the whole way.
    private var popupOffset: CGFloat { max(1, ((collectionView?.bounds.height ?? 400) - (initialFrame ?? bounds).height) / 2 + 100) }

    func toggle() { state == .expanded ? collapse() : expand() }

    private func expand() {
        guard let cv = collectionView else { return }
        let index = self.index
        cv.bringSubviewToFront(self)   // over its neighbours while it grows (the seed's cells overlap there)
        animator.addAnimations {
            self.transform = .identity   // the focus may have grown it (a gamepad's select)
            self.initialFrame = self.frame
            self.descriptionLabel.alpha = 1
            self.closeButton.alpha = 1
            self.layer.cornerRadius = 0
            self.frame = CGRect(x: cv.contentOffset.x, y: 0, width: cv.frame.width, height: cv.frame.height)
            cv.cellForItem(at: IndexPath(row: index - 1, section: 0))?.center.x -= 50
            cv.cellForItem(at: IndexPath(row: index + 1, section: 0))?.center.x += 50
            self.layoutIfNeeded()
        }
        animator.addCompletion { position in
            guard position == .end else { return }
            self.state = self.state.change
            cv.isScrollEnabled = false
            cv.allowsSelection = false
        }
        animator.startAnimation()
    }

    private func collapse() {
        guard let cv = collectionView, let initial = initialFrame else { return }
        let index = self.index
        animator.addAnimations {
            self.descriptionLabel.alpha = 0
            self.closeButton.alpha = 0
            self.layer.cornerRadius = Self.cornerRadius
            self.frame = initial
            cv.cellForItem(at: IndexPath(row: index - 1, section: 0))?.center.x += 50
            cv.cellForItem(at: IndexPath(row: index + 1, section: 0))?.center.x -= 50
            self.layoutIfNeeded()
        }
        animator.addCompletion { position in
            guard position == .end else { return }
            self.state = self.state.change
            cv.isScrollEnabled = true
            cv.allowsSelection = true
            if self.isFocused {   // grown again, as the focus shows it
                UIView.animate(withDuration: 0.2) { self.transform = CGAffineTransform(scaleX: 1.08, y: 1.08) }
            }
        }
        animator.startAnimation()
    }

    /// A collapsed card at rest leaves sideways drags to the collection view (it scrolls); a
    /// vertical drag, or any drag of an expanded or moving card, is the card's.
    func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
        guard let pan = g as? UIPanGestureRecognizer, state == .collapsed, animator.state == .inactive else { return true }
        let t = pan.translation(in: nil)
        return abs(t.y) > abs(t.x)
    }

    private func panned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            toggle()
            animator.pauseAnimation()
            animationProgress = animator.fractionComplete
        case .changed:
            var fraction = -pan.translation(in: collectionView).y / popupOffset
            if state == .expanded { fraction *= -1 }
            animator.fractionComplete = fraction + animationProgress
        case .ended, .cancelled:
            var speed = -pan.velocity(in: collectionView).y / popupOffset
            if state == .expanded { speed *= -1 }
            // Carried on for 0.15 s at its speed, is the scrub past half way?
            release(continues: animator.fractionComplete + speed * 0.15 >= 0.5)
        default: break
        }
    }

    /// Lets go of a scrub: the animator continues to the end (durationFactor 0, as the seed), or
    /// reverses back to where the scrub began.
    private func release(continues: Bool) {
        if !continues { animator.isReversed = true }
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
    }

    // MARK: Gamepad

    /// The left stick's recent collapse fractions (media time, fraction) while it scrubs.
    private var stickSamples: [(time: Double, fraction: CGFloat)]?

    /// Pushing the left stick down scrubs an expanded, focused card's collapse; letting the stick
    /// spring back releases it as a pan's release does, judged by the deepest push of the last
    /// 0.1 s (a released stick passes through smaller values on its way to the centre).
    override func handleFocusedStick(_ axis: InputEvent.PadAxis, value: Double, at time: TimeInterval) -> Bool {
        let dead = 0.2
        guard axis == .leftY else { return stickSamples != nil || state == .expanded }
        let push = CGFloat(max(0, (value - dead) / (1 - dead)))
        guard var samples = stickSamples else {
            guard state == .expanded, animator.state == .inactive else { return state == .expanded }
            if push > 0 {
                toggle()
                animator.pauseAnimation()
                animator.fractionComplete = push
                stickSamples = [(time, push)]
            }
            return true
        }
        // Keep the pushes the stick held at some time in the last 0.1 s (each until the next).
        while samples.count > 1 && time - samples[1].time > 0.1 { samples.removeFirst() }
        if abs(value) <= dead {
            stickSamples = nil
            release(continues: samples.map(\.fraction).max()! >= 0.5)
            return true
        }
        samples.append((time, push))
        stickSamples = samples
        animator.fractionComplete = push
        return true
    }

    /// "Back" (the pad's B, Escape) collapses an expanded card, or turns an expanding one back;
    /// false when the card has nothing to undo. (The scene asks its cards; see CitiesScene.)
    func back() -> Bool {
        if state == .expanded && animator.state == .inactive { collapse(); return true }
        if state == .collapsed && animator.isRunning && !animator.isReversed { animator.isReversed = true; return true }
        return false
    }

    /// The focused card is centred (as tvOS's carousels), and keeps the focus look after collapsing.
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        super.didUpdateFocus(in: context, with: coordinator)
        if context.nextFocusedView === self {
            collectionView?.scrollToItem(at: IndexPath(item: index, section: 0), at: .centeredHorizontally, animated: true)
        }
    }

    deinit {
        if animator.state == .active { animator.stopAnimation(false) }
        if animator.state == .stopped { animator.finishAnimation(at: .current) }
    }
}

/// A city painted in `draw(_:)`: a sky gradient, a sun, and a skyline of lit towers drawn from the
/// city's seed (the same city always looks the same).
final class SkylineView: UIView {
    var city: CityCell.City? { didSet { setNeedsDisplay() } }

    static func rgb(_ c: UIColor) -> (CGFloat, CGFloat, CGFloat) {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0
        _ = c.getRed(&r, green: &g, blue: &b, alpha: nil)
        return (r, g, b)
    }

    override func draw(_ rect: CGRect) {
        guard let city, let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = rect   // the bounds being drawn: Flipbook redraws at the animated size each frame
        let steps = 24
        for i in 0..<steps {
            let f = CGFloat(i) / CGFloat(steps - 1)
            let (top, bottom) = (Self.rgb(city.sky.0), Self.rgb(city.sky.1))
            UIColor(red: top.0 + (bottom.0 - top.0) * f, green: top.1 + (bottom.1 - top.1) * f,
                    blue: top.2 + (bottom.2 - top.2) * f, alpha: 1).setFill()
            ctx.fill(CGRect(x: 0, y: b.height * CGFloat(i) / CGFloat(steps), width: b.width, height: b.height / CGFloat(steps) + 1))
        }
        UIColor(red: 1, green: 0.93, blue: 0.7, alpha: 0.9).setFill()
        UIBezierPath(ovalIn: CGRect(x: b.width * 0.62, y: b.height * 0.18, width: 46, height: 46)).fill()
        var random = SceneRandom(seed: city.seed)
        var x: CGFloat = -10
        while x < b.width {
            let w = 24 + CGFloat(random.unit()) * 40, h = b.height * (0.18 + CGFloat(random.unit()) * 0.4)
            UIColor(white: 0.08 + CGFloat(random.unit()) * 0.1, alpha: 1).setFill()
            ctx.fill(CGRect(x: x, y: b.height - h, width: w, height: h))
            UIColor(red: 1, green: 0.85, blue: 0.45, alpha: 0.85).setFill()
            var wy = b.height - h + 8
            while wy < b.height - 8 {
                var wx = x + 5
                while wx < x + w - 8 {
                    if random.unit() < 0.45 { ctx.fill(CGRect(x: wx, y: wy, width: 4, height: 6)) }
                    wx += 9
                }
                wy += 12
            }
            x += w + 2
        }
    }
}
