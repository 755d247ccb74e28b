import Flipbook
import FlipbookTesting
import Foundation
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The pages scene at 1280×720 driven by docs/scripts/pages.script through the frame loop: both
/// page controllers turn, the controls change the books, the alert, the sheet and the sign-in
/// alert do what their actions say; without input the demo plays.
@Suite(.isolatedEngine) struct PagesSceneTests {
    static func scene(_ d: SceneTester) -> PagesScene { d.scene as! PagesScene }
    static func page(_ p: UIPageViewController) -> Int? { (p.viewControllers?.first as? NumberedPage)?.number }
    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/pages.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "pages.script")
    }
    static func tester() throws -> SceneTester { try SceneTester(scene: "pages", width: 1280, height: 720) }

    @Test func theScriptTurnsBothBooksAndUsesEveryControl() throws {
        let d = try Self.tester()
        d.play(try Self.script())
        let s = Self.scene(d)
        d.advance(to: 1.0)
        #expect(Self.page(s.scroller) == 2 && s.dots.currentPage == 1)        // dragged
        #expect(Self.page(s.curler) == 1)                                      // the touch ended the demo
        d.advance(to: 2.1)
        #expect(Self.page(s.curler) == 2)                                      // curled by the edge tap
        d.advance(to: 2.5)
        #expect(s.palette.selectedSegmentIndex == 2 && s.book.palette == 2 && s.curlBook.palette == 2)
        d.advance(to: 2.9)
        #expect(s.stepper.value == 6 && s.book.count == 6 && s.countLabel.text == "6 pages" && s.dots.numberOfPages == 6)
        d.advance(to: 3.7)
        #expect(Self.page(s.scroller) == 3 && s.dots.currentPage == 2)        // the page control turned it
        d.advance(to: 4.3)
        let alert = try #require(s.presentedViewController as? UIAlertController)
        #expect(alert.preferredStyle == .alert && alert.title == "Remove a page?")
        d.advance(to: 5.3)
        #expect(s.presentedViewController == nil && s.book.count == 5 && s.status.text == "Removed a page")
        d.advance(to: 6.2)
        #expect((s.presentedViewController as? UIAlertController)?.preferredStyle == .actionSheet)
        d.advance(to: 7.1)
        #expect(s.presentedViewController == nil && s.status.text == "Sheet cancelled")
        d.advance(to: 8.7)
        #expect((s.presentedViewController as? UIAlertController)?.textFields?.first?.text == "ann")
        d.advance(to: 9.6)
        #expect(s.presentedViewController == nil && s.status.text == "Signed in as ann")
        d.advance(to: 10.0)
        #expect(s.bookPicker.selectedSegmentIndex == 1 && !s.spread.view.isHidden && s.curler.view.isHidden)
        #expect((s.spread.viewControllers ?? []).compactMap { ($0 as? NumberedPage)?.number } == [1, 2])
        d.advance(to: 11.4)
        #expect((s.spread.viewControllers ?? []).compactMap { ($0 as? NumberedPage)?.number } == [3, 4])   // the edge tap turned it
        #expect(d.engine.diagnostics.isEmpty)
    }

    @Test func theDemoPlaysUntilTheFirstTouch() throws {
        let d = try Self.tester()
        let s = Self.scene(d)
        d.advance(to: 1.0)
        #expect(Self.page(s.scroller) == 2 && Self.page(s.curler) == 1 && s.curler.view.layer.animation(forKey: "transition") != nil)
        d.advance(to: 2.4)
        #expect(Self.page(s.curler) == 2 && s.palette.selectedSegmentIndex == 1)
        #expect((s.presentedViewController as? UIAlertController)?.preferredStyle == .alert)
        d.advance(to: 4.0)
        #expect((s.presentedViewController as? UIAlertController)?.preferredStyle == .actionSheet)

        let quiet = try Self.tester()
        quiet.tap(CGPoint(x: 1200, y: 650), at: 0.1)                            // on nothing: the demo stops
        quiet.advance(to: 4.0)
        let q = Self.scene(quiet)
        #expect(Self.page(q.scroller) == 1 && Self.page(q.curler) == 1 && q.presentedViewController == nil)
    }

    /// The demo's open book (spine .mid, double-sided): shown at 5.6, its right page turned at
    /// 6.0 (the back of the leaf is page 3, lying over page 1 by the second half), back at 7.2.
    @Test func theOpenBookTurnsASpread() throws {
        let d = try Self.tester()
        let s = Self.scene(d)
        d.advance(to: 5.5)
        #expect(s.spread.view.isHidden && !s.curler.view.isHidden)
        #expect((s.spread.viewControllers ?? []).compactMap { ($0 as? NumberedPage)?.number } == [1, 2])
        d.advance(to: 5.7)
        #expect(!s.spread.view.isHidden && s.scroller.view.isHidden && s.curler.view.isHidden && s.bookPicker.selectedSegmentIndex == 1)
        #expect(s.spread.spineLocation == .mid && s.spread.isDoubleSided)
        d.advance(to: 6.5)
        d.assertSnapshot(named: "pages-6.5", tolerance: 1)
        d.advance(to: 7.0)
        #expect((s.spread.viewControllers ?? []).compactMap { ($0 as? NumberedPage)?.number } == [3, 4])
        d.advance(to: 8.2)
        #expect((s.spread.viewControllers ?? []).compactMap { ($0 as? NumberedPage)?.number } == [1, 2])
        #expect(d.engine.diagnostics.isEmpty)
    }

    /// The curl book half-way through the script's edge tap, and the alert over both books.
    @Test func goldens() throws {
        let d = try Self.tester()
        d.play(try Self.script())
        d.advance(to: 1.6)
        d.assertSnapshot(named: "pages-1.6", tolerance: 1)
        d.advance(to: 4.4)
        d.assertSnapshot(named: "pages-4.4", tolerance: 1)
    }
}
