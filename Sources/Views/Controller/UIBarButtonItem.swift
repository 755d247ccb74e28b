import Foundation
import Layers

/// A button in a navigation bar, as UIKit's `UIBarButtonItem`: a title, an image, one of UIKit's
/// system items or a custom view, and a `primaryAction` run when it is tapped.
///
/// Flipbook has no Objective-C runtime, so there is no `target`/`action` pair: iOS code written
/// with `#selector` passes a `UIAction` instead (UIKit's own initializers since iOS 14:
/// `init(systemItem:primaryAction:)`, `init(title:image:primaryAction:)`). The action's `sender`
/// is the item while it runs, as on iOS.
///
/// System items are drawn as on iOS 15: text items (Done in bold, Cancel, Edit, Save, Close…)
/// in the tint colour, glyph items (add, trash, search…) as their SF Symbols where Flipbook draws
/// the symbol, else as their English name.
open class UIBarButtonItem {
    /// How a text item is set: plain, or bold for the item that ends a task (`.done`).
    public enum Style: Int, Sendable {
        /// Regular weight.
        case plain
        /// Semibold: the item that completes the screen's task.
        case done
    }

    /// UIKit's built-in items.
    public enum SystemItem: Int, Sendable {
        /// "Done", bold.
        case done
        /// "Cancel".
        case cancel
        /// "Edit".
        case edit
        /// "Save", bold.
        case save
        /// A plus.
        case add
        /// Room that grows to fill the bar (toolbars).
        case flexibleSpace
        /// Room of the item's `width`.
        case fixedSpace
        /// A pencil on a square.
        case compose
        /// A reply arrow.
        case reply
        /// Share: a square with an arrow.
        case action
        /// A folder.
        case organize
        /// A book.
        case bookmarks
        /// A magnifying glass.
        case search
        /// A circular arrow.
        case refresh
        /// A cross.
        case stop
        /// A camera.
        case camera
        /// A bin.
        case trash
        /// A play triangle.
        case play
        /// Two pause bars.
        case pause
        /// Two triangles back.
        case rewind
        /// Two triangles forward.
        case fastForward
        /// "Undo".
        case undo
        /// "Redo".
        case redo
        /// A cross in a circle (iOS 13).
        case close
    }

    /// The item's text (nil for image and glyph items).
    open var title: String? { didSet { changed() } }
    /// The item's picture, drawn as a template in the tint colour.
    open var image: UIImage? { didSet { changed() } }
    /// Plain or bold. Default: `.plain`.
    open var style: Style = .plain { didSet { changed() } }
    /// When false the item is drawn greyed and takes no taps. Default: true.
    open var isEnabled = true { didSet { changed() } }
    /// The item's colour (nil: the bar's tint). Default: nil.
    open var tintColor: UIColor? { didSet { changed() } }
    /// The width of a `.fixedSpace` item, or the least width of another (0: its content's). A
    /// negative or non-finite width is reported in one line and read as 0. Default: 0.
    open var width: CGFloat = 0 {
        didSet {
            if !width.isFinite || width < 0 {
                CAEngine.current.report("UIBarButtonItem.width = \(width): not a width; 0 is used")
                width = 0
            }
            changed()
        }
    }
    /// What a tap runs. Setting it on a title-less item does not give it the action's title.
    open var primaryAction: UIAction?
    /// A view shown instead of a button (sized by its own frame; it handles its own touches).
    open var customView: UIView? { didSet { host?.itemsChanged() } }
    /// A number to tell items apart. Default: 0.
    open var tag = 0
    /// The system item this is, if it is one.
    public let systemItem: SystemItem?

    /// Told when something drawn changed (the bar showing the item redraws its button).
    weak var host: BarButtonHost?

    /// An item with nothing in it (set `title`, `image` or `customView`).
    public init() { systemItem = nil }
    /// A text or image item running `primaryAction` when tapped (iOS 14). A nil title takes the
    /// action's title, as UIKit does.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        systemItem = nil
        self.title = title ?? (image == nil ? primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title } : nil)
        self.image = image
        self.primaryAction = primaryAction
    }
    /// A text item of `style` (UIKit's `init(title:style:target:action:)` with a closure).
    public init(title: String?, style: Style, primaryAction: UIAction? = nil) {
        systemItem = nil
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
    }
    /// An image item of `style` (UIKit's `init(image:style:target:action:)` with a closure).
    public init(image: UIImage?, style: Style, primaryAction: UIAction? = nil) {
        systemItem = nil
        self.image = image
        self.style = style
        self.primaryAction = primaryAction
    }
    /// One of UIKit's built-in items running `primaryAction` when tapped (iOS 14).
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        switch systemItem {
        case .done, .save: style = .done
        default: break
        }
    }
    /// One of UIKit's built-in items (UIKit's `init(barButtonSystemItem:target:action:)` with a closure).
    public convenience init(barButtonSystemItem systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init(systemItem: systemItem, primaryAction: primaryAction)
    }
    /// An item that shows `customView`.
    public init(customView: UIView) {
        systemItem = nil
        self.customView = customView
    }
    /// Room of `width` points between items (iOS 14).
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }
    /// Room that grows to fill the bar (iOS 14).
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }

    private func changed() { host?.itemLookChanged(self) }

    /// Runs the primary action with the item as its sender.
    func perform() {
        guard isEnabled, let action = primaryAction else { return }
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    /// What the item shows: a text (bold or not) or a template image.
    var content: (text: String?, bold: Bool, image: UIImage?) {
        if title != nil || image != nil { return (title, style == .done, image) }
        guard let s = systemItem else { return (nil, false, nil) }
        switch s {
        case .done: return ("Done", true, nil)
        case .cancel: return ("Cancel", false, nil)
        case .edit: return ("Edit", false, nil)
        case .save: return ("Save", true, nil)
        case .undo: return ("Undo", false, nil)
        case .redo: return ("Redo", false, nil)
        case .flexibleSpace, .fixedSpace: return (nil, false, nil)
        default: break
        }
        let symbol: [SystemItem: String] = [.add: "plus", .search: "magnifyingglass", .stop: "xmark", .trash: "trash",
                                            .play: "play.fill", .pause: "pause.fill", .close: "xmark"]
        if let name = symbol[s], UIImage.systemSymbolNames.contains(name), let img = UIImage(systemName: name) {
            return (nil, false, img)
        }
        let words: [SystemItem: String] = [.compose: "Compose", .reply: "Reply", .action: "Share", .organize: "Organize",
                                           .bookmarks: "Bookmarks", .refresh: "Refresh", .camera: "Camera",
                                           .rewind: "Rewind", .fastForward: "Forward"]
        return (words[s] ?? "\(s)", false, nil)
    }
}

/// The control a navigation bar shows for a bar button item: its text or template image in the
/// item's tint, faded while pressed and greyed when the item is disabled.
final class BarButtonView: UIControl {
    let item: UIBarButtonItem
    private let label = UILabel()
    private let imageView = UIImageView()

    init(_ item: UIBarButtonItem) {
        self.item = item
        super.init(frame: .zero)
        addSubview(label)
        addSubview(imageView)
        addAction(for: .touchUpInside) { [weak self] in self?.item.perform() }
        update()
    }
    required init?(coder: NSCoder) { nil }

    /// Reads the item again.
    func update() {
        let c = item.content
        label.text = c.text
        label.font = c.bold ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        label.isHidden = c.text == nil
        imageView.image = c.image?.withRenderingMode(.alwaysTemplate)
        imageView.isHidden = c.image == nil || c.text != nil
        isEnabled = item.isEnabled
        restyle()
        setNeedsLayout()
    }

    override var isHighlighted: Bool { didSet { restyle() } }
    override var isEnabled: Bool { didSet { restyle() } }

    private func restyle() {
        let tint = isEnabled ? (item.tintColor ?? tintColor ?? .systemBlue) : UIColor(white: 0.6, alpha: 1)
        label.textColor = tint
        imageView.tintColor = tint
        alpha = isHighlighted ? 0.2 : 1
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        if item.systemItem == .fixedSpace || item.systemItem == .flexibleSpace { return CGSize(width: item.width, height: 44) }
        let c = item.content
        let w = c.text != nil ? label.sizeThatFits(size).width : (c.image != nil ? 24 : 0)
        return CGSize(width: max(item.width, w + 16), height: 44)
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        restyle()          // the bar's tint is read where the button sits
        label.frame = bounds.insetBy(dx: 8, dy: 0)
        label.textAlignment = .center
        imageView.frame = CGRect(x: bounds.midX - 11, y: bounds.midY - 11, width: 22, height: 22)
    }
}
