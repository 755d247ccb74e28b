import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// The update-constraints pass (AutoLayout/UIView+UpdateConstraints.swift): who is called, in
/// UIKit's order, and that what `updateConstraints()` changes is laid out in the same pass.
@Suite(.isolatedEngine) struct UIViewUpdateConstraintsTests {
    final class Logger { var lines: [String] = [] }

    final class Logged: UIView {
        let name: String, log: Logger
        var update: () -> Void = {}
        init(_ name: String, _ log: Logger) {
            self.name = name; self.log = log
            super.init(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        required init?(coder: NSCoder) { fatalError() }
        override func updateConstraints() { log.lines.append("\(name).updateConstraints"); update(); super.updateConstraints() }
        override func layoutSubviews() { log.lines.append("\(name).layoutSubviews"); super.layoutSubviews() }
    }

    final class Controller: UIViewController {
        let log: Logger
        init(_ log: Logger) { self.log = log; super.init() }
        required init?(coder: NSCoder) { fatalError() }
        override func loadView() { view = Logged("root", log) }
        override func viewDidLoad() { log.lines.append("viewDidLoad") }
        override func updateViewConstraints() { log.lines.append("updateViewConstraints"); super.updateViewConstraints() }
        override func viewWillLayoutSubviews() { log.lines.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.lines.append("viewDidLayoutSubviews") }
    }

    /// Subviews update before superviews; each flag is cleared; a constraint made in
    /// `updateConstraints()` is in the frames of the same layout.
    @Test func subviewsFirstThenLayout() {
        let log = Logger()
        let parent = Logged("parent", log), child = Logged("child", log)
        child.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(child)
        let width = child.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 10),
                                     child.leadingAnchor.constraint(equalTo: parent.leadingAnchor), child.topAnchor.constraint(equalTo: parent.topAnchor)])
        parent.layoutIfNeeded()
        log.lines = []
        child.update = { width.constant = 40 }
        parent.setNeedsUpdateConstraints()
        child.setNeedsUpdateConstraints()
        #expect(parent.needsUpdateConstraints() && child.needsUpdateConstraints())
        parent.layoutIfNeeded()
        #expect(log.lines == ["child.updateConstraints", "parent.updateConstraints", "parent.layoutSubviews", "child.layoutSubviews"])
        #expect(!parent.needsUpdateConstraints() && !child.needsUpdateConstraints() && child.frame.width == 40)
        log.lines = []
        child.setNeedsUpdateConstraints()
        child.updateConstraintsIfNeeded()
        child.updateConstraintsIfNeeded()
        #expect(log.lines == ["child.updateConstraints"])
    }

    /// A controller: viewDidLoad, then updateViewConstraints (standing for its view's
    /// updateConstraints, which its default calls), then the layout callbacks around layoutSubviews.
    @Test func aControllersOrder() {
        let log = Logger()
        let vc = Controller(log)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.rootViewController = vc
        window.layoutIfNeeded()
        vc.view.layoutIfNeeded()
        #expect(log.lines ==
                ["viewDidLoad", "updateViewConstraints", "root.updateConstraints", "viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
        log.lines = []
        vc.view.setNeedsUpdateConstraints()
        vc.view.layoutIfNeeded()
        #expect(log.lines == ["updateViewConstraints", "root.updateConstraints", "viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
    }

    final class Required: UIView {
        var updates = 0
        override class var requiresConstraintBasedLayout: Bool { true }
        override func updateConstraints() { updates += 1; super.updateConstraints() }
    }

    @Test func requiresConstraintBasedLayoutUpdatesBeforeTheFirstLayout() {
        let v = Required(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.needsUpdateConstraints())
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.updates == 1 && !v.needsUpdateConstraints())
    }
}
