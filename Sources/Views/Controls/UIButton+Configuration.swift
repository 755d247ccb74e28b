import Foundation
import Layers

/// iOS 15's button configurations: a value that says what a button shows (title, subtitle, image)
/// and how (a filled, tinted, grey or plain background, colours, corners, insets), applied by the
/// button for each state.
///
/// Looks, as iOS draws them (Apple publishes the styles, not their numbers; these are chosen to
/// look like iOS's): `filled`/`borderedProminent` fill with the base background colour (default:
/// the tint) under white text; `tinted`/`borderedTinted` fill with it at 15 % under tinted text;
/// `gray`/`bordered` fill with `.systemGray5` under tinted text; `plain` draws no background.
/// Highlighted, a background blends 20 % towards black (a plain button's text to 50 % alpha),
/// animated over 0.1 s on touch-down and 0.25 s on release (text colours change at once: a label's
/// colour does not animate). Disabled: `.tertiaryLabel` text on `.systemFill` (no fill for plain).
extension UIButton {
    /// What a configured button shows and how (UIKit's `UIButton.Configuration`).
    public struct Configuration {
        /// How the background's corners are rounded.
        public enum CornerStyle: Sendable {
            /// The background's own `cornerRadius` (Default: 0 here).
            case fixed
            /// By the button's size: 6 mini/small, 8 medium, 12 large.
            case dynamic
            /// 4 points.
            case small
            /// 8 points.
            case medium
            /// 12 points.
            case large
            /// Half the height: a pill.
            case capsule
        }
        /// The size class that sets the fonts and insets.
        public enum Size: Sendable {
            /// Title 12 pt, insets 3 × 8.
            case mini
            /// Title 15 pt, insets 5 × 10.
            case small
            /// Title 17 pt, insets 7 × 12 (the default).
            case medium
            /// Title 20 pt, insets 14 × 20.
            case large
        }
        /// The background style the configuration was made with.
        enum Fill { case filled, tinted, gray, plain }
        let fill: Fill

        /// The title. Default: nil.
        public var title: String?
        /// A second line below the title, smaller. Default: nil.
        public var subtitle: String?
        /// An image before the title. Default: nil.
        public var image: UIImage?
        /// The points between the image and the text. Default: 6.
        public var imagePadding: CGFloat = 6
        /// The points between the title and the subtitle. Default: 2.
        public var titlePadding: CGFloat = 2
        /// The colour the background is made from. Default: nil (the button's tint).
        public var baseBackgroundColor: UIColor?
        /// The colour of the text and the image. Default: nil (white for filled, else the tint).
        public var baseForegroundColor: UIColor?
        /// How the corners round. Default: `.dynamic`.
        public var cornerStyle: CornerStyle = .dynamic
        /// The size class. Setting it resets `contentInsets` to its insets. Default: `.medium`.
        public var buttonSize: Size = .medium { didSet { contentInsets = Self.insets(buttonSize) } }
        /// The space between the background's edges and the content. Default: 7 above and below,
        /// 12 at the sides (medium).
        public var contentInsets = Configuration.insets(.medium)
        /// The background's corner radius for `.fixed`. Default: 0.
        public var backgroundCornerRadius: CGFloat = 0

        init(_ fill: Fill) { self.fill = fill }

        /// A solid background in the tint (or `baseBackgroundColor`) under white text.
        public static func filled() -> Configuration { Configuration(.filled) }
        /// A pale background of the tint under tinted text.
        public static func tinted() -> Configuration { Configuration(.tinted) }
        /// A light grey background under tinted text.
        public static func gray() -> Configuration { Configuration(.gray) }
        /// Tinted text and no background.
        public static func plain() -> Configuration { Configuration(.plain) }
        /// A light grey background under tinted text (as `gray()`).
        public static func bordered() -> Configuration { Configuration(.gray) }
        /// A pale tinted background (as `tinted()`).
        public static func borderedTinted() -> Configuration { Configuration(.tinted) }
        /// A solid tinted background under white text (as `filled()`).
        public static func borderedProminent() -> Configuration { Configuration(.filled) }

        static func insets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }
        var titleSize: CGFloat {
            switch buttonSize { case .mini: 12; case .small: 15; case .medium: 17; case .large: 20 }
        }

        /// The corner radius at `height`.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: backgroundCornerRadius
            case .dynamic: buttonSize == .large ? 12 : buttonSize == .medium ? 8 : 6
            case .small: 4
            case .medium: 8
            case .large: 12
            case .capsule: height / 2
            }
        }

        /// The background and foreground colours for a state.
        func colors(tint: UIColor, highlighted: Bool, enabled: Bool) -> (background: UIColor?, foreground: UIColor) {
            let base = baseBackgroundColor ?? tint
            guard enabled else { return (fill == .plain ? nil : .systemFill, .tertiaryLabel) }
            var bg: UIColor?
            var fg: UIColor
            switch fill {
            case .filled: bg = base; fg = baseForegroundColor ?? .white
            case .tinted: bg = base.withAlphaComponent(0.15); fg = baseForegroundColor ?? tint
            case .gray: bg = .systemGray5; fg = baseForegroundColor ?? tint
            case .plain: bg = nil; fg = baseForegroundColor ?? tint
            }
            if highlighted {
                if let b = bg { bg = Self.darkened(b) } else { fg = fg.withAlphaComponent(fg.cgColor.alpha * 0.5) }
            }
            return (bg, fg)
        }

        /// `c` blended 20 % towards black, its alpha kept.
        static func darkened(_ c: UIColor) -> UIColor {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            _ = c.getRed(&r, green: &g, blue: &b, alpha: &a)
            return UIColor(red: r * 0.8, green: g * 0.8, blue: b * 0.8, alpha: a)
        }
    }

    /// The button's configuration; setting one makes the button draw from it (its title, colours
    /// and background) instead of the per-state titles. Default: nil.
    public var configuration: Configuration? {
        get { configured?.configuration }
        set {
            if let c = newValue {
                if configured == nil { configured = ConfiguredParts(in: self) }
                configured?.configuration = c
                // Set from the update handler: the apply that called the handler follows.
                if configured?.inHandler != true { updateConfiguration() }
            } else if let parts = configured {
                parts.remove()
                configured = nil
                titleLabel?.isHidden = false
                stateDidChange()
                setNeedsLayout()
            }
        }
    }

    /// Called before the configuration is applied for a new state (highlight, selection,
    /// enabling) and by `setNeedsUpdateConfiguration`: change `configuration` here. Default: nil.
    public var configurationUpdateHandler: ((UIButton) -> Void)? {
        get { configured?.updateHandler ?? pendingUpdateHandler }
        set {
            if let parts = configured { parts.updateHandler = newValue } else { pendingUpdateHandler = newValue }
        }
    }

    /// A button drawn from `configuration` that runs `primaryAction` when tapped (its title is the
    /// action's when the configuration has none).
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        var c = configuration
        if let a = primaryAction {
            if c.title == nil, !a.title.isEmpty { c.title = a.title }
            addAction(a, for: .primaryActionTriggered)
        }
        self.configuration = c
        frame.size = intrinsicContentSize
    }

    /// Asks for `updateConfiguration()` (here: at once; UIKit defers it to the next layout).
    public func setNeedsUpdateConfiguration() { updateConfiguration() }

    /// Runs the update handler and applies the configuration for the current state.
    public func updateConfiguration() { applyConfiguration(animatedFor: nil) }

    /// Applies the configuration; `animatedFor` is the highlight change that caused it (its
    /// background fades: 0.1 s on, 0.25 s off).
    func applyConfiguration(animatedFor highlight: Bool?) {
        guard let parts = configured else { return }
        if let h = parts.updateHandler, !parts.inHandler {
            parts.inHandler = true
            h(self)
            parts.inHandler = false
        }
        let c = parts.configuration
        let (bg, fg) = c.colors(tint: tintColor, highlighted: isHighlighted, enabled: isEnabled)
        parts.title.text = c.title
        parts.title.font = .systemFont(ofSize: c.titleSize, weight: c.fill == .filled ? .semibold : .regular)
        parts.title.textColor = fg
        parts.subtitle.text = c.subtitle
        parts.subtitle.font = .systemFont(ofSize: c.titleSize - 2)
        parts.subtitle.textColor = fg
        parts.image.image = c.image
        parts.image.tintColor = fg
        let paint = { parts.background.backgroundColor = bg }
        if let h = highlight {
            UIView.animate(withDuration: h ? 0.1 : 0.25, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction], animations: paint)
        } else {
            UIView.performWithoutAnimation(paint)
        }
        titleLabel?.isHidden = true
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The content's size: image, padding, the wider of title and subtitle, plus the insets.
    func configuredSize() -> CGSize {
        guard let parts = configured else { return .zero }
        let c = parts.configuration
        let (t, s) = parts.textSizes()
        let textW = max(t.width, s.width)
        let textH = t.height + (c.subtitle != nil ? c.titlePadding + s.height : 0)
        let img = c.image?.size ?? .zero
        let gap = c.image != nil && textW > 0 ? c.imagePadding : 0
        let w = img.width + gap + textW + c.contentInsets.leading + c.contentInsets.trailing
        let h = max(img.height, textH) + c.contentInsets.top + c.contentInsets.bottom
        return CGSize(width: ceil(w), height: ceil(h))
    }

    /// Lays the background, image, title and subtitle out in the bounds, centred.
    func layoutConfigured() {
        guard let parts = configured else { return }
        let c = parts.configuration
        let b = bounds
        parts.background.frame = b
        parts.background.layer.cornerRadius = c.cornerRadius(height: b.height)
        let size = configuredSize()
        let img = c.image?.size ?? .zero
        let (t, s) = parts.textSizes()
        let textW = max(t.width, s.width)
        let gap = c.image != nil && textW > 0 ? c.imagePadding : 0
        let contentW = size.width - c.contentInsets.leading - c.contentInsets.trailing
        var x = b.midX - contentW / 2
        parts.image.frame = CGRect(x: x, y: b.midY - img.height / 2, width: img.width, height: img.height)
        x += img.width + gap
        let textH = t.height + (c.subtitle != nil ? c.titlePadding + s.height : 0)
        let y = b.midY - textH / 2
        // The text's box reaches into the insets (centred text: the whole width; after an image: to
        // the right edge): glyphs drawn at 2× may be a little wider than measured at 1×.
        let textX = c.image == nil ? b.minX : x
        let boxW = max(ceil(textW), b.maxX - textX)
        parts.title.frame = CGRect(x: textX, y: y, width: boxW, height: t.height)
        parts.subtitle.frame = CGRect(x: textX, y: y + t.height + c.titlePadding, width: boxW, height: s.height)
        parts.title.textAlignment = c.image == nil ? .center : .left
        parts.subtitle.textAlignment = parts.title.textAlignment
    }
}

/// The views a configured button adds, and its configuration (one stored value on UIButton).
final class ConfiguredParts {
    var configuration: UIButton.Configuration
    var updateHandler: ((UIButton) -> Void)?
    var inHandler = false
    let background = UIView()
    let image = UIImageView()
    let title = UILabel()
    let subtitle = UILabel()

    init(in button: UIButton) {
        configuration = .plain()
        updateHandler = button.pendingUpdateHandler
        button.pendingUpdateHandler = nil
        for v in [background, image, title, subtitle] as [UIView] {
            v.isUserInteractionEnabled = false
            button.insertSubview(v, at: button.subviews.count)
        }
        button.sendSubviewToBack(background)
    }

    /// The title's and the subtitle's sizes on one line, as their labels measure them (zero when unset).
    func textSizes() -> (title: CGSize, subtitle: CGSize) {
        let big = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
        return (configuration.title == nil ? .zero : title.sizeThatFits(big),
                configuration.subtitle == nil ? .zero : subtitle.sizeThatFits(big))
    }

    func remove() { for v in [background, image, title, subtitle] as [UIView] { v.removeFromSuperview() } }
}
