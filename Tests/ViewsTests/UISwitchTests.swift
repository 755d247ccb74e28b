import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

/// UISwitch: taps and focus presses through the window, the toggle animation at exact media times.
///
/// Geometry: 51 × 31 at (20, 20); the 27-point thumb's centre is at x 15.5 (off) or 35.5 (on) in
/// the switch, 2 points inside the track's ends.
@Suite(.isolatedEngine) struct UISwitchTests {
    func setUp() -> (ViewStage, UISwitch) {
        let st = ViewStage()
        let s = UISwitch(frame: CGRect(x: 20, y: 20, width: 300, height: 300))
        st.show(s)
        return (st, s)
    }
    let offX = 15.5, onX = 35.5
    let inside = CGPoint(x: 45, y: 35)

    /// Counts each event kind the switch sends.
    func record(_ s: UISwitch) -> () -> (changed: Int, upInside: Int) {
        var changed = 0, upInside = 0
        s.addAction(for: .valueChanged) { changed += 1 }
        s.addAction(for: .touchUpInside) { upInside += 1 }
        return { (changed, upInside) }
    }

    @Test func isFiftyOneByThirtyOneAndOffByDefault() {
        let (_, s) = setUp()
        #expect(s.frame == CGRect(x: 20, y: 20, width: 51, height: 31))
        #expect(!s.isOn && s.onTintColor == nil && s.thumbTintColor == nil)
        #expect(s.intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(s.thumb.frame == CGRect(x: 2, y: 2, width: 27, height: 27))
        #expect(s.track.backgroundColor == .secondarySystemFill)
    }

    @Test func aTapTogglesAndSendsExactlyOneValueChanged() {
        let (st, s) = setUp()
        let events = record(s)
        st.input(.pointerDown(inside), at: 0.1)
        #expect(!s.isOn && events().changed == 0)
        st.input(.pointerUp(inside), at: 0.15)
        #expect(s.isOn && events() == (1, 1))
        st.input(.pointerDown(inside), at: 1.0)
        st.input(.pointerUp(inside), at: 1.05)
        #expect(!s.isOn && events() == (2, 2))
        // Lifted far outside: no tap, no toggle.
        st.input(.pointerDown(inside), at: 2.0)
        st.input(.pointerMove(CGPoint(x: 190, y: 190)), at: 2.05)
        st.input(.pointerUp(CGPoint(x: 190, y: 190)), at: 2.1)
        #expect(!s.isOn && events() == (2, 2))
        s.isEnabled = false
        st.input(.pointerDown(inside), at: 3.0)
        st.input(.pointerUp(inside), at: 3.05)
        #expect(!s.isOn && events() == (2, 2))
    }

    @Test func focusPressesToggleOnceEach() {
        let (st, s) = setUp()
        let events = record(s)
        st.window.setFocus(s)
        st.input(.key(.enter, isDown: true), at: 0.1)
        #expect(!s.isOn)                                   // acts on release, as a tap does
        st.input(.key(.enter, isDown: false), at: 0.2)
        #expect(s.isOn && events() == (1, 1))
        st.input(.key(.space, isDown: true), at: 0.3)
        st.input(.key(.space, isDown: false), at: 0.4)
        #expect(!s.isOn && events() == (2, 2))
        st.input(.padButton(.x, isDown: true), at: 0.5)
        st.input(.padButton(.x, isDown: false), at: 0.6)
        #expect(s.isOn && events() == (3, 3))
    }

    @Test func programmaticChangesSendNothing() {
        let (st, s) = setUp()
        let events = record(s)
        s.isOn = true
        #expect(s.thumb.center.x == onX && s.thumb.layer.animationKeys() == nil)   // at once
        s.setOn(false, animated: true)
        s.setOn(true, animated: false)
        st.frame(0.1)
        #expect(s.isOn && events() == (0, 0))
    }

    @Test func setOnAnimatedSlidesTheThumbAndFadesTheTrack() {
        let (st, s) = setUp()
        s.setOn(true, animated: true)
        #expect(s.isOn && s.thumb.center.x == onX)          // the model changes at once
        st.frame(0)                                         // begins at this frame's commit
        let off = UIColor.secondarySystemFill.cgColor, on = UIColor.systemGreen.cgColor
        for t in [0.0625, 0.125, 0.1875] {
            st.frame(t)
            let f = eased(.easeInEaseOut, t / 0.25)
            #expect(isNear(s.thumb.layer.presented.position.x, offX + (onX - offX) * f, 1e-6))
            let c = s.track.layer.presented.backgroundColor!
            #expect(isNear(c.green, off.green + (on.green - off.green) * f, 1e-6))
            #expect(isNear(c.alpha, off.alpha + (on.alpha - off.alpha) * f, 1e-6))
        }
        st.frame(0.25)
        #expect(isNear(s.thumb.layer.presented.position.x, onX, 1e-9))
        #expect(s.track.layer.presented.backgroundColor == on)
        #expect(s.thumb.layer.animationKeys() == nil && s.track.layer.animationKeys() == nil)
        // Turned back mid-flight: it returns from where the thumb is.
        s.setOn(false, animated: true)
        st.frame(0.3); st.frame(0.425)
        #expect(isNear(s.thumb.layer.presented.position.x, onX + (offX - onX) * eased(.easeInEaseOut, 0.5), 1e-6))
        s.setOn(true, animated: true)
        st.frame(0.43)
        #expect(s.thumb.layer.presented.position.x < onX - 5)   // no jump back to the end
        st.frame(0.7)
        #expect(isNear(s.thumb.layer.presented.position.x, onX, 1e-9))
    }

    @Test func onTintAndThumbTintColourTheParts() {
        let (_, s) = setUp()
        s.onTintColor = .systemOrange
        s.thumbTintColor = .systemGray6
        #expect(s.track.backgroundColor == .secondarySystemFill && s.thumb.backgroundColor == .systemGray6)
        s.isOn = true
        #expect(s.track.backgroundColor == .systemOrange)
    }

    @Test func switchGolden() {
        let st = ViewStage(132, 51)
        st.window.backgroundColor = .white
        let off = UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        let on = UISwitch(frame: CGRect(x: 71, y: 10, width: 0, height: 0))
        on.isOn = true
        st.show(off)
        st.show(on)
        #expect(Snapshot.verify(st.render(at: 0.1, scale: 2), named: "offAndOn") == nil)
    }
}
