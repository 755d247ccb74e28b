import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UIPageViewController's scroll style: the finger pages, the data source is asked for
/// neighbours, the delegate hears the turn, pages are children; programmatic turns animate; the
/// curl style turns on a side tap.
@Suite(.isolatedEngine) struct UIPageViewControllerTests {
    final class Book: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let pages: [UIViewController]
        var log: [String] = []
        init(_ n: Int) {
            pages = (0..<n).map { i in
                let vc = UIViewController()
                vc.title = "p\(i)"
                return vc
            }
        }
        func index(_ vc: UIViewController) -> Int { pages.firstIndex { $0 === vc }! }
        func pageViewController(_ p: UIPageViewController, viewControllerBefore vc: UIViewController) -> UIViewController? {
            let i = index(vc); return i > 0 ? pages[i - 1] : nil
        }
        func pageViewController(_ p: UIPageViewController, viewControllerAfter vc: UIViewController) -> UIViewController? {
            let i = index(vc); return i + 1 < pages.count ? pages[i + 1] : nil
        }
        func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) {
            log.append("will \(pending.map { $0.title! })")
        }
        func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            log.append("did \(previousViewControllers.map { $0.title! }) \(completed)")
        }
    }

    func makeRig(_ book: Book, style: UIPageViewController.TransitionStyle = .scroll) -> (TransitionRig, UIPageViewController) {
        let rig = TransitionRig()
        let p = UIPageViewController(transitionStyle: style, navigationOrientation: .horizontal,
                                     options: [.interPageSpacing: 10])
        p.dataSource = book
        p.delegate = book
        p.setViewControllers([book.pages[0]], direction: .forward, animated: false)
        rig.show(p)
        return (rig, p)
    }

    /// A horizontal drag from x0 to x1 over `frames` frames at y 400, lifted, frames to `until`.
    func drag(_ rig: TransitionRig, from x0: Double, to x1: Double, at t0: Double, frames: Int, until: Double) {
        rig.stage.input(.pointerDown(CGPoint(x: x0, y: 400)), at: t0); rig.stage.frame(t0)
        for i in 1...frames {
            let t = t0 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: x0 + (x1 - x0) * Double(i) / Double(frames), y: 400)), at: t)
            rig.stage.frame(t)
        }
        let up = t0 + Double(frames + 1) / 60
        rig.stage.input(.pointerUp(CGPoint(x: x1, y: 400)), at: up); rig.stage.frame(up)
        rig.run(from: up, to: until)
    }

    @Test func aDragPagesForwardWithTheDelegatesCallsAndChildren() {
        let book = Book(3)
        let (rig, p) = makeRig(book)
        #expect(p.children.map { $0.title! } == ["p0", "p1"])          // the current page and its neighbour
        #expect(p.scroller.contentSize.width == 2 * 400 && p.scroller.contentOffset.x == 0)
        #expect(book.pages[1].view.frame.minX == 400)                  // 390 + 10 of spacing
        drag(rig, from: 300, to: 50, at: 0.1, frames: 20, until: 2)
        #expect(p.viewControllers?.first === book.pages[1])
        #expect(book.log == ["will [\"p1\"]", "did [\"p0\"] true"])
        #expect(Set(p.children.map { $0.title! }) == ["p0", "p1", "p2"])
        #expect(p.scroller.contentOffset.x == 400 && book.pages[1].view.frame.minX == 400)
        drag(rig, from: 300, to: 50, at: 2.1, frames: 20, until: 4)
        #expect(p.viewControllers?.first === book.pages[2])
        #expect(p.children.map { $0.title! } == ["p1", "p2"])          // p0 left: removed as a child
        #expect(book.pages[0].parent == nil && book.pages[0].view.superview == nil)
    }

    @Test func aShortSlowDragComesBackUncompleted() {
        let book = Book(3)
        let (rig, p) = makeRig(book)
        drag(rig, from: 300, to: 260, at: 0.1, frames: 40, until: 2)
        #expect(p.viewControllers?.first === book.pages[0])
        #expect(book.log == ["will [\"p1\"]", "did [\"p0\"] false"])
        #expect(p.scroller.contentOffset.x == 0)
    }

    @Test func setViewControllersAnimatedSlidesAndCompletes() {
        let book = Book(3)
        let (rig, p) = makeRig(book)
        var done: [Bool] = []
        let other = book.pages[2]
        rig.stage.at(0.1) { p.setViewControllers([other], direction: .forward, animated: true) { done.append($0) } }
        #expect(other.parent === p && done.isEmpty)
        rig.run(from: 0.1, to: 0.25)
        #expect(p.scroller.contentOffset.x > 0 && p.scroller.contentOffset.x < 400)   // on the way to the slot after
        rig.run(from: 0.25, to: 1)
        #expect(done == [true] && p.viewControllers?.first === other)
        #expect(Set(p.children.map { $0.title! }) == ["p1", "p2"] && p.scroller.contentOffset.x == 400)
        #expect(book.log.isEmpty)                                                       // no delegate calls: not a user turn
    }

    @Test func theCurlStyleTurnsOnASideTap() {
        let book = Book(2)
        let (rig, p) = makeRig(book, style: .pageCurl)
        #expect(p.spineLocation == .min)
        rig.stage.input(.pointerDown(CGPoint(x: 370, y: 400)), at: 0.1); rig.stage.frame(0.1)
        rig.stage.input(.pointerUp(CGPoint(x: 370, y: 400)), at: 0.15); rig.stage.frame(0.15)
        rig.run(from: 0.15, to: 1.5)
        #expect(p.viewControllers?.first === book.pages[1])
        #expect(book.log == ["will [\"p1\"]", "did [\"p0\"] true"])
        #expect(p.children.map { $0.title! } == ["p1"])
    }

    /// The curl style's page turn, a quarter and half way: the page lifts from its right edge,
    /// lower corner first, and rolls towards the spine showing its back and a shadow.
    @Test func curlGoldens() {
        let book = Book(2)
        for (i, (colour, text)) in [(UIColor.systemBlue, "1"), (.systemOrange, "2")].enumerated() {
            let v = book.pages[i].view!
            v.backgroundColor = colour
            let l = UILabel(frame: CGRect(x: 0, y: 300, width: 390, height: 120))
            l.text = text
            l.font = .boldSystemFont(ofSize: 96)
            l.textColor = .white
            l.textAlignment = .center
            v.addSubview(l)
        }
        let (rig, _) = makeRig(book, style: .pageCurl)
        rig.stage.input(.pointerDown(CGPoint(x: 370, y: 400)), at: 0.1); rig.stage.frame(0.1)
        rig.stage.input(.pointerUp(CGPoint(x: 370, y: 400)), at: 0.15); rig.stage.frame(0.15)
        #expect(Snapshot.verify(rig.stage.render(at: 0.15 + 0.1875), named: "curlQuarter", tolerance: 1) == nil)
        #expect(Snapshot.verify(rig.stage.render(at: 0.15 + 0.375), named: "curlHalf", tolerance: 1) == nil)
    }

    /// The curl follows the finger: mid-drag the transition is frozen at the finger's fraction of
    /// 0.75 s; a long drag finishes the turn, a short slow one rolls back and restores the page.
    @Test func aDragCurlsWithTheFingerAndFinishesOrRollsBack() {
        let book = Book(3)
        let (rig, p) = makeRig(book, style: .pageCurl)
        rig.stage.input(.pointerDown(CGPoint(x: 350, y: 400)), at: 0.1); rig.stage.frame(0.1)
        for i in 1...20 {                                                  // 240 points left in 1/3 s
            let t = 0.1 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: 350 - 12 * Double(i), y: 400)), at: t)
            rig.stage.frame(t)
            if i == 10 {
                #expect(p.view.layer.speed == 0 && p.view.layer.animation(forKey: kCATransition) != nil)
                let fraction = p.view.layer.timeOffset / 0.75
                #expect(fraction > 0.2 && fraction < 0.32)                   // about 120 of 390 points, less the pan's slop
            }
        }
        rig.stage.input(.pointerUp(CGPoint(x: 110, y: 400)), at: 0.45); rig.stage.frame(0.45)
        rig.run(from: 0.45, to: 1.5)
        #expect(p.viewControllers?.first === book.pages[1] && p.children.map { $0.title! } == ["p1"])
        #expect(p.view.layer.speed == 1 && p.view.layer.animation(forKey: kCATransition) == nil)
        #expect(book.log == ["will [\"p1\"]", "did [\"p0\"] true"])

        book.log.removeAll()
        rig.stage.input(.pointerDown(CGPoint(x: 350, y: 400)), at: 2); rig.stage.frame(2)
        for i in 1...40 {                                                  // 80 points in 2/3 s: slow and short
            let t = 2 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: 350 - 2 * Double(i), y: 400)), at: t)
            rig.stage.frame(t)
        }
        rig.stage.input(.pointerUp(CGPoint(x: 270, y: 400)), at: 2.7); rig.stage.frame(2.7)
        rig.run(from: 2.7, to: 3.5)
        #expect(p.viewControllers?.first === book.pages[1] && p.children.map { $0.title! } == ["p1"])
        #expect(book.pages[1].view.superview === p.view && book.pages[2].view.superview == nil && book.pages[2].parent == nil)
        #expect(p.view.layer.speed == 1 && p.view.layer.timeOffset == 0 && p.view.layer.animation(forKey: kCATransition) == nil)
        #expect(book.log == ["will [\"p2\"]", "did [\"p1\"] false"])
    }
}
