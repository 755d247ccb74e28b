import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UIStepper: taps step and clamp or wrap; a held half repeats at 0.5 s then every 0.1 s on the
/// media clock; isContinuous false sends once on lift; misuse is reported and ignored.
@Suite(.isolatedEngine) struct UIStepperTests {
    func tap(_ stage: ViewStage, _ x: Double, at t: Double) {
        stage.input(.pointerDown(CGPoint(x: x, y: 16)), at: t); stage.frame(t)
        stage.input(.pointerUp(CGPoint(x: x, y: 16)), at: t + 1.0 / 60); stage.frame(t + 1.0 / 60)
    }

    @Test func tapsStepClampAndWrap() {
        let stage = ViewStage(200, 100)
        let s = UIStepper(frame: .zero)
        #expect(s.frame.size == CGSize(width: 94, height: 32))
        s.maximumValue = 2
        s.stepValue = 1.5
        var values: [Double] = []
        s.addAction(for: .valueChanged) { values.append(s.value) }
        stage.show(s)
        tap(stage, 70, at: 0.1)
        tap(stage, 70, at: 0.2)
        tap(stage, 70, at: 0.3)                                      // at the maximum: nothing
        tap(stage, 20, at: 0.4)
        #expect(values == [1.5, 2, 0.5])
        #expect(s.plus.textColor == .label)
        s.value = 2
        #expect(s.plus.textColor == .tertiaryLabel)                  // cannot step up
        s.wraps = true
        tap(stage, 70, at: 0.5)
        tap(stage, 20, at: 0.6)
        #expect(values == [1.5, 2, 0.5, 0, 2])
    }

    @Test func holdingRepeatsOnTheMediaClock() {
        let stage = ViewStage(200, 100)
        let s = UIStepper(frame: .zero)
        var log: [String] = []
        s.addAction(for: .valueChanged) { log.append("\(Int(s.value))") }
        stage.show(s)
        stage.input(.pointerDown(CGPoint(x: 70, y: 16)), at: 1); stage.frame(1)
        var n = 61
        while Double(n) / 60 <= 1.75 + 1e-9 { stage.frame(Double(n) / 60); n += 1 }
        #expect(s.value == 4)                                        // 1.0, 1.5, 1.6, 1.7
        stage.input(.pointerUp(CGPoint(x: 70, y: 16)), at: 1.76); stage.frame(1.76)
        stage.frame(3)
        #expect(s.value == 4 && log == ["1", "2", "3", "4"])

        s.isContinuous = false
        log.removeAll()
        stage.input(.pointerDown(CGPoint(x: 20, y: 16)), at: 4); stage.frame(4)
        n = 4 * 60 + 1
        while Double(n) / 60 <= 4.55 + 1e-9 { stage.frame(Double(n) / 60); n += 1 }
        #expect(s.value == 2 && log.isEmpty)
        stage.input(.pointerUp(CGPoint(x: 20, y: 16)), at: 4.56); stage.frame(4.56)
        #expect(log == ["2"])
    }

    @Test func misuseIsReportedAndTheOldValueKept() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let s = UIStepper(frame: .zero)
        s.minimumValue = 200
        s.stepValue = 0
        s.value = .nan
        s.value = 500
        #expect(s.minimumValue == 0 && s.stepValue == 1 && s.value == 100)
        #expect(captured == [
            "UIStepper: minimumValue 200.0 ignored: it must be finite and not above maximumValue 100.0 (UIKit raises)",
            "UIStepper: stepValue 0.0 ignored: it must be positive (UIKit raises)",
            "UIStepper: value nan ignored",
        ])
    }

    @Test func stepperGolden() {
        let st = ViewStage(114, 52)
        st.window.backgroundColor = .white
        let s = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        st.show(s)                                                   // at 0: − cannot step
        #expect(Snapshot.verify(st.render(at: 0.1, scale: 2), named: "atMinimum") == nil)
    }
}
