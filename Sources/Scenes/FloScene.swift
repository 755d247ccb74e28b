// flo — seed 001, "Core Graphics in draw(_:)": the Flo water counter.
//
// Demonstrates: views that draw themselves in draw(_:) with UIBezierPath and UIColor.setFill /
// setStroke, redrawn only after setNeedsDisplay; the counter's outline built from an outer arc, an
// inner arc back and close(). Interaction: the green + and red − buttons (mouse, or the controller's
// pointer and A; the D-pad moves focus between them) change the glasses drunk, 0…8.
import Flipbook

final class FloScene: UIViewController, Scene {
    static let name = "flo"
    static let summary = "Seed 001: PushButton and CounterView drawn in draw(_:); buttons change the counter"
    static let menuSection: SceneSection = .fromTheArticles
    /// The tour's input: − three times (the counter starts at 5), then + four times.
    static let demoScript: DemoScript? = DemoScript("""
        0.30 tap @subtract
        0.80 tap @subtract
        1.30 tap @subtract
        1.80 tap @add
        2.30 tap @add
        2.80 tap @add
        3.30 tap @add
        """)
    let counterView = FloCounterView(frame: CGRect(x: 0, y: 0, width: 230, height: 230))
    let addButton = FloPushButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let subtractButton = FloPushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
    let countLabel = UILabel()
    let caption = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.97, alpha: 1)
        counterView.layer.name = "counter"
        subtractButton.isAddButton = false
        subtractButton.fillColor = UIColor(red: 0.94, green: 0.31, blue: 0.24, alpha: 1)
        addButton.accessibilityIdentifier = "add"
        subtractButton.accessibilityIdentifier = "subtract"
        addButton.addAction(for: .touchUpInside) { [unowned self] in self.change(by: 1) }
        subtractButton.addAction(for: .touchUpInside) { [unowned self] in self.change(by: -1) }
        countLabel.font = .systemFont(ofSize: 36, weight: .bold)
        countLabel.textAlignment = .center
        caption.textAlignment = .center
        caption.font = .systemFont(ofSize: 15)
        caption.textColor = .darkGray
        caption.text = "drawn in draw(_:) with UIBezierPath — + and − change the counter"
        [counterView, countLabel, addButton, subtractButton, caption].forEach(view.addSubview)
        change(by: 0)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // Sized for 1280 × 720 and grown with a larger window (×1.5 at 1920 × 1080), where the
        // group sat small in the middle; up to 1280 × 720 every size is the 1280 one.
        let k = max(1, min(b.width / 1280, b.height / 720))
        counterView.scale = k
        addButton.scale = k
        subtractButton.scale = k
        counterView.bounds.size = CGSize(width: 230 * k, height: 230 * k)
        addButton.bounds.size = CGSize(width: 100 * k, height: 100 * k)
        subtractButton.bounds.size = CGSize(width: 60 * k, height: 60 * k)
        countLabel.font = .systemFont(ofSize: 36 * k, weight: .bold)
        caption.font = .systemFont(ofSize: 15 * k)
        // The counter, + and − stacked as one group (460 pt tall at 1280 × 720) centred in the height.
        let captionRoom = 32 * k
        let top = max(0, (b.height - captionRoom - 460 * k) / 2)
        counterView.center = CGPoint(x: b.midX, y: top + 115 * k)
        countLabel.frame = CGRect(x: counterView.center.x - 60 * k, y: counterView.center.y - 24 * k, width: 120 * k, height: 48 * k)
        addButton.center = CGPoint(x: b.midX, y: counterView.frame.maxY + 40 * k)
        subtractButton.center = CGPoint(x: b.midX, y: addButton.frame.maxY + 45 * k)
        caption.frame = CGRect(x: 0, y: b.height - captionRoom, width: b.width, height: 22 * k)
    }

    func change(by step: Int) {
        counterView.counter += step
        countLabel.text = "\(counterView.counter)"
    }
}
