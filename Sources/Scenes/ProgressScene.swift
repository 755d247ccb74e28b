// progress — seed 003, "Circular progress view".
//
// Demonstrates: a custom animatable property (`progress`) on a UIView that takes UIView.animate's
// duration and curve through action(for:forKey:), the technique of the seed; zPosition ordering of
// the track and the bar. Interaction: the button (click, or A) sets a random value with a 1 s
// ease-in-ease-out animation; the label shows the target.
import Flipbook
import SplitMix

final class ProgressScene: UIViewController, Scene {
    static let name = "progress"
    static let summary = "Seed 003: a circular progress view whose progress animates inside UIView.animate"
    static let menuSection: SceneSection = .fromTheArticles
    /// The tour's input: "Random progress" three times; each value animates over 1 s. The button
    /// is named (`tap @random`): it sits a fixed distance below the ring, which a position scaled
    /// to another window size misses.
    static let demoScript: DemoScript? = DemoScript("""
        0.30 tap @random
        1.50 tap @random
        2.70 tap @random
        """)
    let ring = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 260, height: 260))
    let button = UIButton(type: .system)
    let label = UILabel()
    let caption = UILabel()
    private var random = SplitMix64(seed: 3) // the same values on every run: renders stay byte-identical

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.96, alpha: 1)
        button.setTitle("Random progress", for: .normal)
        button.backgroundColor = .systemBlue
        button.setTitleColor(.white, for: .normal)
        button.layer.cornerRadius = 12
        button.accessibilityIdentifier = "random"
        button.addAction(for: .touchUpInside) { [unowned self] in self.randomize() }
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 32, weight: .bold)
        label.text = "0 %"
        caption.textAlignment = .center
        caption.font = .systemFont(ofSize: 15)
        caption.textColor = .darkGray
        caption.text = "progress animates inside UIView.animate through action(for:forKey:)"
        [ring, label, button, caption].forEach(view.addSubview)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // Sized for 1280 × 720 and grown with a larger window (×1.5 at 1920 × 1080), so the
        // group does not sit small in the middle of a big one.
        let k = max(1, min(b.width / 1280, b.height / 720))
        let side = min(260 * k, min(b.width, b.height) - 140 * k)
        ring.frame = CGRect(x: b.midX - side / 2, y: b.midY - side / 2 - 40 * k, width: side, height: side)
        label.font = .systemFont(ofSize: 32 * k, weight: .bold)
        label.frame = CGRect(x: ring.frame.minX, y: ring.center.y - 22 * k, width: side, height: 44 * k)
        button.frame = CGRect(x: b.midX - 110 * k, y: ring.frame.maxY + 16 * k, width: 220 * k, height: 48 * k)
        button.titleLabel?.font = .systemFont(ofSize: UIFont.buttonFontSize * k)
        caption.font = .systemFont(ofSize: 15 * k)
        caption.frame = CGRect(x: 0, y: b.height - 30 * k, width: b.width, height: 24 * k)
    }

    /// A new random value, animated over 1 s with ease-in-ease-out.
    func randomize() {
        let value = CGFloat((random.unit() * 100).rounded() / 100)
        label.text = "\(Int((value * 100).rounded())) %"
        UIView.animate(withDuration: 1, delay: 0, options: .curveEaseInOut) {
            self.ring.progress = value
        }
    }
}
