import Foundation
import Layers
import Raster
import Testing
import TestSupport
@testable import Views

/// The curl style's spines (UIPageViewController+Spine.swift, +Curl.swift): two pages side by
/// side at `.mid`, a leaf whose back shows the next page, `.min` and `.max` lifting their outer
/// edges, UIKit's rules reported when broken, and the delegate's spine for a new orientation.
@Suite(.isolatedEngine) struct UIPageViewControllerSpineTests {
    /// Pages of pure colours, one per page, in a row of `n`.
    final class Book: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        static let colours: [(r: UInt32, g: UInt32, b: UInt32)] = [(255, 0, 0), (0, 160, 0), (0, 0, 255), (255, 200, 0), (160, 0, 160), (0, 200, 200)]
        let pages: [UIViewController]
        var log: [String] = []
        var spineAnswer: UIPageViewController.SpineLocation?
        init(_ n: Int) {
            pages = (0..<n).map { i in
                let vc = UIViewController()
                vc.title = "p\(i)"
                let c = Self.colours[i % Self.colours.count]
                vc.view.backgroundColor = UIColor(red: CGFloat(c.r) / 255, green: CGFloat(c.g) / 255, blue: CGFloat(c.b) / 255, alpha: 1)
                return vc
            }
        }
        func index(_ vc: UIViewController) -> Int { pages.firstIndex { $0 === vc } ?? -1 }
        func pageViewController(_ p: UIPageViewController, viewControllerBefore vc: UIViewController) -> UIViewController? {
            let i = index(vc); return i > 0 ? pages[i - 1] : nil
        }
        func pageViewController(_ p: UIPageViewController, viewControllerAfter vc: UIViewController) -> UIViewController? {
            let i = index(vc); return i >= 0 && i + 1 < pages.count ? pages[i + 1] : nil
        }
        func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) {
            log.append("will \(pending.map { $0.title! })")
        }
        func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            log.append("did \(previousViewControllers.map { $0.title! }) \(completed)")
        }
        func pageViewController(_ p: UIPageViewController, spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation {
            log.append("spine for \(orientation.isLandscape ? "landscape" : "portrait")")
            guard let s = spineAnswer else { return p.spineLocation }
            let first = p.viewControllers?.first ?? pages[0]
            if s == .mid, let next = pageViewController(p, viewControllerAfter: first) {
                p.setViewControllers([first, next], direction: .forward, animated: false)
            } else if s != .mid {
                p.setViewControllers([first], direction: .forward, animated: false)
                p.isDoubleSided = false
            }
            return s
        }
        /// Page i's colour as a premultiplied opaque pixel.
        static func pixel(_ i: Int) -> UInt32 { let c = colours[i % colours.count]; return Pixel.pack(r: c.r, g: c.g, b: c.b, a: 255) }
    }

    func makeRig(_ book: Book, spine: UIPageViewController.SpineLocation, doubleSided: Bool = false,
                 first: [Int]) -> (TransitionRig, UIPageViewController) {
        let rig = TransitionRig()
        let p = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: spine.rawValue])
        if doubleSided { p.isDoubleSided = true }
        p.dataSource = book
        p.delegate = book
        p.setViewControllers(first.map { book.pages[$0] }, direction: .forward, animated: false)
        rig.show(p)
        return (rig, p)
    }

    func tap(_ rig: TransitionRig, x: Double) {
        rig.stage.input(.pointerDown(CGPoint(x: x, y: 400)), at: 0.1); rig.stage.frame(0.1)
        rig.stage.input(.pointerUp(CGPoint(x: x, y: 400)), at: 0.15); rig.stage.frame(0.15)
    }

    func titles(_ p: UIPageViewController) -> [String] { (p.viewControllers ?? []).map { $0.title! } }

    @Test func spineMidShowsTwoPagesSideBySide() {
        let book = Book(4)
        let (rig, p) = makeRig(book, spine: .mid, first: [0, 1])
        #expect(p.spineLocation == .mid && p.isDoubleSided)                    // .mid is double-sided from init
        #expect(titles(p) == ["p0", "p1"] && p.children.map { $0.title! } == ["p0", "p1"])
        #expect(book.pages[0].view.frame == CGRect(x: 0, y: 0, width: 195, height: 844))
        #expect(book.pages[1].view.frame == CGRect(x: 195, y: 0, width: 195, height: 844))
        let img = rig.stage.render(at: 0.05)
        #expect(img[20, 400] == Book.pixel(0) && img[370, 400] == Book.pixel(1))
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    /// A tap at the right edge turns the right page over: mid-turn its back shows the next left
    /// page (p2) lying over the left page, the page beneath it shows the next right page (p3),
    /// and the far left of the old left page is still there; then the spread is p2, p3.
    @Test func aSpineMidTurnShowsTheNextLeftPageOnTheLeafsBack() {
        let book = Book(4)
        let (rig, p) = makeRig(book, spine: .mid, first: [0, 1])
        tap(rig, x: 370)
        let img = rig.stage.render(at: 0.15 + 0.5)
        let row = (0..<390).map { img[$0, 400] }
        #expect(row[0..<195].contains(Book.pixel(2)))                          // the leaf's back, turned over
        #expect(!row[0..<195].contains(Book.pixel(1)))                         // not the leaf's front
        #expect(row[195..<390].contains(Book.pixel(3)))                        // revealed
        #expect(img[3, 400] == Book.pixel(0))                                  // the old left page's outer edge
        rig.run(from: 0.65, to: 1.5)
        #expect(titles(p) == ["p2", "p3"] && p.children.map { $0.title! } == ["p2", "p3"])
        #expect(book.log == ["will [\"p2\", \"p3\"]", "did [\"p0\", \"p1\"] true"])
        #expect(book.pages[2].view.frame.minX == 0 && book.pages[3].view.frame.minX == 195)
    }

    /// Going back at `.mid`: the left leaf lifts from the left edge; its back is the previous
    /// right page.
    @Test func aSpineMidTurnBackLiftsTheLeftPage() {
        let book = Book(4)
        let (rig, p) = makeRig(book, spine: .mid, first: [2, 3])
        tap(rig, x: 20)
        let img = rig.stage.render(at: 0.15 + 0.5)
        let row = (0..<390).map { img[$0, 400] }
        #expect(row[195..<390].contains(Book.pixel(1)))                        // the back lands on the right
        #expect(row[0..<195].contains(Book.pixel(0)))                          // revealed on the left
        #expect(img[386, 400] == Book.pixel(3))
        rig.run(from: 0.65, to: 1.5)
        #expect(titles(p) == ["p0", "p1"])
    }

    /// The finger turns a spread: dragged left from the right page, the transition is frozen at
    /// the finger's fraction; released past half-way the turn finishes on the next spread.
    @Test func aDragTurnsASpreadWithTheFinger() {
        let book = Book(4)
        let (rig, p) = makeRig(book, spine: .mid, first: [0, 1])
        rig.stage.input(.pointerDown(CGPoint(x: 380, y: 400)), at: 0.1); rig.stage.frame(0.1)
        for i in 1...20 {
            let t = 0.1 + Double(i) / 60
            rig.stage.input(.pointerMove(CGPoint(x: 380 - 14 * Double(i), y: 400)), at: t)
            rig.stage.frame(t)
            if i == 10 { #expect(p.view.layer.speed == 0 && p.view.layer.animation(forKey: kCATransition) != nil) }
        }
        rig.stage.input(.pointerUp(CGPoint(x: 100, y: 400)), at: 0.1 + 21.0 / 60); rig.stage.frame(0.1 + 21.0 / 60)
        rig.run(from: 0.1 + 21.0 / 60, to: 2)
        #expect(titles(p) == ["p2", "p3"] && book.log == ["will [\"p2\", \"p3\"]", "did [\"p0\", \"p1\"] true"])
    }

    /// Pages above each other (`.vertical`): the spread is the top and bottom halves; a tap at
    /// the bottom turns the lower page up, its back (p2) landing on the upper half.
    @Test func aVerticalSpreadTurnsTheLowerPageUp() {
        let book = Book(4)
        let rig = TransitionRig()
        let p = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .vertical, options: [.spineLocation: 2])
        p.dataSource = book
        p.setViewControllers([book.pages[0], book.pages[1]], direction: .forward, animated: false)
        rig.show(p)
        #expect(book.pages[1].view.frame == CGRect(x: 0, y: 422, width: 390, height: 422))
        rig.stage.input(.pointerDown(CGPoint(x: 200, y: 820)), at: 0.1); rig.stage.frame(0.1)
        rig.stage.input(.pointerUp(CGPoint(x: 200, y: 820)), at: 0.15); rig.stage.frame(0.15)
        let img = rig.stage.render(at: 0.15 + 0.5)
        let column = (0..<844).map { img[200, $0] }
        #expect(column[0..<422].contains(Book.pixel(2)) && column[422..<844].contains(Book.pixel(3)))
        #expect(img[200, 3] == Book.pixel(0))
        rig.run(from: 0.65, to: 1.5)
        #expect(titles(p) == ["p2", "p3"])
    }

    /// `.min` lifts the right edge (its lower corner first); `.max` lifts the left edge.
    @Test(arguments: [UIPageViewController.SpineLocation.min, .max])
    func theLeafLiftsFromTheEdgeAwayFromTheSpine(_ spine: UIPageViewController.SpineLocation) {
        let book = Book(2)
        let (rig, p) = makeRig(book, spine: spine, first: [0])
        tap(rig, x: spine == .min ? 370 : 20)                                  // the outer edge: forward
        let img = rig.stage.render(at: 0.15 + 0.2)
        let (lifted, kept) = spine == .min ? ((386, 840), (3, 3)) : ((3, 840), (386, 3))
        #expect(img[lifted.0, lifted.1] != Book.pixel(0))                      // the leading corner has lifted
        #expect(img[kept.0, kept.1] == Book.pixel(0))                          // the spine's far corner stays
        rig.run(from: 0.35, to: 1.5)
        #expect(titles(p) == ["p1"] && book.log == ["will [\"p1\"]", "did [\"p0\"] true"])
    }

    /// Double-sided at `.min`: the turning leaf's back is the page after it (p1), the page
    /// beneath the one after that (p2), which is then shown alone.
    @Test func aDoubleSidedLeafShowsItsBackController() {
        let book = Book(3)
        let (rig, p) = makeRig(book, spine: .min, doubleSided: true, first: [0])
        tap(rig, x: 370)
        let img = rig.stage.render(at: 0.15 + 0.5)
        let row = (0..<390).map { img[$0, 400] }
        #expect(row.contains(Book.pixel(1)) && row.contains(Book.pixel(2)))
        rig.run(from: 0.65, to: 1.5)
        #expect(titles(p) == ["p2"] && book.pages[1].parent == nil)
    }

    /// Back at `.min`, double-sided: the previous leaf (front p0, back p1) unrolls over p2, its
    /// back showing p1 while it turns; then p0 is shown.
    @Test func aDoubleSidedLeafTurnsBackWithItsBack() {
        let book = Book(3)
        let (rig, p) = makeRig(book, spine: .min, doubleSided: true, first: [2])
        tap(rig, x: 20)
        let img = rig.stage.render(at: 0.15 + 0.375)
        let row = (0..<390).map { img[$0, 400] }
        #expect(row.contains(Book.pixel(1)) && row.contains(Book.pixel(2)))
        rig.run(from: 0.525, to: 1.5)
        #expect(titles(p) == ["p0"] && book.log == ["will [\"p0\"]", "did [\"p2\"] true"])
    }

    /// What UIKit raises on is reported (captured here) and refused or corrected.
    @Test func misuseIsReportedWithADefinedResult() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let book = Book(3)
        let (rig, p) = makeRig(book, spine: .mid, first: [0, 1])
        var done: [Bool] = []
        p.setViewControllers([book.pages[2]], direction: .forward, animated: false) { done.append($0) }
        #expect(done == [false] && titles(p) == ["p0", "p1"])
        p.isDoubleSided = false
        #expect(p.isDoubleSided)
        tap(rig, x: 370)                                                       // p2 has no partner
        rig.run(from: 0.15, to: 1.2)
        #expect(titles(p) == ["p0", "p1"])
        let none = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: 0])
        #expect(none.spineLocation == .min)
        let single = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
        single.setViewControllers([book.pages[0], book.pages[1]], direction: .forward, animated: false)
        #expect(single.viewControllers?.count == 1)
        #expect(captured == [
            "UIPageViewController.setViewControllers refused: spine .mid shows two different view controllers, 1 given (UIKit raises)",
            "UIPageViewController.isDoubleSided = false refused: spine .mid is double-sided (UIKit raises)",
            "UIPageViewController: spine .mid turns two pages at a time; the data source gave one, the turn is not made",
            "UIPageViewController: spine location 0.0 is not one a page curl has (min 1, mid 2, max 3); .min is used",
            "UIPageViewController.setViewControllers: 2 controllers given; a single-sided page shows one, the first is shown",
        ])
    }

    /// Turned to landscape, the delegate is asked for the spine; its `.mid` with a spread of two
    /// pages is taken; turned back, `.min` with one page.
    @Test func theDelegateChoosesTheSpineForANewOrientation() {
        let book = Book(4)
        let (rig, p) = makeRig(book, spine: .min, first: [0])
        book.spineAnswer = .mid
        rig.window.resize(to: CGSize(width: 844, height: 390))
        rig.stage.frame(0.1)
        #expect(book.log == ["spine for landscape"])
        #expect(p.spineLocation == .mid && p.isDoubleSided && titles(p) == ["p0", "p1"])
        #expect(book.pages[1].view.frame == CGRect(x: 422, y: 0, width: 422, height: 390))
        book.spineAnswer = .min
        rig.window.resize(to: CGSize(width: 390, height: 844))
        rig.stage.frame(0.2)
        #expect(p.spineLocation == .min && !p.isDoubleSided && titles(p) == ["p0"])
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }
}
