// bounce — a ball dropped with a spring, written as a UIKit screen.
//
// Shows: UIView.animate with spring damping; a tap gesture's closure; work handed to the main
// queue with DispatchQueue.main.async, which runs at the next pass of the frame loop as it runs at
// the next pass of the run loop on iOS (here it turns the background dark and drops the ball).
import Flipbook

final class BounceViewController: UIViewController, Scene {
    static let name = "bounce"
    static let summary = "A ball dropped with a spring; tap to drop it again"

    private let ball = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        ball.backgroundColor = .systemOrange
        ball.layer.cornerRadius = 40
        ball.layer.name = "ball"
        view.addSubview(ball)
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.drop() })

        DispatchQueue.main.async { [weak self] in
            self?.view.backgroundColor = UIColor(red: 0.11, green: 0.12, blue: 0.18, alpha: 1)
            self?.drop()
        }
    }

    private func drop() {
        let bounds = view.bounds
        ball.center = CGPoint(x: bounds.midX, y: 60)
        UIView.animate(withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.35, initialSpringVelocity: 0,
                       options: [.allowUserInteraction], animations: {
            self.ball.center = CGPoint(x: bounds.midX, y: bounds.maxY - 60)
        })
    }
}
