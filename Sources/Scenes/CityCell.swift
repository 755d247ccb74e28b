import Flipbook
import FlipbookResources

/// One city of the `cities` scene: a card showing the city's picture (Resources/Cities, painted by
/// `swift run city-images`) that a property animator expands to
/// fill the collection view and collapses again (seed 004's CityCollectionViewCell, written anew).
/// A vertical pan scrubs the animator and its release continues it; touching a card in flight
/// pauses it where it is, and the pan then scrubs from there.
final class CityCell: UICollectionViewCell, UIGestureRecognizerDelegate {
    /// A city: its name, a line about it, and its picture's name in Resources/Cities.
    struct City { let name: String, summary: String, picture: String }

    enum State { case collapsed, expanded; var change: State { self == .collapsed ? .expanded : .collapsed } }

    let picture = UIImageView()
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
        picture.contentMode = .scaleAspectFill
        contentView.addSubview(picture)
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
        picture.image = UIImage(named: "Cities/" + city.picture, in: FlipbookResources.bundle, compatibleWith: nil)
        nameLabel.text = city.name
        descriptionLabel.text = city.summary
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        picture.frame = b
        nameLabel.frame = CGRect(x: 16, y: 16, width: b.width - 60, height: 32)
        closeButton.frame = CGRect(x: b.width - 48, y: 12, width: 36, height: 36)
        descriptionLabel.frame = CGRect(x: 16, y: 56, width: b.width - 32, height: 120)
    }

    /// How far a pan must travel to scrub the whole way.
    private var popupOffset: CGFloat { max(1, ((collectionView?.bounds.height ?? 400) - (initialFrame ?? bounds).height) / 2 + 100) }

    func toggle() { state == .expanded ? collapse() : expand() }

    /// Expanded and at rest (not mid-animation, not being dragged).
    private var isExpandedAtRest: Bool { state == .expanded && animator.state == .inactive }

    /// A new size (the window resized, or a docked tool narrowing the scene) lays the cells out
    /// again, which UIKit does through this method: an expanded card stays expanded over the
    /// collection view's new bounds and will collapse to its new place, and its neighbours keep
    /// the 50 points they were pushed aside by.
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let cv = collectionView else { return }
        if isExpandedAtRest {
            initialFrame = frame
            frame = CGRect(x: cv.contentOffset.x, y: 0, width: cv.bounds.width, height: cv.bounds.height)
            return
        }
        let item = layoutAttributes.indexPath.item
        for (step, push) in [(-1, 50.0), (1, -50.0)] {
            if (cv.cellForItem(at: IndexPath(row: item + step, section: 0)) as? CityCell)?.isExpandedAtRest == true { center.x += push }
        }
    }

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
