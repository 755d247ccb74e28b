import Foundation
import Layers

/// A section's header or footer (UIKit's `UITableViewHeaderFooterView`): a `textLabel` for a title,
/// a `contentView` for your views; reused through the table's queues as cells are.
///
/// The title is drawn as iOS draws it: in a plain table in 15 pt semibold on a grey bar, in grouped
/// tables in 13 pt grey capitals above the group (a footer's title in 13 pt grey, as written).
open class UITableViewHeaderFooterView: UIView {
    /// The identifier it was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// Holds the view's content; add subviews here. It spans the view.
    public let contentView = UIView()
    /// The title's label (made on first use).
    open var textLabel: UILabel? {
        if let l = title { return l }
        let l = UILabel()
        contentView.addSubview(l)
        title = l
        applyLook()
        return l
    }
    private var title: UILabel?
    /// How the table shows it: set when the table places it.
    var look = Look.plainHeader { didSet { applyLook() } }
    /// The table style and role a title view takes its look from.
    enum Look { case plainHeader, groupedHeader, footer }

    /// A header or footer view to be reused under `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        // As UIKit's: the content view follows the cell's size at once (W+H), so the constraints
        // inside it are never solved against its size from before the cell was resized.
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        applyLook()
    }
    /// How a table view makes a view of a registered class: `init(reuseIdentifier:)`, the subclass's
    /// override when it has one (a required convenience initializer that subclasses overriding
    /// `init(reuseIdentifier:)` and `init?(coder:)` inherit; see `UITableViewCell.init(registeredWithReuseIdentifier:)`).
    public required convenience init(registeredWithReuseIdentifier identifier: String?) {
        self.init(reuseIdentifier: identifier)
    }
    /// A header view with no reuse identifier.
    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }
    /// Flipbook has no nibs: makes an empty view, for subclasses that declare it.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        // As UIKit's: the content view follows the cell's size at once (W+H), so the constraints
        // inside it are never solved against its size from before the cell was resized.
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// Called before a recycled view is handed out again. Default: nothing.
    open func prepareForReuse() {}

    /// A plain header's band: light grey, or the dark appearance's secondary background.
    private static let plainHeaderBackground = UIColor.adaptive(UIColor(red: 247 / 255, green: 247 / 255, blue: 247 / 255, alpha: 1),
                                                                UIColor(red: 28 / 255, green: 28 / 255, blue: 30 / 255, alpha: 1))

    private func applyLook() {
        switch look {
        case .plainHeader:
            backgroundColor = Self.plainHeaderBackground
            title?.font = .systemFont(ofSize: 15, weight: .semibold)
            title?.textColor = .label
        case .groupedHeader, .footer:
            backgroundColor = .clear
            title?.font = .systemFont(ofSize: 13)
            title?.textColor = .secondaryLabel
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        guard let l = title else { return }
        let h = l.intrinsicContentSize.height
        // Plain headers centre their title; grouped ones sit it on the group below (6 pt above
        // it); footers hang theirs 6 pt below the group.
        let y: CGFloat = switch look {
        case .plainHeader: (bounds.height - h) / 2
        case .groupedHeader: bounds.height - h - 6
        case .footer: 6
        }
        l.frame = CGRect(x: 16 + layoutInsetX, y: y, width: max(0, bounds.width - 32 - 2 * layoutInsetX), height: h)
    }
    /// The inset-grouped table's extra inset, which titles follow.
    var layoutInsetX: CGFloat = 0 { didSet { setNeedsLayout() } }
}
