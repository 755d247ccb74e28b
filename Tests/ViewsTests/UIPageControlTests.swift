import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UIPageControl: a tap steps one page towards it, a drag scrubs, each change sends
/// `.valueChanged`; the lit dot cross-fades; hidesForSinglePage; clamping and misuse.
@Suite(.isolatedEngine) struct UIPageControlTests {
    func makeControl() -> UIPageControl {
        let c = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 26))
        c.numberOfPages = 5
        c.pageIndicatorTintColor = .systemGray
        c.currentPageIndicatorTintColor = .systemBlue
        return c
    }

    @Test func tapsStepTowardsTheTapAndTheLitDotCrossFades() {
        let stage = ViewStage(200, 100)
        let c = makeControl()
        var pages: [Int] = []
        c.addAction(for: .valueChanged) { pages.append(c.currentPage) }
        stage.show(c)
        #expect(c.dots.map(\.frame.midX) == [68, 84, 100, 116, 132])
        stage.input(.pointerDown(CGPoint(x: 180, y: 13)), at: 0.1); stage.frame(0.1)
        stage.input(.pointerUp(CGPoint(x: 180, y: 13)), at: 0.2); stage.frame(0.2)
        #expect(c.currentPage == 1 && pages == [1])
        stage.frame(0.2 + 0.125)
        let mid = c.dots[1].layer.presentation()!.backgroundColor!
        #expect(mid != UIColor.systemBlue.cgColor && mid != UIColor.systemGray.cgColor)   // half way
        stage.frame(0.6)
        #expect(c.dots[1].layer.presentation()!.backgroundColor == UIColor.systemBlue.cgColor)
        #expect(c.dots[0].layer.presentation()!.backgroundColor == UIColor.systemGray.cgColor)
        stage.input(.pointerDown(CGPoint(x: 10, y: 13)), at: 1); stage.frame(1)
        stage.input(.pointerUp(CGPoint(x: 10, y: 13)), at: 1.1); stage.frame(1.1)
        stage.input(.pointerDown(CGPoint(x: 10, y: 13)), at: 2); stage.frame(2)
        stage.input(.pointerUp(CGPoint(x: 10, y: 13)), at: 2.1); stage.frame(2.1)
        #expect(c.currentPage == 0 && pages == [1, 0])                // no event at the first page
    }

    @Test func aDragScrubsToTheDotUnderTheFinger() {
        let stage = ViewStage(200, 100)
        let c = makeControl()
        var pages: [Int] = []
        c.addAction(for: .valueChanged) { pages.append(c.currentPage) }
        stage.show(c)
        stage.input(.pointerDown(CGPoint(x: 68, y: 13)), at: 0.1); stage.frame(0.1)
        for (i, x) in [76.0, 100, 120, 133].enumerated() {
            stage.input(.pointerMove(CGPoint(x: x, y: 13)), at: 0.1 + Double(i + 1) / 60)
        }
        stage.input(.pointerUp(CGPoint(x: 133, y: 13)), at: 0.3); stage.frame(0.3)
        #expect(c.currentPage == 4 && pages == [1, 2, 3, 4])
    }

    @Test func singlePageHidesAndValuesClamp() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let c = makeControl()
        c.currentPage = 9
        #expect(c.currentPage == 4)
        c.numberOfPages = 2
        #expect(c.currentPage == 1 && c.dots.count == 2)
        c.hidesForSinglePage = true
        #expect(!c.isHidden)
        c.numberOfPages = 1
        #expect(c.isHidden && c.currentPage == 0)
        c.numberOfPages = -3
        #expect(c.numberOfPages == 0 && c.dots.isEmpty)
        #expect(captured == ["UIPageControl.numberOfPages -3 clamped to 0"])
        #expect(c.size(forNumberOfPages: 3) == CGSize(width: 56, height: 26))
    }

    @Test func pageControlGolden() {
        let st = ViewStage(120, 30)
        st.window.backgroundColor = .white
        let c = UIPageControl(frame: CGRect(x: 0, y: 2, width: 120, height: 26))
        c.numberOfPages = 5
        c.currentPage = 2
        st.show(c)
        #expect(Snapshot.verify(st.render(at: 1, scale: 2), named: "thirdOfFive") == nil)
    }
}
