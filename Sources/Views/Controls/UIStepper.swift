import Foundation
import Layers

/// A pair of − and + buttons that step a value, as UIKit's `UIStepper`.
///
/// A tap on a half steps `value` by `stepValue` and sends `.valueChanged`. At a limit the value
/// stops there (the half that would pass it draws disabled) unless `wraps`, when it goes round to
/// the other limit. Held down with `autorepeat` (the default), the step repeats: the first repeat
/// 0.5 s after the press, then every 0.1 s (Apple publishes no timings; these feel like iOS's),
/// on the media clock. With `isContinuous` false the held steps send one `.valueChanged` when the
/// finger lifts. Setting `value` sends nothing.
///
/// Drawing: 94 × 32 points (`init(frame:)` keeps the origin and takes that size), a `.systemFill`
/// track with 8-point corners, a thin divider, the signs in `.label` (grey when that half cannot step).
///
/// Misuse UIKit raises for (a minimum above the maximum, a step that is not positive, NaN or
/// infinite values) is reported and the old value kept.
open class UIStepper: UIControl {
    /// iOS's stepper size in points.
    static let size = CGSize(width: 94, height: 32)
    /// Autorepeat timings, in seconds.
    static let repeatDelay: TimeInterval = 0.5
    static let repeatInterval: TimeInterval = 0.1

    private var v: Double = 0
    /// The value, clamped into minimumValue…maximumValue. Default: 0. Setting it sends nothing.
    open var value: Double {
        get { v }
        set {
            guard newValue.isFinite else { return report("value \(newValue) ignored") }
            v = min(max(newValue, minimumValue), maximumValue)
            style()
        }
    }
    /// The lowest value. Default: 0. A value above `maximumValue` (or not finite) is reported and ignored.
    open var minimumValue: Double = 0 {
        didSet {
            if !minimumValue.isFinite || minimumValue > maximumValue {
                report("minimumValue \(minimumValue) ignored: it must be finite and not above maximumValue \(maximumValue) (UIKit raises)")
                minimumValue = oldValue
            }
            v = max(v, minimumValue); style()
        }
    }
    /// The highest value. Default: 100. A value below `minimumValue` (or not finite) is reported and ignored.
    open var maximumValue: Double = 100 {
        didSet {
            if !maximumValue.isFinite || maximumValue < minimumValue {
                report("maximumValue \(maximumValue) ignored: it must be finite and not below minimumValue \(minimumValue) (UIKit raises)")
                maximumValue = oldValue
            }
            v = min(v, maximumValue); style()
        }
    }
    /// The step. Default: 1. A step that is not positive and finite is reported and ignored.
    open var stepValue: Double = 1 {
        didSet {
            if !(stepValue > 0) || !stepValue.isFinite {
                report("stepValue \(stepValue) ignored: it must be positive (UIKit raises)")
                stepValue = oldValue
            }
        }
    }
    /// Whether stepping past a limit goes round to the other. Default: false.
    open var wraps = false { didSet { style() } }
    /// Whether holding a half repeats its step. Default: true.
    open var autorepeat = true
    /// Whether held steps each send `.valueChanged` (true) or one is sent on lift. Default: true.
    open var isContinuous = true

    let minus = UILabel()
    let plus = UILabel()
    private let divider = UIView()

    /// A stepper at `frame.origin`, 94 × 32 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        commonInit()
    }
    /// Archives are not supported: a stepper with the defaults.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        layoutState.hugging = (750, 750)
        backgroundColor = .systemFill
        layer.cornerRadius = 8
        minus.text = "−"
        plus.text = "+"
        for l in [minus, plus] {
            l.textAlignment = .center
            l.font = .systemFont(ofSize: 22)
            l.isUserInteractionEnabled = false
            addSubview(l)
        }
        divider.backgroundColor = .separator
        divider.isUserInteractionEnabled = false
        addSubview(divider)
        style()
    }

    private func report(_ message: String) { CAEngine.current.report("UIStepper: \(message)") }

    /// Whether a step in direction `sign` (−1 or +1) changes anything.
    private func canStep(_ sign: Double) -> Bool { wraps || (sign < 0 ? v > minimumValue : v < maximumValue) }

    /// One step: clamped at the limits, or round to the other limit when `wraps`.
    private func step(_ sign: Double) -> Bool {
        guard canStep(sign) else { return false }
        var n = v + sign * stepValue
        if n > maximumValue { n = wraps ? (v >= maximumValue ? minimumValue : maximumValue) : maximumValue }
        if n < minimumValue { n = wraps ? (v <= minimumValue ? maximumValue : minimumValue) : minimumValue }
        guard n != v else { return false }
        v = n
        style()
        return true
    }

    // MARK: Touch

    private var pressSign: Double = 0
    private var repeatTimer: Timer?
    private var changedWhileHeld = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard isEnabled, let x = touches.first?.location(in: self).x else { return }
        pressSign = x < bounds.midX ? -1 : 1
        changedWhileHeld = false
        style()
        if step(pressSign) {
            if isContinuous { sendActions(for: .valueChanged) } else { changedWhileHeld = true }
        }
        guard autorepeat else { return }
        repeatTimer = Timer.scheduledTimer(withTimeInterval: Self.repeatDelay, repeats: false) { [weak self] _ in
            guard let self else { return }
            self.repeatStep()
            self.repeatTimer = Timer.scheduledTimer(withTimeInterval: Self.repeatInterval, repeats: true) { [weak self] _ in self?.repeatStep() }
        }
    }

    private func repeatStep() {
        guard isTracking, isHighlighted else { return }
        if step(pressSign) {
            if isContinuous { sendActions(for: .valueChanged) } else { changedWhileHeld = true }
        }
    }

    private func endPress() {
        repeatTimer?.invalidate()
        repeatTimer = nil
        pressSign = 0
        if changedWhileHeld { sendActions(for: .valueChanged) }
        changedWhileHeld = false
        style()
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        endPress()
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        endPress()
    }

    // MARK: Look

    open override func stateDidChange() { style() }

    private func style() {
        minus.textColor = isEnabled && canStep(-1) ? .label : .tertiaryLabel
        plus.textColor = isEnabled && canStep(1) ? .label : .tertiaryLabel
        minus.backgroundColor = pressSign < 0 && isHighlighted ? .systemFill : nil
        plus.backgroundColor = pressSign > 0 && isHighlighted ? .systemFill : nil
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let half = b.width / 2
        minus.frame = CGRect(x: b.minX, y: b.minY, width: half, height: b.height)
        plus.frame = CGRect(x: b.minX + half, y: b.minY, width: half, height: b.height)
        divider.frame = CGRect(x: b.midX - 0.5, y: b.minY + 8, width: 1, height: max(0, b.height - 16))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    open override var intrinsicContentSize: CGSize { Self.size }
}
