// basics — seed 001, "Core Animation basics".
//
// Demonstrates: four balls racing with .curveEaseIn, .curveEaseOut, .curveEaseInOut and .curveLinear
// (UIView.animate with .repeat and .autoreverse); the button morph (frame, center and
// layer.cornerRadius over 2 s in one UIView.animate block); a CATransaction that groups a view
// animation and a layer animation on the overshoot curve (0.65, −0.55, 0.27, 1.55); a
// CAKeyframeAnimation along a path with rotationMode .rotateAuto.
// Interaction: tap the button to morph it into a circle and back; the overshoot pair swings every 2 s.
import Flipbook

final class BasicsScene: UIViewController, Scene {
    static let name = "basics"
    static let summary = "Seed 001: the four curves racing, repeat + autoreverse, the button morph, overshoot CATransaction, keyframe path"
    static let menuSection: SceneSection = .fromTheArticles
    static let curves: [(String, UIView.AnimationOptions)] = [
        ("easeIn", .curveEaseIn), ("easeOut", .curveEaseOut), ("easeInOut", .curveEaseInOut), ("linear", .curveLinear),
    ]
    private var balls: [UIView] = []
    private var labels: [UILabel] = []
    let morphButton = UIButton(type: .system)
    private var morphed = false
    private let swingView = UIView()
    private let swingLayer = CALayer()
    private var swingRight = false
    private var swingTimer: Timer?
    private let pathLayer = CAShapeLayer()
    private let traveller = CAShapeLayer()
    private let caption = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        for (i, (name, _)) in Self.curves.enumerated() {
            let ball = UIView(frame: CGRect(x: 0, y: 0, width: 36, height: 36))
            ball.layer.cornerRadius = 18
            ball.backgroundColor = [UIColor.systemRed, .systemOrange, .systemGreen, .systemBlue][i]
            ball.layer.name = "ball-\(name)"
            let label = UILabel()
            label.text = name
            label.textColor = .lightGray
            label.font = .systemFont(ofSize: 14)
            balls.append(ball); labels.append(label)
            view.addSubview(label); view.addSubview(ball)
        }
        morphButton.setTitle("Tap to morph", for: .normal)
        morphButton.setTitleColor(.white, for: .normal)
        morphButton.backgroundColor = .systemPurple
        morphButton.layer.name = "morph"
        morphButton.addAction(for: .touchUpInside) { [unowned self] in self.morph() }
        view.addSubview(morphButton)
        swingView.backgroundColor = .systemTeal
        swingView.layer.name = "swingView"
        swingLayer.backgroundColor = UIColor.systemPink.cgColor
        swingLayer.name = "swingLayer"
        view.addSubview(swingView)
        view.layer.addSublayer(swingLayer)
        pathLayer.fillColor = nil
        pathLayer.strokeColor = UIColor(white: 1, alpha: 0.25).cgColor
        pathLayer.lineWidth = 2
        pathLayer.lineDashPattern = [6, 6]
        traveller.name = "traveller"
        traveller.fillColor = UIColor.systemYellow.cgColor
        let arrow = CGMutablePath()
        arrow.addLines(between: [CGPoint(x: 14, y: 0), CGPoint(x: -10, y: -9), CGPoint(x: -5, y: 0), CGPoint(x: -10, y: 9)])
        arrow.closeSubpath()
        traveller.path = arrow
        view.layer.addSublayer(pathLayer)
        view.layer.addSublayer(traveller)
        caption.text = "the four curves · repeat + autoreverse · tap the button to morph · overshoot CATransaction · keyframe path"
        caption.textAlignment = .center
        caption.font = .systemFont(ofSize: 14)
        caption.numberOfLines = 0
        caption.textColor = .lightGray
        view.addSubview(caption)
        swingTimer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { [weak self] _ in self?.swing() }
    }

    private var laidOutSize = CGSize.zero

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Layout passes also follow frame changes inside the view; only a new size restarts things.
        guard view.bounds.size != laidOutSize else { return }
        laidOutSize = view.bounds.size
        layoutAndStart()
    }

    /// Places everything for the current size and (re)starts the racing balls and the keyframe path.
    private func layoutAndStart() {
        let b = view.bounds
        let laneLeft: CGFloat = 120, laneRight = b.width * 0.5
        // 70 points between lanes, closer in a short window so the lowest ball keeps clear of the
        // keyframe loop (its top is about 60 points above the loop's start, 150 above the bottom).
        let lane = max(40, min(70, (b.height - 316) / 3))
        swingRight = false
        UIView.performWithoutAnimation {
            for (i, ball) in balls.enumerated() {
                let y = 70 + CGFloat(i) * lane
                labels[i].frame = CGRect(x: 20, y: y - 10, width: 96, height: 20)
                ball.layer.removeAllAnimations()
                ball.center = CGPoint(x: laneLeft, y: y)
            }
            morphButton.frame = CGRect(x: b.width * 0.62, y: 40, width: 200, height: 56)
            morphButton.layer.cornerRadius = 10
            morphed = false
            swingView.frame = CGRect(x: b.width * 0.6, y: 180, width: 60, height: 60)
            swingLayer.frame = CGRect(x: b.width * 0.6, y: 260, width: 60, height: 60)
            // One line when it fits, else wrapped (a 640-point window) and raised to stay whole.
            let captionHeight = max(22, caption.sizeThatFits(CGSize(width: b.width - 24, height: 200)).height)
            caption.frame = CGRect(x: 12, y: b.height - 8 - captionHeight, width: b.width - 24, height: captionHeight)
        }
        // The race: each ball with its curve, back and forth forever.
        for (i, (_, curve)) in Self.curves.enumerated() {
            UIView.animate(withDuration: 2, delay: 0, options: [curve, .repeat, .autoreverse]) {
                self.balls[i].center.x = laneRight
            }
        }
        // The keyframe path: a loop in the lower left, travelled with the arrow turned along it.
        let loop = CGMutablePath()
        let o = CGPoint(x: 140, y: b.height - 150)
        loop.move(to: o)
        loop.addCurve(to: CGPoint(x: o.x + 360, y: o.y), control1: CGPoint(x: o.x + 80, y: o.y - 150),
                      control2: CGPoint(x: o.x + 280, y: o.y + 150))
        loop.addCurve(to: o, control1: CGPoint(x: o.x + 280, y: o.y - 150), control2: CGPoint(x: o.x + 80, y: o.y + 150))
        CATransaction.performWithoutAnimation { pathLayer.path = loop; traveller.position = o }
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = loop
        follow.duration = 4
        follow.repeatCount = .infinity
        follow.rotationMode = .rotateAuto
        traveller.add(follow, forKey: "follow")
    }

    /// The seed's morph: frame, center and cornerRadius change together over 2 s.
    func morph() {
        morphed.toggle()
        let side: CGFloat = 60, b = view.bounds
        UIView.animate(withDuration: 2) {
            if self.morphed {
                self.morphButton.frame = CGRect(x: 0, y: 0, width: side, height: side)
                self.morphButton.center = CGPoint(x: b.width * 0.62 + 100, y: 68)
                self.morphButton.layer.cornerRadius = side / 2
            } else {
                self.morphButton.frame = CGRect(x: b.width * 0.62, y: 40, width: 200, height: 56)
                self.morphButton.layer.cornerRadius = 10
            }
        }
    }

    /// One transaction, one curve: a view animation and a layer animation share the overshoot.
    func swing() {
        swingRight.toggle()
        // 200 points, less where that would leave the window (the overshoot adds about a tenth).
        let reach = max(40, min(200, view.bounds.width * 0.4 - 100))
        let dx: CGFloat = swingRight ? reach : -reach
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55))
        UIView.animate(withDuration: 1) { self.swingView.center.x += dx }
        swingLayer.position.x += dx // a standalone layer: an implicit animation in the same transaction
        CATransaction.commit()
    }
}
