import FlipbookTesting
import Testing

/// A view controller with a button identified as "go" that UIView.animate slides right, and a
/// layer named "mark" inside a view: what a script's `@NAME` lines aim at.
private final class TargetsController: UIViewController {
    let button = UIButton(type: .system)
    let box = UIView(frame: CGRect(x: 300, y: 200, width: 40, height: 40))
    var taps: [Double] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        button.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
        button.accessibilityIdentifier = "go"
        button.addAction(for: .touchUpInside) { [unowned self] in taps.append(CACurrentMediaTime()) }
        let mark = CALayer()
        mark.name = "mark"
        mark.frame = CGRect(x: 10, y: 20, width: 10, height: 10)
        box.layer.addSublayer(mark)
        view.addSubview(button)
        view.addSubview(box)
    }
}

struct SceneTesterTargetsTests {
    /// A tap at a button named by its accessibilityIdentifier presses it where it is, far from
    /// where it started; a layer's name is found inside a view's tree; mid-animation the centre
    /// is the presented one, not the model's.
    @Test func tapsAtNamedTargetsHitThemWhereTheyAreShown() throws {
        let vc = TargetsController()
        let tester = try SceneTester(viewController: vc, size: CGSize(width: 640, height: 360))
        tester.perform { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { vc.button.frame.origin.x = 520 } }
        try tester.play(script: "1.2 tap @go\n1.5 tap @go")
        tester.advance(to: 0.5)
        let mid = try #require(tester.centre(ofTarget: "go"))
        #expect(mid.x > 295 && mid.x < 315 && mid.y == 40, "\(mid)") // 60 + 500 × (0.48…0.5)
        tester.advance(to: 2)
        #expect(vc.taps.count == 2, "\(vc.taps)")
        #expect(tester.engine.diagnostics.isEmpty, "\(tester.engine.diagnostics)")
        #expect(tester.centre(ofTarget: "go") == CGPoint(x: 560, y: 40))
        #expect(tester.centre(ofTarget: "mark") == CGPoint(x: 315, y: 225))
        #expect(tester.centre(ofTarget: "nobody") == nil)
    }

    /// A name not on screen when due (none, or hidden) is reported through the engine, once, and
    /// the line is skipped: the button is not pressed, nothing traps.
    @Test func aTargetNotOnScreenIsReportedAndSkipped() throws {
        let vc = TargetsController()
        let tester = try SceneTester(viewController: vc, size: CGSize(width: 640, height: 360))
        var reports: [String] = []
        tester.engine.reportSink = { reports.append($0) }
        tester.perform { vc.button.isHidden = true }
        try tester.play(script: "0.25 tap @go\n0.5 drag @nobody 10 0 0.2\n# done")
        tester.advance(to: 1)
        #expect(vc.taps.isEmpty)
        #expect(reports == [
            "script line 1: no layer or view named go on screen at 0.25 s; skipped",
            "script line 2: no layer or view named nobody on screen at 0.5 s; skipped",
        ])
    }
}
