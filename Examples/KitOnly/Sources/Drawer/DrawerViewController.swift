// A bottom drawer laid out with Auto Layout anchors, opened by changing its height constraint's
// constant and calling layoutIfNeeded() inside UIView.animate, as iOS code does.
import Flipbook

public final class DrawerViewController: UIViewController, Scene {
    public static let name = "drawer"
    public static let summary = "A drawer whose height constraint animates"

    public let drawer = UIView()
    private var height: NSLayoutConstraint!

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        drawer.backgroundColor = .systemBlue
        drawer.layer.name = "drawer"
        drawer.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(drawer)
        height = drawer.heightAnchor.constraint(equalToConstant: 40)
        NSLayoutConstraint.activate([
            drawer.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            drawer.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -20),
            drawer.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            height,
        ])
    }

    /// Opens the drawer to `newHeight` points over `duration` seconds, linearly.
    public func open(to newHeight: CGFloat, duration: TimeInterval) {
        height.constant = newHeight
        UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear]) {
            self.view.layoutIfNeeded()
        }
    }
}
