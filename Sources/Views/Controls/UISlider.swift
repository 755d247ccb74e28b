import Foundation
import Layers

/// A control that picks a value from a continuous range by moving a thumb along a track, as
/// UIKit's `UISlider`.
///
/// The value is always inside `minimumValue…maximumValue`: values beyond are clamped, NaN is
/// ignored, and bounds that are not finite are ignored (a range of infinite width has no thumb
/// position). Setting a bound past the other moves the other bound with it, as UIKit does.
/// Programmatic changes send no event; the user's do (`.valueChanged`).
///
/// Interaction: dragging the thumb moves the value with the finger, keeping the offset between the
/// finger and the thumb's centre, as UIKit does. A touch on the track away from the thumb jumps the
/// value there first and then drags (UIKit ignores such touches; with a mouse, clicking the track
/// is expected). With `isContinuous` (the default) `.valueChanged` goes out on every change during
/// the drag; without it, once when the touch ends (or is cancelled) if the value changed. While the
/// slider has the D-pad / keyboard focus, left and right step the value to the next tenth of the
/// range (animated) and send `.valueChanged`; up, down and Tab still move the focus.
///
/// Drawing, as iOS: a 4-point rounded track across the bounds, vertically centred, filled up to the
/// thumb in `minimumTrackTintColor` (default: the tint colour) and beyond in `maximumTrackTintColor`
/// (default: `.systemFill`); a white 28-point round thumb with a soft shadow. The parts are laid out
/// from `bounds` (`trackRect(forBounds:)`, `thumbRect(forBounds:trackRect:value:)`); the intrinsic
/// height is 31 points.
open class UISlider: UIControl {
    /// The thumb's diameter in points.
    static let thumbDiameter: CGFloat = 28
    /// The track's thickness in points.
    static let trackHeight: CGFloat = 4
    /// UIKit's intrinsic height of a slider.
    static let intrinsicHeight: CGFloat = 31
    /// `setValue(_:animated:)`'s duration in seconds.
    static let animationDuration: TimeInterval = 0.2

    private var storedValue: Float = 0
    /// The value, in `minimumValue…maximumValue`. Default: 0. Out-of-range values are clamped; NaN
    /// is ignored. Setting it sends no event.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    /// The low end of the range. Default: 0. Not finite: ignored; above `maximumValue`: the maximum
    /// rises to it. The value is clamped again (no event).
    open var minimumValue: Float = 0 {
        didSet {
            if !minimumValue.isFinite { minimumValue = oldValue; return }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            rangeDidChange()
        }
    }
    /// The high end of the range. Default: 1. Not finite: ignored; below `minimumValue`: the minimum
    /// falls to it. The value is clamped again (no event).
    open var maximumValue: Float = 1 {
        didSet {
            if !maximumValue.isFinite { maximumValue = oldValue; return }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            rangeDidChange()
        }
    }
    /// Whether `.valueChanged` goes out during a drag (true) or only when it ends (false). Default: true.
    open var isContinuous = true
    /// The track's colour up to the thumb. Default: nil (the tint colour).
    open var minimumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The track's colour past the thumb. Default: nil (`.systemFill`, a translucent gray).
    open var maximumTrackTintColor: UIColor? { didSet { updateColors() } }
    /// The thumb's colour. Default: nil (white).
    open var thumbTintColor: UIColor? { didSet { updateColors() } }

    // The parts (internal so tests can read their presentation).
    let maximumTrack = UIView()
    let minimumTrack = UIView()
    let thumb = UIView()
    /// The finger's x minus the thumb centre's x when the touch began (kept during the drag).
    private var grabOffset: CGFloat = 0
    private var valueAtTouchDown: Float = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported; makes a slider with the defaults, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        for (part, radius) in [(maximumTrack, Self.trackHeight / 2), (minimumTrack, Self.trackHeight / 2),
                               (thumb, Self.thumbDiameter / 2)] {
            part.isUserInteractionEnabled = false  // touches land on the slider itself
            part.layer.cornerRadius = radius
            addSubview(part)
        }
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.25
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.layer.shadowRadius = 3
        updateColors()
        layoutParts()
    }

    /// Sets the value (clamped; NaN ignored), moving the thumb with a 0.2 s animation when
    /// `animated`, at once (ending a running one) when not. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        guard !value.isNaN else { return }
        let clamped = min(max(value, minimumValue), maximumValue)
        // The value it shows, with no move under way: nothing to place (a scene's timer that sets
        // its slider every frame laid the parts out every frame, replays of time travel too).
        if clamped == storedValue, minimumTrack.layer.animationKeys() == nil, thumb.layer.animationKeys() == nil { return }
        storedValue = clamped
        if animated {
            UIView.animate(withDuration: Self.animationDuration, delay: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.layoutParts() })
        } else {
            for part in [minimumTrack, thumb] { part.layer.removeAllAnimations() }
            layoutParts()
        }
    }

    private func rangeDidChange() {
        storedValue = min(max(storedValue, minimumValue), maximumValue)
        layoutParts()
    }

    // MARK: Geometry

    /// The track's rectangle in `bounds`: the full width, `trackHeight` (4) tall, vertically centred.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    /// The thumb's rectangle for `value`: 28 points square, its edges reaching the track's ends at
    /// the range's ends, vertically centred on the track.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let d = Self.thumbDiameter
        let x = rect.minX + (rect.width - d) * fraction(of: value)
        return CGRect(x: x, y: rect.midY - d / 2, width: d, height: d)
    }

    /// Where `value` lies in the range, 0…1 (0 for an empty range). Computed in Double so a range as
    /// wide as Float allows does not overflow.
    private func fraction(of value: Float) -> CGFloat {
        let span = Double(maximumValue) - Double(minimumValue)
        guard span > 0 else { return 0 }
        return CGFloat(min(max((Double(value) - Double(minimumValue)) / span, 0), 1))
    }

    /// The value that puts the thumb's centre at `x` (in the slider's coordinates), clamped.
    private func value(atThumbCenter x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Self.thumbDiameter
        guard travel > 0, x.isFinite else { return minimumValue }
        let f = min(max(Double((x - track.minX - Self.thumbDiameter / 2) / travel), 0), 1)
        return Float(Double(minimumValue) + f * (Double(maximumValue) - Double(minimumValue)))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updateColors()  // the tint colour may come from a new superview
        layoutParts()
    }

    /// Places the track, its filled part and the thumb for the current value. Inside an animation
    /// block the thumb and the fill animate there.
    private func layoutParts() {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        maximumTrack.frame = track
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
        thumb.frame = thumbFrame
    }

    private func updateColors() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: Self.intrinsicHeight) }
    open override var intrinsicContentSize: CGSize { CGSize(width: -1, height: Self.intrinsicHeight) }

    // MARK: Interaction

    /// A change made by the user: at once (the thumb follows the finger), then `.valueChanged` when
    /// `sendsEvent` and the value moved.
    private func userSetValue(_ newValue: Float, sendsEvent: Bool) {
        let old = storedValue
        setValue(newValue, animated: false)
        if sendsEvent && storedValue != old { sendActions(for: .valueChanged) }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard isTracking, let touch = touches.first else { return }
        valueAtTouchDown = storedValue
        let p = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        if thumbFrame.contains(p) {
            grabOffset = p.x - thumbFrame.midX
        } else {
            grabOffset = 0  // on the track: the thumb jumps under the finger
            userSetValue(value(atThumbCenter: p.x), sendsEvent: isContinuous)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        guard isTracking, let touch = touches.first else { return }
        userSetValue(value(atThumbCenter: touch.location(in: self).x - grabOffset), sendsEvent: isContinuous)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isTracking, let touch = touches.first {
            userSetValue(value(atThumbCenter: touch.location(in: self).x - grabOffset), sendsEvent: isContinuous)
            if !isContinuous && storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
        }
        super.touchesEnded(touches, with: event)
    }

    /// A cancelled drag keeps the value it reached; a non-continuous slider still reports it, so
    /// what the slider shows and what its actions saw never disagree.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isTracking && !isContinuous && storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
        super.touchesCancelled(touches, with: event)
    }

    /// Left and right move the value to the next tenth of the range below or above it (animated)
    /// and send `.valueChanged` when it moved; at an end the press is still used, so the focus does
    /// not jump away. Landing on tenths (not adding a tenth) keeps Float rounding from piling up.
    open override func handleFocusedMove(_ heading: UIFocusHeading) -> Bool {
        guard isEnabled, heading == .left || heading == .right else { return false }
        let tenths = Double(fraction(of: storedValue)) * 10, slack = 1e-6
        let target = heading == .right ? (tenths + slack).rounded(.down) + 1 : (tenths - slack).rounded(.up) - 1
        let f = min(max(target / 10, 0), 1)
        let old = storedValue
        setValue(Float(Double(minimumValue) + f * (Double(maximumValue) - Double(minimumValue))), animated: true)
        if storedValue != old { sendActions(for: .valueChanged) }
        return true
    }
}
