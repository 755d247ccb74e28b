// card — a card a property animator slides and turns, written as a UIKit screen.
//
// Shows: UIViewPropertyAnimator started at once; a pan gesture's closure that pauses it, scrubs
// fractionComplete with the finger and lets it finish on release; a Timer scheduled and not kept
// (the run loop holds it until it fires, as on iOS) that turns the background green after 0.5 s; an
// image from the package's own resources (Images/star.png, through Bundle.module).
import Flipbook

final class CardViewController: UIViewController, Scene {
    static let name = "card"
    static let summary = "A card slid by a property animator; drag it to scrub, a timer turns the page green"

    private let card = UIView(frame: CGRect(x: 40, y: 120, width: 160, height: 100))
    private let label = UILabel()
    private let star = UIImageView(image: UIImage(named: "star", in: .module, compatibleWith: nil))
    private var animator: UIViewPropertyAnimator?
    private var fractionAtTouch: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGray6
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        card.layer.name = "card"
        label.text = "drag me"
        label.textColor = .white
        label.textAlignment = .center
        label.frame = card.bounds
        card.addSubview(label)
        star.frame = CGRect(x: 8, y: 8, width: 24, height: 24)
        card.addSubview(star)
        view.addSubview(card)

        card.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] pan in
            guard let animator else { return }
            switch pan.state {
            case .began:
                animator.pauseAnimation()
                fractionAtTouch = animator.fractionComplete
            case .changed:
                let dx = pan.translation(in: view).x
                animator.fractionComplete = min(1, max(0, fractionAtTouch + dx / 300))
            case .ended, .cancelled:
                animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            default:
                break
            }
        })

        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
            self?.view.backgroundColor = .systemGreen
            self?.label.text = "timer fired"
        }
    }

    // UIKit's rule: an animator must be finished or stopped before it is released, and this one
    // pauses on completion (or under the finger), so the screen stops it when it goes.
    deinit {
        animator?.stopAnimation(true)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let animator = UIViewPropertyAnimator(duration: 3, curve: .easeInOut) {
            self.card.center.x += 300
            self.card.transform = CGAffineTransform(rotationAngle: .pi / 12)
        }
        animator.pausesOnCompletion = true
        animator.startAnimation()
        self.animator = animator
    }
}
