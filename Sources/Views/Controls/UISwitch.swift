import Foundation
import Layers

/// A control that shows an on/off state and flips it when tapped, as UIKit's `UISwitch`.
///
/// A tap (`.touchUpInside`) toggles it with an animation and sends `.valueChanged`. The toggle is
/// an action the switch registers on its own `.touchUpInside`, so every way a control is pressed
/// toggles it exactly once: a touch, and the focus ring's Enter, Space or pad X (which send
/// `.touchUpInside` to the focused control). Programmatic changes (`isOn`, `setOn(_:animated:)`)
/// send nothing. Dragging the thumb and the thumb's stretch while pressed are not modelled.
///
/// Drawing, as iOS: 51 × 31 points (`init(frame:)` keeps the frame's origin and takes that size);
/// a fully rounded track, `onTintColor` when on (default: `.systemGreen`) and `.secondarySystemFill`
/// when off; a 27-point white round thumb with a soft shadow, 2 points inside the track's left end
/// when off and its right end when on. The parts are laid out from `bounds`.
open class UISwitch: UIControl {
    /// iOS's switch size in points.
    static let size = CGSize(width: 51, height: 31)
    /// The gap between the thumb and the track's edge.
    static let thumbInset: CGFloat = 2
    /// `setOn(_:animated:)`'s duration in seconds.
    static let animationDuration: TimeInterval = 0.25

    private var on = false
    /// Whether the switch is on. Default: false. Setting it moves the thumb at once and sends no event.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    /// The track's colour when on. Default: nil (`.systemGreen`).
    open var onTintColor: UIColor? { didSet { layoutParts() } }
    /// The thumb's colour. Default: nil (white).
    open var thumbTintColor: UIColor? { didSet { layoutParts() } }

    // The parts (internal so tests can read their presentation).
    let track = UIView()
    let thumb = UIView()

    /// A switch at `frame.origin`, 51 × 31 points whatever `frame.size` says (as UIKit).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        commonInit()
    }
    /// Archives are not supported; makes an off switch, so UIKit subclasses' initializer ports.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        // A fixed-size control: it hugs and resists at 750, as UIKit's (a label beside it stretches).
        layoutState.hugging = (750, 750)
        for part in [track, thumb] {
            part.isUserInteractionEnabled = false  // touches land on the switch itself
            addSubview(part)
        }
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.2
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        thumb.layer.shadowRadius = 3
        addAction(UIAction(identifier: "UISwitch.toggle") { [weak self] _ in self?.toggleByUser() }, for: .touchUpInside)
        layoutParts()
    }

    /// Sets the state; when `animated` the thumb slides and the track's colour cross-fades over
    /// 0.25 s. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        if animated {
            UIView.animate(withDuration: Self.animationDuration, delay: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.layoutParts() })
        } else {
            for part in [track, thumb] { part.layer.removeAllAnimations() }
            layoutParts()
        }
    }

    /// The user's toggle: animated, then `.valueChanged`.
    private func toggleByUser() {
        guard isEnabled else { return }
        setOn(!on, animated: true)
        sendActions(for: .valueChanged)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    /// Places the track and the thumb and colours them for the current state. Inside an animation
    /// block the thumb slides and the track's colour fades.
    private func layoutParts() {
        let b = bounds
        let d = max(0, b.height - 2 * Self.thumbInset)
        track.frame = b
        track.layer.cornerRadius = b.height / 2
        track.backgroundColor = on ? (onTintColor ?? .systemGreen) : .secondarySystemFill
        let x = on ? b.maxX - Self.thumbInset - d : b.minX + Self.thumbInset
        thumb.frame = CGRect(x: x, y: b.minY + Self.thumbInset, width: d, height: d)
        thumb.layer.cornerRadius = d / 2
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    open override var intrinsicContentSize: CGSize { Self.size }
}
