import Foundation
import Layers

/// One row of a table view (UIKit's `UITableViewCell`): a `contentView` for your views, or the
/// built-in labels and image of its `style`; an accessory at the trailing edge; a separator line at
/// the bottom; the selected background shown while it is selected or highlighted.
///
/// A subclass overrides `init(style:reuseIdentifier:)` and `init?(coder:)` as on iOS; the table view
/// makes registered classes through `init(registeredWithReuseIdentifier:)`, which such a subclass
/// inherits and which calls its override.
open class UITableViewCell: UIView {
    /// The built-in layouts (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable {
        /// An image and one label (`textLabel`); no `detailTextLabel`.
        case `default`
        /// `textLabel` on the left, `detailTextLabel` right-aligned in grey (Settings' look).
        case value1
        /// A small blue `textLabel` right-aligned in a fixed column, then `detailTextLabel` (Contacts' look).
        case value2
        /// `textLabel` with a smaller `detailTextLabel` under it.
        case subtitle
    }
    /// What the trailing edge shows (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable {
        /// Nothing.
        case none
        /// A grey chevron: the row leads somewhere.
        case disclosureIndicator
        /// An info button and a chevron.
        case detailDisclosureButton
        /// A checkmark in the tint colour.
        case checkmark
        /// An info button.
        case detailButton
    }
    /// How a selected cell looks (UIKit's `UITableViewCell.SelectionStyle`).
    public enum SelectionStyle: Int, Sendable {
        /// No selected look.
        case none
        /// The system grey (iOS 7+ shows `.blue` and `.gray` as `.default` too).
        case blue, gray, `default`
    }
    /// The editing control beside a row (UIKit's `UITableViewCell.EditingStyle`).
    public enum EditingStyle: Int, Sendable {
        /// No control.
        case none
        /// A red minus: delete.
        case delete
        /// A green plus: insert.
        case insert
    }

    /// The style it was made with.
    public let style: CellStyle
    /// The identifier it was registered and dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// Holds the cell's content; add subviews here. It spans the cell less the accessory.
    public let contentView = UIView()
    /// The style's main label (made on first use, as UIKit's).
    open var textLabel: UILabel? { label(&text, font: .systemFont(ofSize: style == .value2 ? 12 : 17), color: style == .value2 ? .systemBlue : .label) }
    /// The style's secondary label; nil for `.default`.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        return label(&detail, font: .systemFont(ofSize: style == .subtitle ? 12 : 17), color: style == .value2 ? .label : .secondaryLabel)
    }
    /// The style's image, at the leading edge (made on first use).
    open var imageView: UIImageView? {
        if let v = image { return v }
        let v = UIImageView()
        v.contentMode = .scaleAspectFit
        contentView.addSubview(v)
        image = v
        setNeedsLayout()
        return v
    }
    /// The built-in accessory. Default: `.none`.
    open var accessoryType = AccessoryType.none { didSet { accessory.kind = accessoryType; setNeedsLayout() } }
    /// A view shown instead of the built-in accessory. Default: nil.
    open var accessoryView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = accessoryView { addSubview(v) }; setNeedsLayout() }
    }
    /// The look of selection and highlight. Default: `.default`.
    open var selectionStyle = SelectionStyle.default
    /// Behind the content; nil shows the cell's background colour. Default: nil.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }
    /// Shown behind the content while the cell is selected or highlighted; by default the system
    /// grey (UIColor.systemGray4, iOS's selected-cell colour).
    open var selectedBackgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = selectedBackgroundView { insertSubview(v, at: backgroundView == nil ? 0 : 1) }; showSelection(animated: false) }
    }
    /// The separator's insets from the cell's edges (only left and right count). Default: the
    /// table's `separatorInset` (16 on the left), set when the table shows the cell.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }
    /// Whether the cell is selected; set `setSelected(_:animated:)` to animate. Default: false.
    open var isSelected: Bool {
        get { selectedFlag }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether a touch is down on the cell. Default: false.
    open var isHighlighted: Bool {
        get { highlightedFlag }
        set { setHighlighted(newValue, animated: false) }
    }

    private var selectedFlag = false, highlightedFlag = false
    private var text: UILabel?, detail: UILabel?, image: UIImageView?
    private let accessory = TableAccessoryView()
    /// The hairline at the bottom; the table hides it on rows that show none.
    let separator = UIView()
    /// The swipe-actions pane, while a swipe shows one (see UITableView+Swipe.swift).
    var swipePane: UIView?
    /// Whether a `.middle` row animation turned `clipsToBounds` on (and must turn it off again).
    var clipsForRowAnimation = false
    /// Whether a swipe turned `clipsToBounds` on (and must turn it off again when it closes).
    var clipsForSwipe = false
    /// Gives the cell back its own `clipsToBounds` after a swipe clipped it.
    func endSwipeClip() {
        if clipsForSwipe { clipsToBounds = false; clipsForSwipe = false }
    }
    /// Whether the cell shows its editing control (the table sets it in its editing mode). Default: false.
    public private(set) var isEditing = false
    /// The control the table gives the row in editing mode.
    var editingStyleShown = EditingStyle.none {
        didSet { editingControl.glyph = editingStyleShown == .delete ? .delete : editingStyleShown == .insert ? .insert : .none }
    }
    /// Whether the cell shows the reorder control in editing mode (when the data source's
    /// `canMoveRowAt` allows; UIKit also asks that the data source implement `moveRowAt`). Default: false.
    open var showsReorderControl = false { didSet { setNeedsLayout() } }
    /// The three lines at the trailing edge in editing mode.
    let reorderControl = TableEditingControl()
    /// Whether the table lets this row move (its data source's `canMoveRowAt`).
    var canMove = false { didSet { setNeedsLayout() } }
    /// Whether the reorder control shows now.
    var showsReorder: Bool { isEditing && showsReorderControl && canMove }
    /// The red minus (or green plus) at the leading edge in editing mode.
    let editingControl = TableEditingControl()

    /// A cell of `style`, to be reused under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        commonInit()
    }
    /// How a table view makes a cell of a registered class: `init(style: .default, reuseIdentifier:)`,
    /// the subclass's override when it has one.
    ///
    /// UIKit calls the initializer through the Objective-C runtime; Swift calls one on a metatype
    /// only when it is `required`. This one is a required *convenience* initializer, which Swift
    /// hands down to every subclass that overrides this class's designated initializers
    /// (`init(style:reuseIdentifier:)` and `init?(coder:)`, as iOS cell code does) or declares none,
    /// so cell subclasses port unchanged. A subclass with only initializers of its own must add it.
    public required convenience init(registeredWithReuseIdentifier identifier: String?) {
        self.init(style: .default, reuseIdentifier: identifier)
    }
    /// A `.default` cell (UIView's initializer; UIKit's cells take `init(style:reuseIdentifier:)`).
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }
    /// Flipbook has no nibs: makes an empty `.default` cell, for subclasses that declare it.
    public required init?(coder: NSCoder) {
        style = .default
        super.init(coder: coder)
        commonInit()
    }
    private func commonInit() {
        backgroundColor = .systemBackground
        // As UIKit's: the content view follows the cell's size at once (W+H), so the constraints
        // inside it are never solved against its size from before the cell was resized.
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        addSubview(accessory)
        addSubview(editingControl)
        reorderControl.glyph = .reorder
        addSubview(reorderControl)
        separator.backgroundColor = .separator
        addSubview(separator)
        let selected = UIView()
        selected.backgroundColor = .systemGray4
        selectedBackgroundView = selected
    }

    private func label(_ slot: inout UILabel?, font: UIFont, color: UIColor) -> UILabel {
        if let l = slot { return l }
        let l = UILabel()
        l.font = font
        l.textColor = color
        contentView.addSubview(l)
        slot = l
        setNeedsLayout()
        return l
    }

    /// Called before a recycled cell is handed out again: clears the selection and highlight.
    open func prepareForReuse() {
        setSelected(false, animated: false)
        setHighlighted(false, animated: false)
        swipePane?.removeFromSuperview()
        swipePane = nil
        endSwipeClip()
        contentView.transform = .identity
    }

    /// Selects or deselects the cell; `animated` fades the selected background (0.3 s, UIKit's
    /// deselection fade; it is not documented, 0.3 s is what is seen on iOS).
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedFlag = selected
        showSelection(animated: animated)
    }
    /// Shows or hides the editing control: the content moves 38 points in from the leading edge
    /// and the control slides in beside it; `animated` over 0.3 s (UIKit's editing transition).
    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        let change: () -> Void = { self.setNeedsLayout(); self.layoutIfNeeded() }
        if animated { UIView.animate(withDuration: 0.3, animations: change) } else { UIView.performWithoutAnimation(change) }
    }
    /// The indent editing mode gives the content: 38 points while a control shows.
    var editingIndent: CGFloat { isEditing && editingStyleShown != .none ? 38 : 0 }

    /// Highlights the cell (at once, or with the same fade as `setSelected`).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedFlag = highlighted
        showSelection(animated: animated)
    }
    private func showSelection(animated: Bool) {
        let on = (selectedFlag || highlightedFlag) && selectionStyle != .none
        let change: () -> Void = { self.selectedBackgroundView?.alpha = on ? 1 : 0 }
        if animated { UIView.animate(withDuration: 0.3, animations: change) } else { UIView.performWithoutAnimation(change) }
    }

    /// The height the cell's content asks for at `width`: from the constraints in `contentView`
    /// when it holds any (`systemLayoutSizeFitting` with the width fixed), else from the built-in
    /// labels, at least 44 points (UIKit's standard row). - Complexity: a solve of the content.
    open func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        if contentView.hasConstraintsInside {
            let s = contentView.systemLayoutSizeFitting(CGSize(width: width - accessoryWidth, height: 0),
                                                        withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
            return s.height.isFinite ? max(0, s.height) : 44
        }
        let labels = [text, detail].compactMap { $0 }.filter { !($0.text ?? "").isEmpty }
        let stacked = style == .subtitle ? labels.reduce(0) { $0 + $1.intrinsicContentSize.height } : (labels.map(\.intrinsicContentSize.height).max() ?? 0)
        return max(44, stacked + 22)
    }

    /// Whether `point` (cell coordinates) is on the accessory's info button (with 8 points of
    /// slack around it, as a finger needs).
    func detailButtonContains(_ point: CGPoint) -> Bool {
        guard accessoryView == nil, !accessory.isHidden, accessoryType == .detailButton || accessoryType == .detailDisclosureButton else { return false }
        return CGRect(x: accessory.frame.minX - 8, y: 0, width: 22 + 16, height: bounds.height).contains(point)
    }

    private var accessoryWidth: CGFloat {
        if let v = accessoryView { return v.bounds.width + 16 }
        return accessoryType == .none ? 0 : TableAccessoryView.width(of: accessoryType) + 16
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView?.frame = b
        selectedBackgroundView?.frame = b
        let reorder = showsReorder
        let aw = reorder ? 44 : accessoryWidth
        let indent = editingIndent
        // Out of editing mode the controls wait beyond the cell's edges, transparent: a cell that
        // does not clip (or slides aside in a row animation) must not show them there. Inside an
        // animation block they slide and fade together.
        reorderControl.frame = CGRect(x: reorder ? b.width - 44 : b.width + 8, y: b.midY - 22, width: 44, height: 44)
        reorderControl.alpha = reorder ? 1 : 0
        let contentFrame = CGRect(x: indent, y: 0, width: max(0, b.width - aw - indent), height: b.height)
        editingControl.frame = CGRect(x: indent > 0 ? 8 : -30, y: b.midY - 11, width: 22, height: 22)
        editingControl.alpha = indent > 0 ? 1 : 0
        if contentView.transform == .identity {
            contentView.frame = contentFrame
        } else {
            contentView.bounds.size = contentFrame.size
            contentView.center = CGPoint(x: contentFrame.midX, y: contentFrame.midY)   // the swipe's translation adds to it
        }
        if let v = accessoryView {
            v.center = CGPoint(x: b.width - 16 - v.bounds.width / 2 + contentView.transform.tx, y: b.midY)
        }
        accessoryView?.isHidden = reorder
        accessory.isHidden = accessoryView != nil || accessoryType == .none || reorder
        let w = TableAccessoryView.width(of: accessoryType)
        accessory.frame = CGRect(x: b.width - 16 - w + contentView.transform.tx, y: b.midY - 11, width: w, height: 22)
        let scale = max(1, window?.screen.scale ?? 1)
        separator.frame = CGRect(x: separatorInset.left, y: b.height - 1 / scale, width: max(0, b.width - separatorInset.left - separatorInset.right), height: 1 / scale)
        layoutBuiltIns(in: contentView.bounds)
    }

    /// Places the style's image and labels (UIKit's margins: 16 at the leading edge, 20 at the
    /// trailing one when there is no accessory, 6 before an accessory).
    private func layoutBuiltIns(in r: CGRect) {
        var x: CGFloat = 16
        let trailing = r.width - (accessoryWidth > 0 || showsReorder ? 6 : 20)
        if let iv = image, let img = iv.image {
            let side = min(r.height - 12, max(img.size.width, img.size.height), 40)
            iv.frame = CGRect(x: x, y: r.midY - side / 2, width: side, height: side)
            x += side + 16
        }
        let t = text.map { ($0, $0.intrinsicContentSize) }, d = detail.map { ($0, $0.intrinsicContentSize) }
        switch style {
        case .default:
            t?.0.frame = CGRect(x: x, y: 0, width: max(0, trailing - x), height: r.height)
        case .subtitle:
            let th = t?.1.height ?? 0, dh = (detail?.text ?? "").isEmpty ? 0 : (d?.1.height ?? 0)
            let top = (r.height - th - dh) / 2
            t?.0.frame = CGRect(x: x, y: top, width: max(0, trailing - x), height: th)
            d?.0.frame = CGRect(x: x, y: top + th, width: max(0, trailing - x), height: dh)
        case .value1:
            let dw = min(d?.1.width ?? 0, max(0, trailing - x))
            d?.0.frame = CGRect(x: trailing - dw, y: 0, width: dw, height: r.height)
            d?.0.textAlignment = .right
            t?.0.frame = CGRect(x: x, y: 0, width: max(0, trailing - dw - 8 - x), height: r.height)
        case .value2:
            let column: CGFloat = 91
            t?.0.frame = CGRect(x: x, y: 0, width: column - x, height: r.height)
            t?.0.textAlignment = .right
            d?.0.frame = CGRect(x: column + 6, y: 0, width: max(0, trailing - column - 6), height: r.height)
        }
    }
}

extension UIView {
    /// Whether a constraint is held by this view or any view inside it.
    var hasConstraintsInside: Bool {
        if !constraints.isEmpty { return true }
        return subviews.contains { $0.hasConstraintsInside }
    }
}
