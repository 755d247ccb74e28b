import Foundation
import Layers

/// A control with a title that runs actions when tapped, as UIKit's `UIButton`.
///
/// Titles and title colours are kept per state; the shown ones follow the current state, falling
/// back to `.normal` as in UIKit. A `.system` button dims its title to 20 % alpha while
/// highlighted; a `.custom` button (what `init(frame:)` makes) shows its `.highlighted` title
/// colour when one is set. Defaults: title font system 18 pt; title colour white for `.custom`,
/// system blue for `.system`. A button with a `configuration` (UIButton+Configuration.swift) draws
/// from it instead and hides `titleLabel`.
open class UIButton: UIControl {
    /// UIKit's button types that Flipbook draws: custom (your colours) and system (tinted title).
    public enum ButtonType: Int, Sendable {
        /// No look of its own; shows the `.highlighted` title colour while highlighted, when set.
        case custom = 0
        /// Dims its title to 20 % alpha while highlighted; system blue title.
        case system = 1
    }

    /// The type the button was made with.
    public let buttonType: ButtonType
    /// The label showing the current title (a subview, laid out to fill the button).
    public let titleLabel: UILabel? = UILabel()
    /// The views and value of the button's configuration, when it has one (UIButton+Configuration.swift).
    var configured: ConfiguredParts?
    /// An update handler set before any configuration, kept until one is set.
    var pendingUpdateHandler: ((UIButton) -> Void)?
    /// The highlight the configuration was last applied for (its background fades on a change).
    private var configuredHighlight = false
    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        commonInit()
    }
    /// A button of `buttonType` with a zero frame.
    public convenience init(type buttonType: ButtonType) { self.init(frame: .zero, type: buttonType) }
    init(frame: CGRect, type: ButtonType) {
        buttonType = type
        super.init(frame: frame)
        commonInit()
    }
    /// A custom button that runs `primaryAction` on `.primaryActionTriggered`.
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }
    /// Interface Builder archives are not supported: a custom button with a zero frame, so that
    /// subclasses' `required init?(coder:)` port unchanged.
    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        guard let label = titleLabel else { return }
        label.font = .systemFont(ofSize: UIFont.buttonFontSize)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle // UIKit: a title too long for the button loses its middle
        addSubview(label)
        updateTitle()
    }

    /// Sets the title shown in `state` (a state without its own title shows the normal one).
    open func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title; updateTitle() }
    /// The title shown in `state`.
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }
    /// Sets the title's colour in `state`.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) { titleColors[state.rawValue] = color; updateTitle() }
    /// The title's colour in `state`.
    open func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[0] ?? (buttonType == .system ? tintColor : .white)
    }
    /// The title shown in the current state.
    open var currentTitle: String? { title(for: displayState) }
    /// The title colour in the current state.
    open var currentTitleColor: UIColor { titleColor(for: displayState) ?? .white }

    /// The state whose title shows: the most specific one with a title or colour set.
    private var displayState: UIControl.State {
        let s = state
        if s.contains(.disabled) { return .disabled }
        if s.contains(.highlighted) { return .highlighted }
        if s.contains(.selected) { return .selected }
        return .normal
    }

    open override func stateDidChange() {
        if configured != nil {
            let changed = configuredHighlight != isHighlighted
            configuredHighlight = isHighlighted
            applyConfiguration(animatedFor: changed ? isHighlighted : nil)
            return
        }
        updateTitle()
    }

    private func updateTitle() {
        guard let label = titleLabel else { return }
        if label.text != currentTitle { invalidateIntrinsicContentSize() }
        label.text = currentTitle
        var color = currentTitleColor
        if buttonType == .system && isHighlighted && titleColors[State.highlighted.rawValue] == nil {
            color = color.withAlphaComponent(color.cgColor.alpha * 0.2)
        }
        label.textColor = color
    }

    /// The title fills the button, aligned by `contentHorizontalAlignment` (centred: the label's
    /// own `textAlignment` decides) and `contentVerticalAlignment`.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if configured != nil { return layoutConfigured() }
        guard let label = titleLabel else { return }
        switch contentHorizontalAlignment {
        case .center: break
        case .left, .leading, .fill: label.textAlignment = .left
        case .right, .trailing: label.textAlignment = .right
        }
        var frame = bounds
        if contentVerticalAlignment != .center && contentVerticalAlignment != .fill {
            let h = min(bounds.height, label.sizeThatFits(bounds.size).height)
            frame = CGRect(x: bounds.minX, y: contentVerticalAlignment == .top ? bounds.minY : bounds.maxY - h, width: bounds.width, height: h)
        }
        label.frame = frame
    }

    /// The title's size with 8 points each side and 6 above and below, at least 30 high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if configured != nil { return configuredSize() }
        let s = titleLabel?.sizeThatFits(size) ?? .zero
        return CGSize(width: s.width + 16, height: max(s.height + 12, 30))
    }
    /// `sizeThatFits` with no limit: the title's width plus 16, its height plus 12, at least 30 high.
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }
}
