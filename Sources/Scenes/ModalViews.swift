// The modal scene's views and pages: a person's cell (a focusable control with a round avatar),
// the detail page the zoom presents (drag it down to dismiss), and the plain page the style
// buttons present. Avatars are pictures in Resources/Avatars (a two-colour placeholder photo:
// shoulders and a head), loaded from the bundle.
import Flipbook
import FlipbookResources
import Foundation

/// `person`'s avatar: a placeholder photo from Resources/Avatars (1× and 2×, painted by
/// `swift run city-images`), loaded as an app loads its images; the views round it.
func avatarImage(for person: Person) -> UIImage? {
    UIImage(named: "Avatars/" + person.picture, in: FlipbookResources.bundle, compatibleWith: nil)
}

/// One person in the list: avatar and name; a control, so the gamepad's focus can land on it.
final class PersonCell: UIControl {
    let person: Person
    let avatar: UIImageView
    private let nameLabel = UILabel()

    init(person: Person, index: Int) {
        self.person = person
        avatar = UIImageView(image: avatarImage(for: person))
        super.init(frame: .zero)
        accessibilityIdentifier = person.picture // a script's `tap @linh`
        avatar.contentMode = .scaleAspectFill
        avatar.clipsToBounds = true
        avatar.isUserInteractionEnabled = false
        nameLabel.text = person.name
        nameLabel.textAlignment = .center
        nameLabel.font = .systemFont(ofSize: 15, weight: .semibold)
        addSubview(avatar)
        addSubview(nameLabel)
    }
    required init?(coder: NSCoder) { nil }

    override var canBecomeFocused: Bool { true }

    /// How much larger than at 1280 × 720 the list draws the cell (the name's type and room grow
    /// with it). Default: 1.
    var scale: CGFloat = 1 {
        didSet {
            guard scale != oldValue else { return }
            nameLabel.font = .systemFont(ofSize: 15 * scale, weight: .semibold)
            setNeedsLayout()
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let d = min(bounds.width - 16 * scale, bounds.height - 30 * scale)
        avatar.frame = CGRect(x: (bounds.width - d) / 2, y: 4 * scale, width: d, height: d)
        avatar.layer.cornerRadius = d / 2
        nameLabel.frame = CGRect(x: 0, y: d + 6 * scale, width: bounds.width, height: 22 * scale)
    }
}

/// The person's page: a large avatar, the name and role, ✕; a vertical drag (or B held with the
/// left stick down) dismisses it interactively.
final class PersonViewController: UIViewController {
    let person: Person
    let avatar: UIImageView
    private let nameLabel = UILabel()
    private let roleLabel = UILabel()
    private var dragging: UIPercentDrivenInteractiveTransition?
    /// True while B (a `.menu` press) is held: the left stick then scrubs the dismissal.
    private var menuHeld = false

    init(person: Person, avatar image: UIImage?) {
        self.person = person
        avatar = UIImageView(image: image)
        super.init()
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.11, green: 0.12, blue: 0.16, alpha: 1)
        avatar.contentMode = .scaleAspectFill
        avatar.clipsToBounds = true
        nameLabel.text = person.name
        nameLabel.font = .boldSystemFont(ofSize: 28)
        nameLabel.textColor = .white
        nameLabel.textAlignment = .center
        roleLabel.text = person.role + " — drag down to close"
        roleLabel.textColor = UIColor(white: 0.75, alpha: 1)
        roleLabel.textAlignment = .center
        let close = PeopleViewController.button("✕") { [weak self] in self?.dismiss(animated: true) }
        close.tag = 1
        close.accessibilityIdentifier = "close"
        avatar.accessibilityIdentifier = "detail-avatar"
        for v in [avatar, nameLabel, roleLabel, close] { view.addSubview(v) }
        view.addGestureRecognizer(UIPanGestureRecognizer { [weak self] pan in self?.dragged(pan) })
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // The type, gaps and ✕ grow with a window larger than 1280 × 720 (×1.5 at 1920 × 1080),
        // as the list's do; up to 1280 × 720 every size is the old one.
        let k = max(1, min(b.width / 1280, b.height / 720))
        // At most the picture's own size, so it is never drawn larger than its pixels (soft).
        let d = min(min(b.width, b.height) * 0.42, avatar.image?.size.width ?? .infinity)
        avatar.frame = CGRect(x: (b.width - d) / 2, y: b.height * 0.14, width: d, height: d)
        avatar.layer.cornerRadius = d / 2
        nameLabel.font = .boldSystemFont(ofSize: 28 * k)
        roleLabel.font = .systemFont(ofSize: 17 * k)
        nameLabel.frame = CGRect(x: 0, y: avatar.frame.maxY + 16 * k, width: b.width, height: 36 * k)
        roleLabel.frame = CGRect(x: 0, y: nameLabel.frame.maxY + 4 * k, width: b.width, height: 24 * k)
        if let close = view.viewWithTag(1) as? UIButton {
            close.frame = CGRect(x: b.width - 60 * k, y: 16 * k, width: 44 * k, height: 36 * k)
            close.titleLabel?.font = .systemFont(ofSize: UIFont.buttonFontSize * k)
        }
    }

    private var delegate: ModalZoomDelegate? { transitioningDelegate as? ModalZoomDelegate }

    /// Begins an interactive dismissal through the zoom delegate's interaction controller.
    private func beginInteractiveDismiss() -> UIPercentDrivenInteractiveTransition? {
        guard let delegate, presentingViewController != nil, transitionCoordinator == nil else { return nil }
        let i = UIPercentDrivenInteractiveTransition()
        i.completionCurve = .easeOut
        delegate.interaction = i
        dismiss(animated: true)
        delegate.interaction = nil
        return transitionCoordinator != nil ? i : nil
    }

    private func dragged(_ pan: UIPanGestureRecognizer) {
        let distance = max(1, view.bounds.height * 0.5)
        switch pan.state {
        case .began: dragging = beginInteractiveDismiss()
        case .changed: dragging?.update(pan.translation(in: view).y / distance)
        case .ended, .cancelled:
            guard let i = dragging else { return }
            let v = pan.velocity(in: view).y
            pan.state == .ended && (v > 600 || (i.percentComplete > 0.5 && v > -300)) ? i.finish() : i.cancel()
            dragging = nil
        default: break
        }
    }

    /// B held: the left stick down scrubs the dismissal; true when the stick was used.
    func scrub(stick value: Double) -> Bool {
        guard menuHeld, value.isFinite else { return false }
        if dragging == nil, value > 0.2 { dragging = beginInteractiveDismiss() }
        dragging?.update(CGFloat(max(0, value)))
        return dragging != nil
    }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard presses.contains(where: { $0.type == .menu }) else { return super.pressesBegan(presses, with: event) }
        menuHeld = true
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard presses.contains(where: { $0.type == .menu }), menuHeld else { return super.pressesEnded(presses, with: event) }
        menuHeld = false
        if let i = dragging {
            i.percentComplete > 0.5 ? i.finish() : i.cancel()
            dragging = nil
        } else {
            dismiss(animated: true)
        }
    }
}

/// A plain page for the style buttons: its title, the style's name and ✕ (or the bar's back
/// button when pushed).
final class StylePage: UIViewController {
    private let label = UILabel()
    private let pushed: Bool

    init(_ title: String, _ transition: UIModalTransitionStyle, style: UIModalPresentationStyle = .fullScreen,
         delegate: UIViewControllerTransitioningDelegate? = nil, pushed: Bool = false) {
        self.pushed = pushed
        super.init()
        self.title = title
        modalTransitionStyle = transition
        modalPresentationStyle = style
        transitioningDelegate = delegate
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = pushed ? UIColor(red: 0.86, green: 0.93, blue: 0.98, alpha: 1)
                                      : UIColor(red: 0.98, green: 0.9, blue: 0.78, alpha: 1)
        label.text = pushed ? "Swipe from the left edge, or B, to go back" : (title ?? "")
        label.font = .boldSystemFont(ofSize: pushed ? 18 : 30)
        label.textAlignment = .center
        view.addSubview(label)
        if !pushed {
            let close = PeopleViewController.button("✕") { [weak self] in self?.dismiss(animated: true) }
            close.tag = 1
            close.accessibilityIdentifier = "close"
            view.addSubview(close)
        }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        label.frame = CGRect(x: 0, y: b.height / 2 - 24, width: b.width, height: 48)
        view.viewWithTag(1)?.frame = CGRect(x: b.width - 60, y: 16, width: 44, height: 36)
    }
}
