import FlipbookTesting
import Testing

/// A picture that scales and turns with two fingers, as the UIGestureRecognizer tutorial's.
private final class PictureController: UIViewController {
    let picture = UIView(frame: CGRect(x: 220, y: 80, width: 200, height: 200))
    var pinches: [(UIGestureRecognizer.State, CGFloat)] = []
    var rotations: [(UIGestureRecognizer.State, CGFloat)] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        picture.accessibilityIdentifier = "photo"
        picture.addGestureRecognizer(UIPinchGestureRecognizer { [unowned self] in pinches.append(($0.state, $0.scale)) })
        picture.addGestureRecognizer(UIRotationGestureRecognizer { [unowned self] in rotations.append(($0.state, $0.rotation)) })
        view.addSubview(picture)
    }
}

struct SceneTesterFingersTests {
    /// The script's pinch and rotate spread and turn the fingers at an even rate: the scale and the
    /// angle at a frame are exact (1 + (scale − 1) × f, angle × f), and each gesture ends at its value.
    @Test func pinchAndRotateLinesGiveExactValuesAtFrames() throws {
        let vc = PictureController()
        let tester = try SceneTester(viewController: vc, size: CGSize(width: 640, height: 360))
        try tester.play(script: "0.5 pinch @photo 2 0.5\n1.5 rotate @photo 90 0.5")
        tester.advance(to: 0.75)
        let (state, scale) = try #require(vc.pinches.last)
        #expect(state == .changed && abs(scale - 1.5) < 1e-9, "\(state) \(scale)")
        tester.advance(to: 1.75)
        #expect(vc.pinches.last.map { $0.0 == .ended && abs($0.1 - 2) < 1e-9 } == true, "\(vc.pinches.suffix(2))")
        #expect(vc.pinches.count(where: { $0.0 == .began }) == 1)
        #expect(vc.rotations.last.map { $0.0 == .changed && abs($0.1 - .pi / 4) < 1e-9 } == true, "\(vc.rotations.suffix(2))")
        tester.advance(to: 2.1)
        #expect(vc.rotations.last.map { $0.0 == .ended && abs($0.1 - .pi / 2) < 1e-9 } == true, "\(vc.rotations.suffix(2))")
        #expect(tester.engine.diagnostics.isEmpty, "\(tester.engine.diagnostics)")
    }
}
