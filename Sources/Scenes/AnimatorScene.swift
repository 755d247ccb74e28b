// animator — UIViewPropertyAnimator by hand.
//
// Demonstrates: one card moved, turned, recoloured and rounded by a property animator, with every
// call on buttons (start, pause, reverse, stop, and "to start/current/end": stop then finish at that
// position); a UISlider that scrubs
// fractionComplete; UISwitches for scrubsLinearly and pausesOnCompletion (UIKit's rules refuse
// some changes while paused: watch the terminal); a curve picker (four cubic curves and a spring);
// a timeline of fractionComplete under the card and a live read-out of the state.
// (CurvePlotView.swift draws the picker's curves.)
// Interaction: the buttons and controls (mouse, or the D-pad and X); drag the card to scrub it,
// release to let it continue as a spring with the drag's speed.
import Flipbook

final class AnimatorScene: UIViewController, Scene {
    static let name = "animator"
    static let summary = "UIViewPropertyAnimator by hand: start, pause, scrub, reverse, stop, finish; curves and a spring"
    static let menuSection: SceneSection = .toolsAndDemos
    /// The tour's input: start (the card crosses), reverse mid-flight, scrub with the slider,
    /// then pick the spring curve and start again.
    static let demoScript: DemoScript? = DemoScript("""
        0.20 tap @start
        0.90 tap @reverse
        1.60 drag @slider 360 0 0.5
        2.50 tap @curve-spring
        2.70 tap @start
        """)
    static let curves: [(String, UITimingCurveProvider)] = [
        ("linear", UICubicTimingParameters(animationCurve: .linear)), ("easeIn", UICubicTimingParameters(animationCurve: .easeIn)),
        ("easeOut", UICubicTimingParameters(animationCurve: .easeOut)), ("easeInOut", UICubicTimingParameters(animationCurve: .easeInOut)),
        ("spring", UISpringTimingParameters(dampingRatio: 0.5)),
    ]
    let card = UIView()
    let timeline = UIView(), timelineFill = UIView()
    let slider = UISlider()
    let linearSwitch = UISwitch(), pauseSwitch = UISwitch()
    let status = UILabel()
    private(set) var buttons: [UIButton] = []
    private(set) var curveButtons: [UIButton] = []
    private(set) var animator: UIViewPropertyAnimator!
    private var curveIndex = 3
    private var atRight = false, armed = false
    private var dragStart: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.95, alpha: 1)
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        card.layer.name = "card"
        let title = UILabel()
        title.text = "drag me"
        title.textColor = .white
        title.textAlignment = .center
        title.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        card.addSubview(title)
        card.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] pan in self.drag(pan) })
        timeline.backgroundColor = .systemGray4
        timelineFill.backgroundColor = .systemBlue
        timeline.addSubview(timelineFill)
        let calls: [(String, (AnimatorScene) -> Void)] = [
            ("start", { $0.arm(); $0.animator.startAnimation() }), ("pause", { $0.arm(); $0.animator.pauseAnimation() }),
            ("reverse", { $0.animator.isReversed.toggle() }), ("stop", { $0.animator.stopAnimation(false) }),
            ("to start", { $0.finish(.start) }), ("to current", { $0.finish(.current) }), ("to end", { $0.finish(.end) }),
        ]
        for (name, call) in calls {
            let b = button(name) { [unowned self] in call(self) }
            b.accessibilityIdentifier = name.replacingOccurrences(of: " ", with: "-") // "to start": @to-start
            buttons.append(b)
        }
        for (i, (name, parameters)) in Self.curves.enumerated() {
            let b = button(name + "  ") { [unowned self] in self.pickCurve(i) }
            b.titleLabel?.textAlignment = .right              // the plot of the curve sits on the left
            b.addSubview(CurvePlotView(frame: CGRect(x: 4, y: 3, width: 26, height: 24), parameters: parameters))
            b.accessibilityIdentifier = "curve-" + name
            curveButtons.append(b)
        }
        slider.accessibilityIdentifier = "slider"
        slider.addAction(for: .valueChanged) { [unowned self] in self.scrub(to: CGFloat(self.slider.value)) }
        linearSwitch.isOn = true
        linearSwitch.addAction(for: .valueChanged) { [unowned self] in self.animator.scrubsLinearly = self.linearSwitch.isOn }
        pauseSwitch.addAction(for: .valueChanged) { [unowned self] in self.animator.pausesOnCompletion = self.pauseSwitch.isOn }
        status.font = .monospacedDigitSystemFont(ofSize: 14, weight: .regular)
        status.textColor = .darkGray
        [card, timeline, slider, linearSwitch, pauseSwitch, status].forEach(view.addSubview)
        for (text, control) in [("scrubsLinearly", linearSwitch), ("pausesOnCompletion", pauseSwitch)] {
            let l = UILabel()
            l.text = text
            l.font = .systemFont(ofSize: 14)
            l.tag = control === linearSwitch ? 1 : 2
            view.addSubview(l)
        }
        pickCurve(curveIndex)
        Timer.scheduledTimer(withTimeInterval: 1.0 / 60, repeats: true) { [weak self] _ in self?.refresh() }
    }

    deinit {
        // A paused or stopped animator must not be released (UIKit raises): finish it first.
        if animator.state == .active { animator.stopAnimation(false) }
        if animator.state == .stopped { animator.finishAnimation(at: .current) }
    }

    private func button(_ title: String, _ action: @escaping () -> Void) -> UIButton {
        let b = UIButton(type: .system)
        b.setTitle(title, for: .normal)
        b.titleLabel?.font = .systemFont(ofSize: 14)
        b.backgroundColor = .white
        b.layer.cornerRadius = 8
        b.addAction(for: .touchUpInside, action)
        view.addSubview(b)
        return b
    }

    /// Where the controls go: the whole width less 24-pt margins up to 1232 pt (a 1280-pt window's),
    /// centred in a wider one, and the 312-pt block centred in a taller window than it needs (at
    /// 1280×720 it hung from the top with half the window empty below). At the tests' 640×360
    /// every position is the old one.
    private var content: CGRect {
        let b = view.bounds, m: CGFloat = 24
        let x = max(m, ((b.width - 1232) / 2).rounded()), y = max(m, ((b.height - 312) / 2).rounded())
        return CGRect(x: x, y: y, width: max(0, b.width - 2 * x), height: 312)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let c = content, x0 = c.minX, y0 = c.minY
        if !armed || animator.state == .inactive {
            card.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            card.center = CGPoint(x: atRight ? c.maxX - 60 : x0 + 60, y: y0 + 50)
        }
        timeline.frame = CGRect(x: x0, y: y0 + 110, width: c.width, height: 6)
        let w = (c.width - 6 * 8) / 7
        for (i, btn) in buttons.enumerated() {
            btn.frame = CGRect(x: x0 + CGFloat(i) * (w + 8), y: y0 + 130, width: w, height: 34)
            btn.titleLabel?.font = .systemFont(ofSize: w < 100 ? 12 : 14)
        }
        let cw = (c.width - 4 * 8) / 5
        for (i, btn) in curveButtons.enumerated() { btn.frame = CGRect(x: x0 + CGFloat(i) * (cw + 8), y: y0 + 174, width: cw, height: 30) }
        slider.frame = CGRect(x: x0, y: y0 + 214, width: c.width, height: 31)
        linearSwitch.frame.origin = CGPoint(x: x0, y: y0 + 254)
        pauseSwitch.frame.origin = CGPoint(x: c.midX, y: y0 + 254)
        for l in view.subviews.compactMap({ $0 as? UILabel }) where l.tag > 0 {
            l.frame = CGRect(x: (l.tag == 1 ? x0 : c.midX) + 60, y: y0 + 254, width: 200, height: 31)
        }
        status.frame = CGRect(x: x0, y: y0 + 290, width: c.width, height: 22)
    }

    /// Gives the animator its block when it has none: the card crosses to the other side.
    func arm() {
        guard !armed else { return }
        armed = true
        let c = content, right = !atRight
        animator.addAnimations {
            self.card.center.x = right ? c.maxX - 60 : c.minX + 60
            self.card.transform = right ? CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.2, y: 1.2) : .identity
            self.card.backgroundColor = right ? .systemOrange : .systemBlue
            self.card.layer.cornerRadius = right ? 40 : 16
        }
        animator.addCompletion { [weak self] position in
            if position == .end { self?.atRight = right }
            self?.armed = false
        }
    }

    /// A new animator on curve `i` (the running one finishes where it is).
    func pickCurve(_ i: Int) {
        if let a = animator, a.state != .inactive {
            if a.state == .active { a.stopAnimation(false) }
            a.finishAnimation(at: .current)
            atRight = card.center.x > view.bounds.midX
        }
        curveIndex = i
        armed = false
        animator = UIViewPropertyAnimator(duration: 2, timingParameters: Self.curves[i].1)
        animator.scrubsLinearly = linearSwitch.isOn
        animator.pausesOnCompletion = pauseSwitch.isOn
        for (j, b) in curveButtons.enumerated() { b.backgroundColor = j == i ? .systemYellow : .white }
    }

    func finish(_ position: UIViewAnimatingPosition) {
        if animator.state == .active { animator.stopAnimation(false) }
        animator.finishAnimation(at: position)
    }

    func scrub(to fraction: CGFloat) {
        arm()
        if animator.isRunning { animator.pauseAnimation() }
        animator.fractionComplete = fraction
    }

    /// Seed 004's drag: pause, scrub by the distance dragged, continue as a spring with the speed.
    func drag(_ pan: UIPanGestureRecognizer) {
        let distance = max(1, content.width - 120) * (atRight ? -1 : 1) * (animator.isReversed ? -1 : 1)
        switch pan.state {
        case .began:
            arm()
            if animator.state == .inactive { animator.pauseAnimation() }
            if animator.isRunning { animator.pauseAnimation() }
            dragStart = animator.fractionComplete
        case .changed:
            scrub(to: dragStart + pan.translation(in: view).x / distance)
        case .ended, .cancelled:
            let f = animator.fractionComplete, speed = pan.velocity(in: view).x / distance
            let spring = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: speed / max(0.05, 1 - f), dy: 0))
            animator.continueAnimation(withTimingParameters: spring, durationFactor: 0)
        default: break
        }
    }

    /// The read-out, the timeline and the controls follow the animator every frame.
    func refresh() {
        let f = animator.fractionComplete
        timelineFill.frame = CGRect(x: 0, y: 0, width: timeline.bounds.width * f, height: timeline.bounds.height)
        if !slider.isTracking { slider.value = Float(f) }
        if linearSwitch.isOn != animator.scrubsLinearly { linearSwitch.setOn(animator.scrubsLinearly, animated: true) }
        if pauseSwitch.isOn != animator.pausesOnCompletion { pauseSwitch.setOn(animator.pausesOnCompletion, animated: true) }
        let state = ["inactive", "active", "stopped"][animator.state.rawValue]
        let x = card.layer.presentation()?.position.x ?? card.center.x
        status.text = String(format: "%@  %@  fraction %.3f  %@  x %.1f  (%@)", state, animator.isRunning ? "running" : "not running",
                             Double(f), animator.isReversed ? "reversed" : "forward", Double(x), Self.curves[curveIndex].0)
    }
}
