// layout — a screen laid out only with Auto Layout, and constraint animations as iOS code writes them.
//
// Demonstrates: no frame is set anywhere: anchors to the safe area and the layout margins, a
// dimension multiplier (the card is half the screen wide), stack views (the buttons, the rows).
// Four constraint animations, each the iOS idiom: change constraints, then `layoutIfNeeded()` in
// an animation:
// - the card's height constraint in a `UIViewPropertyAnimator` (tap the card or "card"; the slider
//   scrubs it; a tap while it runs turns it round, and the completion puts the constant back when
//   it ends at its start, as iOS code must);
// - the stack's rows hidden and shown inside `UIView.animate` (buttons 1–4; the buttons under the
//   stack follow its bottom edge up and down);
// - the bottom bar sliding by its bottom constraint's constant ("bar"; the badge docked on it rides along);
// - the badge moved between two constraint sets, on the card's corner or above the bar, with a
//   spring ("badge").
// Until the first touch the scene plays these by itself, one every 1.2 s, so a render moves.
// Interaction: the buttons, the card and the slider (mouse, or the D-pad and X).
import Flipbook

final class LayoutScene: UIViewController, Scene {
    static let name = "layout"
    static let summary = "Auto Layout only: a card's height on a property animator, stack rows hiding, a sliding bar, a badge on a spring"
    static let menuSection: SceneSection = .toolsAndDemos
    static let collapsedHeight: CGFloat = 76

    let card = UIView(), cardBody = UILabel()
    let slider = UISlider()
    let rowStack = UIStackView()
    private(set) var rows: [UIView] = []
    let bar = UIView(), barLabel = UILabel(), badge = UIView()
    private(set) var buttons: [String: UIButton] = [:]
    private(set) var cardHeight: NSLayoutConstraint!
    private(set) var barBottom: NSLayoutConstraint!
    private var badgeOnCard: [NSLayoutConstraint] = [], badgeAboveBar: [NSLayoutConstraint] = []
    private(set) var cardAnimator: UIViewPropertyAnimator?
    private(set) var isExpanded = false, isBarShown = true, isBadgeOnCard = true
    private var demo: Timer?, demoStep = 0

    /// The card's open height: what is left above the slider and the bar, at most 360.
    var expandedHeight: CGFloat { max(Self.collapsedHeight + 40, min(360, view.bounds.height - 160)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Light grey, or near-black in the dark appearance (the A key).
        view.backgroundColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0.07, alpha: 1) : UIColor(white: 0.95, alpha: 1) }
        let controls = UIStackView(arrangedSubviews: ["card", "bar", "badge"].map { button($0) })
        controls.distribution = .fillEqually
        controls.spacing = 8
        buildCard()
        buildRows()
        let toggles = UIStackView(arrangedSubviews: (1...4).map { button("\($0)") })
        toggles.distribution = .fillEqually
        toggles.spacing = 6
        bar.backgroundColor = UIColor(white: 0.15, alpha: 1)
        barLabel.textColor = .white
        barLabel.font = .monospacedDigitSystemFont(ofSize: 13, weight: .regular)
        barLabel.textAlignment = .center
        bar.addSubview(barLabel)
        badge.backgroundColor = .systemOrange
        badge.layer.cornerRadius = 12
        let badgeLabel = UILabel()
        badgeLabel.text = "3"
        badgeLabel.textColor = .white
        badgeLabel.font = .boldSystemFont(ofSize: 16)
        badge.addSubview(badgeLabel)
        slider.addAction(UIAction { [unowned self] _ in self.scrub() }, for: .valueChanged)
        slider.addAction(UIAction { [unowned self] _ in self.releaseSlider() }, for: [.touchUpInside, .touchUpOutside])
        for v in [controls, card, slider, rowStack, toggles, bar, badge, barLabel, badgeLabel] as [UIView] {
            v.translatesAutoresizingMaskIntoConstraints = false
        }
        [controls, card, slider, rowStack, toggles, bar, badge].forEach(view.addSubview)

        let safe = view.safeAreaLayoutGuide, margins = view.layoutMarginsGuide
        cardHeight = card.heightAnchor.constraint(equalToConstant: Self.collapsedHeight)
        barBottom = bar.bottomAnchor.constraint(equalTo: view.bottomAnchor)
        NSLayoutConstraint.activate([
            controls.topAnchor.constraint(equalTo: safe.topAnchor, constant: 10),
            controls.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            controls.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            controls.heightAnchor.constraint(equalToConstant: 30),

            card.topAnchor.constraint(equalTo: controls.bottomAnchor, constant: 10),
            card.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            card.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5, constant: -20),
            cardHeight,
            slider.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 8),
            slider.leadingAnchor.constraint(equalTo: card.leadingAnchor),
            slider.trailingAnchor.constraint(equalTo: card.trailingAnchor),

            rowStack.topAnchor.constraint(equalTo: card.topAnchor),
            rowStack.leadingAnchor.constraint(equalTo: card.trailingAnchor, constant: 24),
            rowStack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            toggles.topAnchor.constraint(equalTo: rowStack.bottomAnchor, constant: 10),
            toggles.leadingAnchor.constraint(equalTo: rowStack.leadingAnchor),
            toggles.trailingAnchor.constraint(equalTo: rowStack.trailingAnchor),
            toggles.heightAnchor.constraint(equalToConstant: 30),

            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 52),
            barBottom,
            barLabel.centerXAnchor.constraint(equalTo: bar.centerXAnchor),
            barLabel.topAnchor.constraint(equalTo: bar.topAnchor, constant: 16),

            badge.widthAnchor.constraint(equalToConstant: 36),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
            badgeLabel.centerXAnchor.constraint(equalTo: badge.centerXAnchor),
            badgeLabel.centerYAnchor.constraint(equalTo: badge.centerYAnchor),
        ])
        badgeOnCard = [badge.centerXAnchor.constraint(equalTo: card.trailingAnchor, constant: -6),
                       badge.centerYAnchor.constraint(equalTo: card.topAnchor, constant: 6)]
        badgeAboveBar = [badge.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                         badge.bottomAnchor.constraint(equalTo: bar.topAnchor, constant: -12)]
        NSLayoutConstraint.activate(badgeOnCard)
        demo = Timer.scheduledTimer(withTimeInterval: 1.2, repeats: true) { [weak self] _ in self?.playDemoStep() }
        Timer.scheduledTimer(withTimeInterval: 1.0 / 60, repeats: true) { [weak self] _ in self?.refresh() }
    }

    deinit {
        // A paused or stopped animator must not be released (UIKit raises): finish it first.
        if let a = cardAnimator {
            if a.state == .active { a.stopAnimation(false) }
            if a.state == .stopped { a.finishAnimation(at: .current) }
        }
    }

    private func buildCard() {
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 14
        card.clipsToBounds = true
        let title = UILabel()
        title.text = "One height constraint"
        title.font = .boldSystemFont(ofSize: 17)
        title.textColor = .white
        cardBody.text = "Tap the card: its height constraint's constant changes and layoutIfNeeded() runs inside a "
            + "UIViewPropertyAnimator. The slider scrubs it; a tap while it runs turns it round."
        cardBody.numberOfLines = 0
        cardBody.font = .systemFont(ofSize: 14)
        cardBody.textColor = UIColor(white: 1, alpha: 0.9)
        cardBody.alpha = 0
        for v in [title, cardBody] {
            v.translatesAutoresizingMaskIntoConstraints = false
            card.addSubview(v)
        }
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 14),
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 14),
            title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -14),
            cardBody.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 10),
            cardBody.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            cardBody.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -14),
        ])
        card.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.userDid { self.toggleCard() } })
    }

    private func buildRows() {
        rowStack.axis = .vertical
        rowStack.spacing = 6
        let colors: [UIColor] = [.systemTeal, .systemGreen, .systemPurple, .systemPink]
        for (i, color) in colors.enumerated() {
            let row = UIView()
            row.backgroundColor = color
            row.layer.cornerRadius = 8
            let label = UILabel()
            label.text = "row \(i + 1)"
            label.textColor = .white
            label.font = .systemFont(ofSize: 14)
            label.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(label)
            // 999, not required: a hidden arranged view's height becomes 0 (iOS's UISV-hiding
            // constraint), which a required 30 would fight with UIKit's conflict report.
            let height = row.heightAnchor.constraint(equalToConstant: 30)
            height.priority = .required - 1
            NSLayoutConstraint.activate([height,
                                         label.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 10),
                                         label.centerYAnchor.constraint(equalTo: row.centerYAnchor)])
            rowStack.addArrangedSubview(row)
            rows.append(row)
        }
    }

    private func button(_ title: String) -> UIButton {
        let b = UIButton(type: .system)
        b.setTitle(title, for: .normal)
        b.titleLabel?.font = .systemFont(ofSize: 14)
        b.backgroundColor = .tertiarySystemBackground     // white, or dark grey in the dark appearance
        b.layer.cornerRadius = 8
        b.addAction(UIAction { [unowned self] _ in self.userDid { self.press(title) } }, for: .touchUpInside)
        buttons[title] = b
        return b
    }

    /// The user's first touch ends the demo.
    private func userDid(_ action: () -> Void) {
        demo?.invalidate()
        demo = nil
        action()
    }

    func press(_ title: String) {
        switch title {
        case "card": toggleCard()
        case "bar": toggleBar()
        case "badge": toggleBadge()
        default: if let i = Int(title) { toggleRow(i - 1) }
        }
    }

    /// The demo: every control in turn, then back.
    private func playDemoStep() {
        let steps = ["card", "2", "badge", "bar", "card", "2", "bar", "badge", "4", "4"]
        press(steps[demoStep % steps.count])
        demoStep += 1
    }

    // MARK: The four animations

    /// Opens or closes the card on a property animator; while one runs, turns it round.
    func toggleCard() {
        if let a = cardAnimator {
            a.isReversed.toggle()
            if !a.isRunning { a.continueAnimation(withTimingParameters: nil, durationFactor: 1) }
            return
        }
        makeCardAnimator().startAnimation()
    }

    /// The animator for the next change of the card: the constant first, then the layout in the block.
    @discardableResult
    private func makeCardAnimator() -> UIViewPropertyAnimator {
        let expand = !isExpanded, from = cardHeight.constant
        cardHeight.constant = expand ? expandedHeight : Self.collapsedHeight
        let a = UIViewPropertyAnimator(duration: 0.6, curve: .easeInOut) {
            self.view.layoutIfNeeded()
            self.cardBody.alpha = expand ? 1 : 0
        }
        a.addCompletion { [weak self] position in
            guard let self else { return }
            // Ended where it began: the frames are back, so the constraint must be too.
            if position == .start { self.cardHeight.constant = from } else { self.isExpanded = expand }
            self.cardAnimator = nil
        }
        cardAnimator = a
        return a
    }

    /// The slider's value is how open the card is: scrubbing pauses the animator there.
    func scrub() {
        userDid {
            let a = cardAnimator ?? makeCardAnimator()
            if a.state == .inactive || a.isRunning { a.pauseAnimation() }
            a.isReversed = false
            let open = CGFloat(slider.value)
            a.fractionComplete = isExpanded ? 1 - open : open
        }
    }

    /// Letting go of the slider finishes the way it is nearer to.
    func releaseSlider() {
        guard let a = cardAnimator, !a.isRunning else { return }
        a.isReversed = a.fractionComplete < 0.5
        a.continueAnimation(withTimingParameters: nil, durationFactor: 1)
    }

    /// Hides or shows a row of the stack: the stack collapses it, the views below follow.
    func toggleRow(_ i: Int) {
        guard rows.indices.contains(i) else { return }
        let hide = !rows[i].isHidden
        UIView.animate(withDuration: 0.35) {
            self.rows[i].isHidden = hide
            self.rows[i].alpha = hide ? 0 : 1
            self.view.layoutIfNeeded()
        }
    }

    /// Slides the bar out of or into the screen by its bottom constraint's constant.
    func toggleBar() {
        isBarShown.toggle()
        barBottom.constant = isBarShown ? 0 : 52
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseInOut, animations: { self.view.layoutIfNeeded() })
    }

    /// Moves the badge between its two constraint sets with a spring.
    func toggleBadge() {
        isBadgeOnCard.toggle()
        NSLayoutConstraint.deactivate(isBadgeOnCard ? badgeAboveBar : badgeOnCard)
        NSLayoutConstraint.activate(isBadgeOnCard ? badgeOnCard : badgeAboveBar)
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.55, initialSpringVelocity: 0, options: [],
                       animations: { self.view.layoutIfNeeded() })
    }

    /// The slider and the bar's read-out follow the card on screen.
    func refresh() {
        let h = card.layer.presentation()?.bounds.height ?? card.bounds.height
        let open = (h - Self.collapsedHeight) / max(1, expandedHeight - Self.collapsedHeight)
        if !slider.isTracking { slider.value = Float(min(1, max(0, open))) }
        let fraction = cardAnimator.map { String(format: "%.2f", Double($0.fractionComplete)) } ?? "–"
        barLabel.text = String(format: "card height %.1f · animator %@ · %d of 4 rows", Double(h), fraction,
                               rows.filter { !$0.isHidden }.count)
    }
}
