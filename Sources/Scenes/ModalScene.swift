// modal — seed 001, "Custom view controller transitions" (the avatar zoom).
//
// Demonstrates: a UINavigationController whose list of people presents a detail controller through
// a custom transitioning delegate; its animator (ModalZoomAnimator.swift, written as the seed
// writes it: fromVC as! UINavigationController, a fake avatar image view, scale factors, initial
// and final frames) zooms the avatar from its cell into place and back. Dragging the detail down
// dismisses it interactively (UIPercentDrivenInteractiveTransition: let go past half-way or fast
// enough and it finishes, else it springs back). The buttons below present a page with each
// built-in modalTransitionStyle, as a page sheet, a form sheet and a custom presentation controller
// (a dimmed card), and push a page (swipe from the left edge to pop it interactively).
// Interaction: click an avatar, ✕ or drag down; the buttons. Gamepad: the D-pad moves the focus,
// A presents, B dismisses or pops (held with the left stick: interactively).
import Flipbook

final class ModalScene: UINavigationController, Scene {
    static let name = "modal"
    static let summary = "Seed 001: present/dismiss with a custom animator (avatar zoom), interactive dismiss, every style, push/pop"
    static let menuSection: SceneSection = .fromTheArticles
    /// The tour's input: present Linh with the avatar zoom, drag the page down far (it dismisses),
    /// present a page with the flip and close it.
    static let demoScript: DemoScript? = DemoScript("""
        0.20 tap @linh
        1.20 drag @detail-avatar 0 300 0.3
        2.20 tap @flip
        3.30 tap @close
        """)

    override init() {
        super.init()
        setViewControllers([PeopleViewController()], animated: false)
    }
    required init?(coder: NSCoder) { nil }

    /// The gamepad's left stick Y while B is held on the detail page scrubs its dismissal.
    func handle(_ event: InputEvent, at time: Double) {
        if case .padAxis(.leftY, let v) = event, let detail = presentedViewController as? PersonViewController,
           detail.scrub(stick: v) { return }
        sceneWindow.handle(event, at: time)
    }
}

/// A person in the list.
struct Person {
    let name: String
    let role: String
    /// The avatar's file in Resources/Avatars (`NAME.png`, `NAME@2x.png`), painted by `swift run city-images`.
    let picture: String
}

/// The list: a grid of avatars; a click presents the person with the zoom.
final class PeopleViewController: UIViewController {
    static let people: [Person] = [
        Person(name: "Linh", role: "Animator", picture: "linh"),
        Person(name: "Minh", role: "Engineer", picture: "minh"),
        Person(name: "Trang", role: "Designer", picture: "trang"),
        Person(name: "Quân", role: "Producer", picture: "quan"),
        Person(name: "Hoa", role: "Writer", picture: "hoa"),
        Person(name: "Sơn", role: "Tester", picture: "son"),
    ]
    /// The zoom's delegate, kept here: a controller holds its transitioningDelegate weakly.
    let zoom = ModalZoomDelegate()
    private(set) var cells: [PersonCell] = []
    private var buttons: [UIButton] = []
    /// The cell whose avatar the zoom starts from and returns to.
    private(set) var selectedCell: PersonCell?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "People"
        view.backgroundColor = UIColor(white: 0.96, alpha: 1)
        for (i, p) in Self.people.enumerated() {
            let cell = PersonCell(person: p, index: i)
            cell.addAction(for: .touchUpInside) { [weak self, weak cell] in if let cell { self?.show(cell) } }
            view.addSubview(cell)
            cells.append(cell)
        }
        let styles: [(String, () -> UIViewController)] = [
            ("Cover", { StylePage("Cover Vertical", .coverVertical) }),
            ("Dissolve", { StylePage("Cross Dissolve", .crossDissolve) }),
            ("Flip", { StylePage("Flip Horizontal", .flipHorizontal) }),
            ("Curl", { StylePage("Partial Curl", .partialCurl) }),
            ("Sheet", { StylePage("Page Sheet", .coverVertical, style: .pageSheet) }),
            ("Form", { StylePage("Form Sheet", .coverVertical, style: .formSheet) }),
            ("Card", { [unowned self] in StylePage("Custom Card", .coverVertical, style: .custom, delegate: zoom) }),
        ]
        for (title, make) in styles {
            let b = Self.button(title) { [weak self] in self?.present(make(), animated: true) }
            b.accessibilityIdentifier = title.lowercased()
            view.addSubview(b)
            buttons.append(b)
        }
        let push = Self.button("Push") { [weak self] in
            self?.navigationController?.pushViewController(StylePage("Pushed", .coverVertical, pushed: true), animated: true)
        }
        push.accessibilityIdentifier = "push"
        view.addSubview(push)
        buttons.append(push)
    }

    static func button(_ title: String, _ action: @escaping () -> Void) -> UIButton {
        let b = UIButton(type: .system)
        b.setTitle(title, for: .normal)
        b.backgroundColor = .white
        b.layer.cornerRadius = 8
        b.addAction(for: .touchUpInside, action)
        return b
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // Sized for 1280 × 720 and grown with a larger window (×1.5 at 1920 × 1080: avatars,
        // names, buttons and the gaps), where the list sat small in the window's top left; up to
        // 1280 × 720 every size is the old one. The avatars stay within their pictures' 240 points.
        // Measured on the window, not this view (which the navigation bar shortens), so 1920 × 1080
        // is ×1.5 as in the other scenes.
        let window = view.window?.bounds.size ?? b.size
        let k = max(1, min(window.width / 1280, window.height / 720))
        let columns = b.width > b.height ? 6 : 3
        let cellW = min(140 * k, (b.width - 40) / CGFloat(columns))
        let rows = (cells.count + columns - 1) / columns
        let left = (b.width - cellW * CGFloat(columns)) / 2
        for (i, c) in cells.enumerated() {
            c.scale = k
            c.frame = CGRect(x: left + CGFloat(i % columns) * cellW, y: 24 * k + CGFloat(i / columns) * (cellW + 40 * k),
                             width: cellW, height: cellW + 30 * k)
        }
        let top = 24 * k + CGFloat(rows) * (cellW + 40 * k) + 16 * k
        let gap = 8 * k
        let bw = min(96 * k, (b.width - 24) / CGFloat(buttons.count) - gap)
        let bl = (b.width - (bw + gap) * CGFloat(buttons.count) + gap) / 2
        for (i, btn) in buttons.enumerated() {
            btn.frame = CGRect(x: bl + CGFloat(i) * (bw + gap), y: top, width: bw, height: 36 * k)
            // Narrow buttons (a 640-point window) take smaller type so "Dissolve" stays whole;
            // others the system button's, grown with the window (and back after a resize).
            btn.titleLabel?.font = .systemFont(ofSize: bw < 80 ? 13 : UIFont.buttonFontSize * k)
        }
    }

    /// Presents `cell`'s person with the zoom, as seed 001's list does.
    func show(_ cell: PersonCell) {
        selectedCell = cell
        let detail = PersonViewController(person: cell.person, avatar: cell.avatar.image)
        detail.modalPresentationStyle = .fullScreen
        detail.transitioningDelegate = zoom
        present(detail, animated: true)
    }
}
