import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UISegmentedControl: a tap selects with the indicator sliding at exact times and one
/// `.valueChanged`; programmatic selection is silent and immediate; inserts and removes keep the
/// selection on its segment; misuse is reported.
@Suite(.isolatedEngine) struct UISegmentedControlTests {
    func tap(_ stage: ViewStage, _ p: CGPoint, at t: Double) {
        stage.input(.pointerDown(p), at: t)
        stage.frame(t)
        stage.input(.pointerUp(p), at: t + 1.0 / 60)
        stage.frame(t + 1.0 / 60)
    }

    @Test func aTapSlidesTheIndicatorAndSendsValueChangedOnce() {
        let stage = ViewStage(400, 100)
        let c = UISegmentedControl(items: ["One", "Two", "Three"])
        c.frame = CGRect(x: 20, y: 20, width: 300, height: 32)
        c.selectedSegmentIndex = 0
        var events = 0
        c.addAction(for: .valueChanged) { events += 1 }
        stage.show(c)
        #expect(c.indicator.frame == CGRect(x: 2, y: 2, width: 96, height: 28))
        tap(stage, CGPoint(x: 20 + 250, y: 36), at: 0.1)              // segment 2; up at 0.1 + 1/60
        #expect(c.selectedSegmentIndex == 2 && events == 1)
        #expect(c.indicator.frame.minX == 202)                        // the model is at the end at once
        let start = 0.1 + 1.0 / 60
        stage.frame(start + 0.125)
        let x = Double(c.indicator.layer.presentation()!.frame.minX)
        #expect(abs(x - (2 + 200 * eased(.easeInEaseOut, 0.5))) < 1e-3)
        stage.frame(start + 0.3)
        #expect(c.indicator.layer.presentation()!.frame.minX == 202)
        tap(stage, CGPoint(x: 20 + 250, y: 36), at: 1)               // the selected one again: nothing
        #expect(events == 1)
        c.selectedSegmentIndex = 1                                    // silent, immediate
        stage.frame(1.2)
        #expect(events == 1 && c.indicator.layer.presentation()!.frame.minX == 102)
    }

    @Test func insertsAndRemovesKeepTheSelectionOnItsSegment() {
        let c = UISegmentedControl(items: ["A", "B"])
        c.selectedSegmentIndex = 1
        c.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(c.numberOfSegments == 3 && c.selectedSegmentIndex == 2 && c.titleForSegment(at: 0) == "Z")
        c.insertSegment(withTitle: "end", at: 99, animated: false)   // clamped, as UIKit
        #expect(c.titleForSegment(at: 3) == "end")
        c.removeSegment(at: 0, animated: false)
        #expect(c.selectedSegmentIndex == 1 && c.titleForSegment(at: 1) == "B")
        c.removeSegment(at: 1, animated: false)
        #expect(c.selectedSegmentIndex == UISegmentedControl.noSegment)
        c.selectedSegmentTintColor = .systemYellow
        #expect(c.indicator.backgroundColor == .systemYellow)
    }

    @Test func aDisabledSegmentIgnoresTapsAndMisuseIsReported() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let stage = ViewStage(300, 100)
        let c = UISegmentedControl(items: ["A", "B"])
        c.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        c.setEnabled(false, forSegmentAt: 1)
        stage.show(c)
        tap(stage, CGPoint(x: 150, y: 16), at: 0.1)
        #expect(c.selectedSegmentIndex == UISegmentedControl.noSegment)
        c.selectedSegmentIndex = 5
        c.removeSegment(at: -1, animated: true)
        #expect(c.titleForSegment(at: 7) == nil)
        _ = UISegmentedControl(items: [42])
        #expect(captured == [
            "UISegmentedControl: selectedSegmentIndex 5 ignored: the control has 2 segments",
            "UISegmentedControl: removeSegment(at: -1) ignored: the control has 2 segments",
            "UISegmentedControl: titleForSegment(at: 7) ignored: the control has 2 segments",
            "UISegmentedControl: item Int skipped: a segment is a String or a UIImage",
        ])
    }

    @Test func segmentedGolden() {
        let st = ViewStage(260, 52)
        st.window.backgroundColor = .white
        let c = UISegmentedControl(items: ["Day", "Week", "Month"])
        c.frame = CGRect(x: 10, y: 10, width: 240, height: 32)
        c.selectedSegmentIndex = 1
        st.show(c)
        #expect(Snapshot.verify(st.render(at: 0.1, scale: 2), named: "weekSelected") == nil)
    }
}
