import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// UISlider driven through the window by InputEvents at exact media times.
///
/// Geometry used throughout: the slider is at x 20…180, y 50…81 in the window; its thumb (28 points)
/// travels 132 points, so the thumb's centre is at window x `34 + 132 × fraction`, y 65.5.
@Suite(.isolatedEngine) struct UISliderTests {
    func setUp(_ st: ViewStage = ViewStage()) -> (ViewStage, UISlider) {
        let s = UISlider(frame: CGRect(x: 20, y: 50, width: 160, height: 31))
        st.show(s)
        return (st, s)
    }
    /// Window x of the thumb's centre at `fraction` of the range.
    func thumbX(_ fraction: Double) -> Double { 34 + 132 * fraction }
    let y = 65.5

    /// Counts `.valueChanged` and records the value each time.
    func record(_ s: UISlider) -> () -> [Float] {
        var seen: [Float] = []
        s.addAction(for: .valueChanged) { seen.append(s.value) }
        return { seen }
    }

    @Test func defaultsAreUIKits() {
        let s = UISlider(frame: .zero)
        #expect(s.value == 0 && s.minimumValue == 0 && s.maximumValue == 1 && s.isContinuous)
        #expect(s.minimumTrackTintColor == nil && s.maximumTrackTintColor == nil && s.thumbTintColor == nil)
        #expect(s.intrinsicContentSize.height == 31)
    }

    @Test func valueIsClampedAndNaNIgnored() {
        let s = UISlider(frame: CGRect(x: 0, y: 0, width: 160, height: 31))
        let events = record(s)
        s.value = 2; #expect(s.value == 1)
        s.value = -1; #expect(s.value == 0)
        s.value = 0.4; s.value = .nan; #expect(s.value == 0.4)
        s.setValue(.nan, animated: true); #expect(s.value == 0.4)
        s.value = .infinity; #expect(s.value == 1)
        s.value = -.infinity; #expect(s.value == 0)
        #expect(events().isEmpty)                          // programmatic: no event
    }

    @Test func boundsPastEachOtherMoveTogetherAndNonFiniteBoundsAreIgnored() {
        let s = UISlider(frame: CGRect(x: 0, y: 0, width: 160, height: 31))
        let events = record(s)
        s.value = 0.5
        s.minimumValue = 5                                 // above the maximum: the maximum follows
        #expect(s.minimumValue == 5 && s.maximumValue == 5 && s.value == 5)
        s.maximumValue = -2                                // below the minimum: the minimum follows
        #expect(s.minimumValue == -2 && s.maximumValue == -2 && s.value == -2)
        s.minimumValue = .nan; s.maximumValue = .infinity; s.minimumValue = -.infinity
        #expect(s.minimumValue == -2 && s.maximumValue == -2)
        // An empty range puts the thumb at the start.
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: s.trackRect(forBounds: s.bounds), value: s.value).minX == 0)
        // The widest range Float allows does not overflow: 0 is its middle.
        s.maximumValue = .greatestFiniteMagnitude
        s.minimumValue = -.greatestFiniteMagnitude
        s.value = 0
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: s.trackRect(forBounds: s.bounds), value: 0).midX == 80)
        s.maximumValue = 10; s.minimumValue = 8            // the value is clamped into the new range
        #expect(s.value == 8)
        #expect(events().isEmpty)
    }

    @Test func thumbAndFillAreLaidOutFromBounds() {
        let (st, s) = setUp()
        s.value = 0.25
        st.frame(0.1)
        #expect(s.thumb.frame == CGRect(x: 33, y: 1.5, width: 28, height: 28))
        #expect(s.maximumTrack.frame == CGRect(x: 0, y: 13.5, width: 160, height: 4))
        #expect(s.minimumTrack.frame == CGRect(x: 0, y: 13.5, width: 47, height: 4))
        s.frame = CGRect(x: 20, y: 50, width: 292, height: 31)   // wider: the layout phase follows
        st.frame(0.2)
        #expect(s.thumb.frame.midX == 14 + 264 * 0.25)
        #expect(s.maximumTrack.frame.width == 292)
    }

    @Test func draggingTheThumbFollowsTheFingerKeepingItsOffset() {
        let (st, s) = setUp()
        s.minimumValue = 0; s.maximumValue = 100
        let events = record(s)
        st.input(.pointerDown(CGPoint(x: thumbX(0) + 2, y: y)), at: 0.1)   // 2 points right of the thumb's centre
        #expect(s.value == 0 && events().isEmpty && s.isTracking)
        st.input(.pointerMove(CGPoint(x: thumbX(0.5) + 2, y: y)), at: 0.2)
        #expect(s.value == 50)
        st.input(.pointerMove(CGPoint(x: thumbX(0.25) + 2, y: y + 40)), at: 0.3) // off the track vertically: still follows
        #expect(s.value == 25)
        st.input(.pointerMove(CGPoint(x: 400, y: y)), at: 0.4)                 // past the end: clamped
        #expect(s.value == 100)
        st.input(.pointerUp(CGPoint(x: thumbX(0.75) + 2, y: y)), at: 0.5)
        #expect(s.value == 75 && !s.isTracking)
        #expect(events() == [50, 25, 100, 75])
        #expect(s.thumb.center.x == 14 + 132 * 0.75)
    }

    @Test(arguments: [true, false])
    func continuousSendsDuringTheDragOtherwiseOnceAtTheEnd(_ continuous: Bool) {
        let (st, s) = setUp()
        s.isContinuous = continuous
        let events = record(s)
        st.input(.pointerDown(CGPoint(x: thumbX(0), y: y)), at: 0.1)
        for (i, f) in [0.25, 0.5, 0.75].enumerated() {
            st.input(.pointerMove(CGPoint(x: thumbX(f), y: y)), at: 0.2 + 0.1 * Double(i))
        }
        st.input(.pointerUp(CGPoint(x: thumbX(0.75), y: y)), at: 0.6)
        #expect(events() == (continuous ? [0.25, 0.5, 0.75] : [0.75]))
        // A drag that comes back to where it began changes nothing: no event at the end.
        st.input(.pointerDown(CGPoint(x: thumbX(0.75), y: y)), at: 1.0)
        st.input(.pointerMove(CGPoint(x: thumbX(0.5), y: y)), at: 1.1)
        st.input(.pointerUp(CGPoint(x: thumbX(0.75), y: y)), at: 1.2)
        #expect(events() == (continuous ? [0.25, 0.5, 0.75, 0.5, 0.75] : [0.75]))
    }

    @Test func aTapOnTheTrackJumpsTheValueThere() {
        let (st, s) = setUp()
        let events = record(s)
        st.input(.pointerDown(CGPoint(x: thumbX(0.75), y: y + 5)), at: 0.1)
        #expect(s.value == 0.75 && events() == [0.75])
        st.input(.pointerUp(CGPoint(x: thumbX(0.75), y: y + 5)), at: 0.15)
        #expect(s.value == 0.75 && events() == [0.75])     // no second event for the same value
        // After a jump the drag continues from under the finger (no offset).
        st.input(.pointerDown(CGPoint(x: thumbX(0.25), y: y)), at: 0.3)
        st.input(.pointerMove(CGPoint(x: thumbX(0.5), y: y)), at: 0.4)
        st.input(.pointerUp(CGPoint(x: thumbX(0.5), y: y)), at: 0.5)
        #expect(events() == [0.75, 0.25, 0.5])
    }

    @Test func aDisabledSliderIgnoresTouchesAndKeys() {
        let (st, s) = setUp()
        let events = record(s)
        s.isEnabled = false
        st.input(.pointerDown(CGPoint(x: thumbX(0.5), y: y)), at: 0.1)
        st.input(.pointerUp(CGPoint(x: thumbX(0.5), y: y)), at: 0.2)
        #expect(!s.handleFocusedMove(.right))
        #expect(s.value == 0 && events().isEmpty)
    }

    @Test func focusedLeftAndRightStepTheValueUpAndDownStillMoveTheFocus() {
        let (st, s) = setUp()
        let below = UIButton(frame: CGRect(x: 60, y: 120, width: 80, height: 40))
        st.show(below, at: 0)
        let events = record(s)
        st.window.setFocus(s)
        st.input(.key(.right, isDown: true), at: 0.1)
        #expect(st.window.focusedView === s && isNear(Double(s.value), 0.1, 1e-6))
        st.input(.padButton(.dpadRight, isDown: true), at: 0.2)
        #expect(isNear(Double(s.value), 0.2, 1e-6))
        st.input(.padButton(.dpadLeft, isDown: true), at: 0.3)
        st.input(.key(.left, isDown: true), at: 0.4)
        #expect(s.value == 0 && events().count == 4)
        st.input(.key(.left, isDown: true), at: 0.5)     // at the end: used, no event, the focus stays
        #expect(s.value == 0 && events().count == 4 && st.window.focusedView === s)
        st.input(.key(.right, isDown: false), at: 0.6)   // key up: nothing
        #expect(s.value == 0)
        st.input(.key(.down, isDown: true), at: 0.7)
        #expect(st.window.focusedView === below)
        st.input(.key(.up, isDown: true), at: 0.8)
        #expect(st.window.focusedView === s)
        // A range of 0…50 steps by 5; the step animates (0.2 s) from where the thumb is.
        s.maximumValue = 50
        st.input(.key(.right, isDown: true), at: 1.0)
        #expect(s.value == 5 && s.thumb.layer.animation(forKey: "position") != nil)
    }

    @Test func setValueAnimatedMovesTheThumbOverAFifthOfASecond() {
        let (st, s) = setUp()
        let events = record(s)
        s.setValue(1, animated: true)
        #expect(s.value == 1)                              // the model changes at once
        st.frame(0)                                        // the animation begins at this frame's commit
        st.frame(0.05)
        let x0 = 14.0, x1 = 146.0
        #expect(isNear(s.thumb.layer.presented.position.x, x0 + (x1 - x0) * eased(.easeInEaseOut, 0.25), 1e-6))
        st.frame(0.1)
        #expect(isNear(s.thumb.layer.presented.position.x, x0 + (x1 - x0) * eased(.easeInEaseOut, 0.5), 1e-6))
        #expect(isNear(s.minimumTrack.layer.presented.bounds.width, s.thumb.layer.presented.position.x, 1e-6))   // the fill follows the thumb
        st.frame(0.2)
        #expect(isNear(s.thumb.layer.presented.position.x, x1, 1e-9))
        #expect(s.thumb.layer.animationKeys() == nil)
        // Not animated: at once, even in the middle of an animation.
        s.setValue(0, animated: true)
        st.frame(0.3); st.frame(0.35)
        s.setValue(0.5, animated: false)
        st.frame(0.36)
        #expect(s.thumb.layer.presented.position.x == 80)
        #expect(events().isEmpty)
    }

    /// The value it already shows places nothing (a subclass's `thumbRect` is not asked); during a
    /// move, the same value not animated still ends the move at once.
    @Test func theValueItShowsPlacesNothingUnlessAMoveIsUnderWay() {
        final class Counting: UISlider {
            var asked = 0
            override func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
                asked += 1
                return super.thumbRect(forBounds: bounds, trackRect: rect, value: value)
            }
        }
        let st = ViewStage()
        let s = Counting(frame: CGRect(x: 20, y: 50, width: 160, height: 31))
        st.show(s)
        st.frame(0)
        s.value = 0.5
        let asked = s.asked
        #expect(asked > 0)
        s.value = 0.5; s.setValue(0.5, animated: true)
        s.setValue(7, animated: false); s.setValue(1, animated: false) // clamped to 1: one placing each time it moves
        #expect(s.asked == asked + 1)
        s.setValue(0, animated: true)
        st.frame(0.1); st.frame(0.15)
        #expect(s.thumb.layer.animationKeys() != nil)
        s.setValue(0, animated: false)                     // the value it has, but the thumb is still on its way
        st.frame(0.16)
        #expect(s.thumb.layer.animationKeys() == nil && s.thumb.layer.presented.position.x == 14)
    }

    @Test func sliderGolden() {
        let st = ViewStage(120, 41)
        st.window.backgroundColor = .white
        let s = UISlider(frame: CGRect(x: 10, y: 5, width: 100, height: 31))
        s.value = 0.3
        st.show(s)
        #expect(Snapshot.verify(st.render(at: 0.1, scale: 2), named: "sliderAtThirtyPercent") == nil)
    }
}
