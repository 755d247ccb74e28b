import FlipbookTesting
import Testing

/// The README's "Your own playground" scene and its "Testing your scenes" test, as printed there,
/// so the numbers the README shows are checked.
struct ReadmeExampleTests {
    final class Bounce: UIViewController, Scene {
        static let name = "bounce"
        static let summary = "A square that bounces"
        let square = UIView(frame: CGRect(x: 40, y: 40, width: 80, height: 80))

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            square.backgroundColor = .systemBlue
            square.layer.cornerRadius = 12
            square.layer.name = "square"
            view.addSubview(square)
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveEaseInOut]) {
                self.square.center.y += 140
            }
        }
    }

    @Test func theSquareBounces() throws {
        let tester = try SceneTester(Bounce.self, size: CGSize(width: 480, height: 270), scale: 1, fps: 60)
        tester.advance(to: 1)
        #expect(tester.presentationLayer(named: "square")?.position.y == 220)   // the bottom of the bounce, in frame
        #expect(tester.pixel(x: 5, y: 5)?.red == 255)
        tester.assertSnapshot()                               // __Snapshots__/ReadmeExampleTests/theSquareBounces.60.png
        tester.advance(to: 2)
        #expect(tester.presentationLayer(named: "square")?.position.y == 80)   // and back
    }
}
