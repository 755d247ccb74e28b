import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIViewControllerTests {
    final class Logged: UIViewController {
        var log: [String] = []
        override func loadView() { log.append("loadView"); view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        override func viewDidLoad() { log.append("viewDidLoad") }
        override func viewWillAppear(_ animated: Bool) { log.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
        override func viewDidLayoutSubviews() { log.append("didLayout") }
        override func willMove(toParent parent: UIViewController?) { log.append("willMove \(parent != nil)") }
        override func didMove(toParent parent: UIViewController?) { log.append("didMove \(parent != nil)") }
    }

    @Test func viewLoadsLazilyOnce() {
        let vc = Logged()
        #expect(!vc.isViewLoaded && vc.log.isEmpty)
        _ = vc.view
        _ = vc.view
        #expect(vc.log == ["loadView", "viewDidLoad"])
        #expect(vc.view.next === vc)                  // the controller is its view's next responder
    }

    @Test func rootViewControllerFillsTheWindowAndAppears() {
        let st = ViewStage(300, 200)
        let vc = Logged()
        st.window.rootViewController = vc
        #expect(vc.view.superview === st.window)
        #expect(vc.view.frame == st.window.bounds)
        #expect(vc.log == ["loadView", "viewDidLoad", "willAppear", "didAppear"])
        st.frame(0)
        #expect(vc.log.last == "didLayout")           // after the view's layoutSubviews in the layout phase
        st.window.rootViewController = nil
        #expect(vc.log.suffix(2) == ["willDisappear", "didDisappear"])
        #expect(vc.view.superview == nil)
    }

    @Test func childContainment() {
        let parent = Logged(), child = Logged()
        parent.addChild(child)
        #expect(parent.children.count == 1 && child.parent === parent)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
        #expect(child.log.filter { $0.hasPrefix("willMove") || $0.hasPrefix("didMove") }
                == ["willMove true", "didMove true", "willMove false", "didMove false"])
    }

    @Test func windowAsASceneRoot() {
        // What a Scene wraps: window.layer is the root layer, input goes to handle(_:at:).
        let st = ViewStage(200, 200)
        let vc = UIViewController()
        st.window.rootViewController = vc
        var tapped = false
        let button = UIButton(frame: CGRect(x: 50, y: 50, width: 100, height: 40))
        button.addAction(for: .touchUpInside) { tapped = true }
        vc.view.addSubview(button)
        st.frame(0)
        st.input(.pointerDown(CGPoint(x: 100, y: 70)), at: 1.0 / 60)
        st.input(.pointerUp(CGPoint(x: 100, y: 70)), at: 2.0 / 60)
        #expect(tapped)
        #expect(CACurrentMediaTime() == 2.0 / 60)        // the frame of that input is at its time
        st.input(.pointerDown(CGPoint(x: CGFloat.nan, y: 1)), at: Double.nan)  // bad input is ignored
        let screen = UIScreen()
        st.window.screen = screen
        st.window.resize(to: CGSize(width: 320, height: 240), scale: 2)
        st.window.resize(to: CGSize(width: CGFloat.nan, height: 1))
        #expect(screen.bounds.size == CGSize(width: 320, height: 240) && screen.scale == 2)
        st.frame(0.1)
        #expect(vc.view.frame == CGRect(x: 0, y: 0, width: 320, height: 240))  // followed in the layout phase
    }
}
