import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// Haptic feedback as iOS code asks for it: each call recorded in its engine with the media time, the
/// intensity clamped, NaN refused as misuse, and the pulses a controller plays.
@Suite(.isolatedEngine) struct UIFeedbackGeneratorTests {
    @Test func eachFeedbackIsRecordedWithItsTimeAndPulses() {
        let engine = CAEngine.current
        engine.beginFrame(at: 1.5)
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.5)
        UISelectionFeedbackGenerator().selectionChanged()
        engine.beginFrame(at: 2)
        UINotificationFeedbackGenerator().notificationOccurred(.error)
        let events = HapticFeedback.current.events
        #expect(events.map(\.kind) == [.impact(.heavy), .impact(.heavy), .selection, .notification(.error)])
        #expect(events.map(\.time) == [1.5, 1.5, 1.5, 2])
        #expect(events[0].pulses == [HapticFeedback.Pulse(delay: 0, low: 0.9, high: 0.6, duration: 0.05)])
        #expect(events[1].intensity == 0.5 && events[1].pulses[0].low == 0.45 && events[1].pulses[0].high == 0.3)
        #expect(events[3].pulses.map(\.delay) == [0, 0.09, 0.18])    // error: three taps
        #expect(UIImpactFeedbackGenerator().style == .medium)             // UIKit's default style
    }

    @Test func intensityIsClampedAndNaNIsRefused() {
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        let g = UIImpactFeedbackGenerator(style: .light)
        g.impactOccurred(intensity: 7)
        g.impactOccurred(intensity: -1)
        g.impactOccurred(intensity: .nan)
        g.impactOccurred(intensity: .infinity)
        let f = HapticFeedback.current
        #expect(f.events.map(\.intensity) == [1, 0, 1])
        #expect(f.events[1].pulses[0].low == 0 && f.events[1].pulses[0].high == 0)
        #expect(reports.count == 1 && reports[0].contains("NaN"))
    }

    @Test func theOutputGetsEveryFeedbackAndTheLogKeepsTheLatest() {
        var out: [HapticFeedback.Event] = []
        HapticFeedback.current.output = { out.append($0) }
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let g = UIImpactFeedbackGenerator(style: .rigid, view: view)
        #expect(g.view === view)
        for i in 0..<(HapticFeedback.capacity + 10) { g.impactOccurred(at: CGPoint(x: i, y: 0)) }
        let f = HapticFeedback.current
        #expect(out.count == HapticFeedback.capacity + 10 && f.count == HapticFeedback.capacity + 10)
        #expect(f.events.count == HapticFeedback.capacity && f.events.first?.location == CGPoint(x: 10, y: 0))
    }

    @Test func anotherEnginesFeedbackStaysThere() {
        let other = CAEngine()
        other.perform { UINotificationFeedbackGenerator().notificationOccurred(.success) }
        #expect(HapticFeedback.current.count == 0)
        #expect(other.attachment { HapticFeedback() }.events.map(\.kind) == [.notification(.success)])
    }
}
