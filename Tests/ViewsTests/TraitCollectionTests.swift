import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// Light and dark appearance (#35 item 6): dynamic colours, the system colours' two values,
/// `overrideUserInterfaceStyle` on windows, views and controllers, `traitCollectionDidChange(_:)`
/// with `UITraitCollection.current` set, and the walk down the tree pruned where nothing changes.
@Suite(.isolatedEngine) struct TraitCollectionTests {
    /// A view that logs its trait callbacks and what `UIColor.label` resolves to inside them.
    final class Recorder: UIView {
        var log: [(previous: UIUserInterfaceStyle?, now: UIUserInterfaceStyle, label: CGColor)] = []
        override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            super.traitCollectionDidChange(previous)
            log.append((previous?.userInterfaceStyle, traitCollection.userInterfaceStyle, UIColor.label.cgColor))
        }
    }

    final class Order { var names: [String] = [] }

    final class RecordingController: UIViewController {
        let order = Order()
        override func traitCollectionDidChange(_ previous: UITraitCollection?) { order.names.append("controller") }
    }

    final class OrderedView: UIView {
        var order: Order?
        override func traitCollectionDidChange(_ previous: UITraitCollection?) { order?.names.append("view") }
    }

    @Test func dynamicColoursResolvePerAppearanceAndSystemColoursAreOneObject() {
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        #expect(UIColor.systemBackground.resolvedColor(with: dark).cgColor == CGColor(gray: 0, alpha: 1))
        #expect(UIColor.systemBackground.resolvedColor(with: light).cgColor == CGColor(gray: 1, alpha: 1))
        #expect(UIColor.systemBlue.resolvedColor(with: dark).cgColor == CGColor(red: 10 / 255, green: 132 / 255, blue: 1, alpha: 1))
        #expect(UIColor.systemBackground.resolvedColor(with: UITraitCollection()).cgColor == CGColor(gray: 1, alpha: 1))
        #expect(UIColor.label == UIColor.label)
        #expect(UIColor.label != UIColor.black)
        #expect(Set([UIColor.label, .label, .systemRed]).count == 2)
        let faded = UIColor.label.withAlphaComponent(0.5)
        #expect(faded == UIColor.label.withAlphaComponent(0.5) && faded != UIColor.label.withAlphaComponent(0.4))
        #expect(faded.withAlphaComponent(0.3) == UIColor.label.withAlphaComponent(0.3))
        #expect(Set([faded, UIColor.label.withAlphaComponent(0.5)]).count == 1)
        #expect(faded.resolvedColor(with: dark).cgColor == CGColor(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(faded.resolvedColor(with: light).cgColor == CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        // cgColor resolves with `current`, which performAsCurrent sets and restores.
        var inside: CGColor?
        dark.performAsCurrent { inside = UIColor.label.cgColor }
        #expect(inside == CGColor(gray: 1, alpha: 1))
        #expect(UIColor.label.cgColor == CGColor(gray: 0, alpha: 1))
    }

    @Test func aProviderThatNeverSettlesIsReportedAndClear() {
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        var loop: UIColor!
        loop = UIColor { _ in loop }
        #expect(loop.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)) == .clear)
        #expect(reports.count == 1 && reports[0].contains("dynamicProvider"))
        loop = nil
    }

    @Test func theScreensAppearanceReachesBackgroundsLabelsAndCallbacks() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .systemBackground
        #expect(view.traitCollection.userInterfaceStyle == .unspecified)
        let label = UILabel()
        view.addSubview(label)
        window.addSubview(view)
        // Joining the window: its first appearance, with a callback from `.unspecified`.
        #expect(view.log.count == 1 && view.log[0].previous == .unspecified && view.log[0].now == .light)
        #expect(view.layer.backgroundColor == CGColor(gray: 1, alpha: 1))
        UIScreen.main.userInterfaceStyle = .dark
        #expect(view.traitCollection.userInterfaceStyle == .dark && label.traitCollection.userInterfaceStyle == .dark)
        #expect(view.layer.backgroundColor == CGColor(gray: 0, alpha: 1))
        #expect(label.textLayer.foregroundColor == CGColor(gray: 1, alpha: 1))
        #expect(view.log.count == 2 && view.log[1].previous == .light && view.log[1].now == .dark)
        #expect(view.log[1].label == CGColor(gray: 1, alpha: 1))     // current was the view's traits
        #expect(UITraitCollection.current.userInterfaceStyle == .dark)   // the screen's, outside callbacks
        // Setting the same appearance again calls nothing.
        UIScreen.main.userInterfaceStyle = .dark
        #expect(view.log.count == 2)
        // A fixed colour stays; a dynamic one set while dark resolves dark at once.
        view.backgroundColor = .red
        UIScreen.main.userInterfaceStyle = .light
        #expect(view.layer.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        UIScreen.main.userInterfaceStyle = .dark
        view.backgroundColor = .secondarySystemBackground
        #expect(view.layer.backgroundColor == CGColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1))
    }

    @Test func overridesHoldTheirSubtreeAndControllersHearFirst() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = RecordingController()
        let root = OrderedView(frame: window.bounds)
        root.order = controller.order
        controller.view = root
        let pinned = Recorder(), child = Recorder()
        pinned.overrideUserInterfaceStyle = .light
        pinned.addSubview(child)
        root.addSubview(pinned)
        window.addSubview(root)
        #expect(controller.order.names == ["controller", "view"])       // joining the window
        UIScreen.main.userInterfaceStyle = .dark
        #expect(root.traitCollection.userInterfaceStyle == .dark)
        #expect(pinned.traitCollection.userInterfaceStyle == .light && child.traitCollection.userInterfaceStyle == .light)
        #expect(controller.order.names == ["controller", "view", "controller", "view"])
        #expect(child.log.count == 1)               // only its joining: the screen's change stopped above it
        // The controller's override takes the root view and all below but the pinned subtree.
        controller.overrideUserInterfaceStyle = .light
        #expect(root.traitCollection.userInterfaceStyle == .light && controller.traitCollection.userInterfaceStyle == .light)
        #expect(controller.order.names.count == 6)
        pinned.overrideUserInterfaceStyle = .dark
        #expect(child.traitCollection.userInterfaceStyle == .dark && child.log.last?.now == .dark)
        // A window's override: the root inherits it once the controller's goes.
        window.overrideUserInterfaceStyle = .light
        #expect(controller.order.names.count == 6)  // already light: nothing heard
        controller.overrideUserInterfaceStyle = .unspecified
        #expect(root.traitCollection.userInterfaceStyle == .light && controller.order.names.count == 6)
        window.overrideUserInterfaceStyle = .unspecified
        #expect(root.traitCollection.userInterfaceStyle == .dark && controller.order.names.count == 8)
        // A controller not yet loaded answers the screen's traits with its override.
        let unloaded = UIViewController()
        unloaded.overrideUserInterfaceStyle = .light
        #expect(unloaded.traitCollection.userInterfaceStyle == .light && !unloaded.isViewLoaded)
    }

    @Test func aViewTakenOutKeepsItsAppearanceUntilItJoinsAnotherTree() {
        let light = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let darkWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        darkWindow.overrideUserInterfaceStyle = .dark
        let v = Recorder()
        light.addSubview(v)
        v.removeFromSuperview()
        #expect(v.traitCollection.userInterfaceStyle == .light)
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.addSubview(v)
        #expect(v.log.count == 1)                   // light to light: nothing to hear
        darkWindow.addSubview(v)
        #expect(v.log.count == 2 && v.log[1].now == .dark)
    }

    @Test func aDeepChainChangesInOnePassAndUnchangedSubtreesAreNotWalked() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var last: UIView = window
        var views: [Recorder] = []
        for _ in 0..<20_000 {
            let v = Recorder()
            last.addSubview(v)
            views.append(v)
            last = v
        }
        UIScreen.main.userInterfaceStyle = .dark
        #expect(views.allSatisfy { $0.log.count == 2 })
        #expect(views.last?.traitCollection.userInterfaceStyle == .dark)
        // Pinned at the top: the screen's change walks one view.
        views[0].overrideUserInterfaceStyle = .dark
        UIScreen.main.userInterfaceStyle = .light
        #expect(views.allSatisfy { $0.log.count == 2 })
    }

    @Test func drawnContentIsRedrawnWithTheNewAppearance() {
        final class Swatch: UIView {
            var fills: [CGColor] = []
            override func draw(_ rect: CGRect) {
                UIColor.label.setFill()
                fills.append(UIColor.label.cgColor)
                UIRectFill(bounds)
            }
        }
        let st = ViewStage(20, 20)
        let swatch = Swatch(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        st.window.backgroundColor = .systemBackground
        st.show(swatch)
        swatch.setNeedsDisplay()
        let before = st.render(at: 0.1)
        UIScreen.main.userInterfaceStyle = .dark
        let after = st.render(at: 0.2)
        #expect(swatch.fills == [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)])
        // The swatch black on white, then white on black.
        let black = Color(hex: 0x000000).premultipliedPixel, white = Color(hex: 0xFFFFFF).premultipliedPixel
        #expect(before[5, 5] == black && before[15, 15] == white)
        #expect(after[5, 5] == white && after[15, 15] == black)
    }

    @Test func sizeClassesFollowTheWindow() {
        let phone = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let tablet = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        #expect(phone.traitCollection.horizontalSizeClass == .compact && phone.traitCollection.verticalSizeClass == .regular)
        #expect(tablet.traitCollection.horizontalSizeClass == .regular && tablet.traitCollection.verticalSizeClass == .regular)
        #expect(UIView().traitCollection.horizontalSizeClass == .unspecified)
        let combined = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(displayScale: 2)])
        #expect(combined.userInterfaceStyle == .dark && combined.displayScale == 2)
        #expect(phone.traitCollection.containsTraits(in: UITraitCollection(horizontalSizeClass: .compact)))
        #expect(!phone.traitCollection.containsTraits(in: UITraitCollection(userInterfaceStyle: .dark)))
        #expect(UITraitCollection(userInterfaceStyle: .dark).hasDifferentColorAppearance(comparedTo: nil))
    }

    /// A resize across a size class's threshold (a phone turned to landscape) is announced to
    /// every view and controller once; a resize within the classes is not.
    @Test func aResizeAcrossASizeClassIsAnnounced() {
        let st = ViewStage(390, 844)
        let controller = RecordingController()
        let root = OrderedView()
        root.order = controller.order
        controller.view = root
        st.window.rootViewController = controller
        let child = Recorder()
        root.addSubview(child)
        st.frame(0)
        let heard = child.log.count, names = controller.order.names.count
        st.window.frame = CGRect(x: 0, y: 0, width: 400, height: 800)      // still compact × regular
        st.frame(0.1)
        #expect(child.log.count == heard && controller.order.names.count == names)
        st.window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)      // landscape: regular × compact
        st.frame(0.2)
        #expect(child.log.count == heard + 1 && controller.order.names.count == names + 2)
        #expect(child.traitCollection.horizontalSizeClass == .regular && child.traitCollection.verticalSizeClass == .compact)
        #expect(controller.order.names.suffix(2) == ["controller", "view"])
    }

    final class OneRow: NSObject, UITableViewDataSource {
        func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { 1 }
        func tableView(_ t: UITableView, cellForRowAt ip: IndexPath) -> UITableViewCell {
            t.dequeueReusableCell(withIdentifier: "cell", for: ip)
        }
    }

    /// A grouped table in the dark: black behind, dark grey cells (a port showed them swapped).
    @Test func aGroupedTableTakesTheGroupedColours() {
        let st = ViewStage(320, 300)
        let source = OneRow()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .insetGrouped)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        st.show(table)
        UIScreen.main.userInterfaceStyle = .dark
        #expect(table.layer.backgroundColor == CGColor(gray: 0, alpha: 1))
        #expect(table.visibleCells.first?.layer.backgroundColor == CGColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1))
    }
}
