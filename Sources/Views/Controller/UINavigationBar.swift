import Foundation
import Layers

/// What a controller shows in a navigation bar (UIKit's `UINavigationItem`): its title (nil: the
/// controller's `title`) and the back button title the next controller shows.
open class UINavigationItem {
    /// The title the bar shows for this item (nil: the controller's `title`).
    open var title: String?
    /// The title of the back button that leads back to this item's controller (nil: its title).
    open var backButtonTitle: String?
    /// The buttons on the left, outermost first; they replace the back button unless
    /// `leftItemsSupplementBackButton`. Default: none.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemsChanged() } }
    /// The buttons on the right, outermost (rightmost) first. Default: none.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemsChanged() } }
    /// The first of `leftBarButtonItems`; setting it makes it the only one.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first of `rightBarButtonItems`; setting it makes it the only one.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// Whether the left items sit after the back button instead of replacing it. Default: false.
    open var leftItemsSupplementBackButton = false { didSet { bar?.itemsChanged() } }
    /// Whether the back button is hidden. Default: false.
    open var hidesBackButton = false { didSet { bar?.itemsChanged() } }
    /// Sets the left item (Flipbook does not cross-fade the change: `animated` is ignored).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the right item (`animated` is ignored, as `setLeftBarButton`).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Sets the left items (`animated` is ignored).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the right items (`animated` is ignored).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Hides or shows the back button (`animated` is ignored).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    /// The bar showing this item, told when its buttons change.
    weak var bar: UINavigationBar?

    /// An item with `title`.
    public init(title: String) { self.title = title }
    /// An item without a title (the controller's `title` shows).
    public init() {}
}

/// A simple navigation bar (UIKit's `UINavigationBar`): the top controller's title centred and,
/// when there is a controller to go back to, a back button "‹ Previous" on the left. 44 points high,
/// light with a hairline below.
open class UINavigationBar: UIView, BarButtonHost {
    let titleLabel = UILabel()
    let backButton = UIButton(type: .system)
    private let hairline = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.97, alpha: 1)
        titleLabel.font = .boldSystemFont(ofSize: 17)
        titleLabel.textAlignment = .center
        hairline.backgroundColor = UIColor(white: 0.78, alpha: 1)
        addSubview(titleLabel)
        addSubview(backButton)
        addSubview(hairline)
        backButton.isHidden = true
    }
    /// A bar with a zero frame; the navigation controller sizes its own bar.
    public convenience init() { self.init(frame: .zero) }
    /// Archives are not supported: always nil.
    public required init?(coder: NSCoder) { nil }

    /// The centred title.
    open var title: String? {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }
    /// The back button's title (nil: no back button).
    var backTitle: String? {
        didSet {
            backButton.setTitle(backTitle.map { "‹ \($0)" }, for: .normal)
            itemsChanged()
        }
    }

    /// The item whose buttons the bar shows (the top controller's).
    var shownItem: UINavigationItem? {
        didSet {
            if oldValue !== shownItem, oldValue?.bar === self { oldValue?.bar = nil }
            shownItem?.bar = self
            itemsChanged()
        }
    }
    private var leftViews: [BarButtonView] = []
    private var rightViews: [BarButtonView] = []
    private var customViews: [UIView] = []

    /// Redraws the button of `item` (its title, image, style, tint or enabled state changed).
    func itemLookChanged(_ item: UIBarButtonItem) {
        for v in leftViews + rightViews where v.item === item { v.update() }
        setNeedsLayout()
    }

    /// Rebuilds the buttons from the shown item (its lists, or an item's look, changed).
    func itemsChanged() {
        for v in leftViews + rightViews { v.removeFromSuperview() }
        for v in customViews { v.removeFromSuperview() }
        for v in leftViews + rightViews where v.item.host === self { v.item.host = nil }
        leftViews = []; rightViews = []; customViews = []
        let item = shownItem
        func views(_ items: [UIBarButtonItem]?) -> [BarButtonView] {
            (items ?? []).map { i in
                i.host = self
                let v = BarButtonView(i)
                if let custom = i.customView { v.addSubview(custom); customViews.append(custom) }
                addSubview(v)
                return v
            }
        }
        leftViews = views(item?.leftBarButtonItems)
        rightViews = views(item?.rightBarButtonItems)
        let leftReplacesBack = !(item?.leftBarButtonItems ?? []).isEmpty && item?.leftItemsSupplementBackButton != true
        backButton.isHidden = backTitle == nil || item?.hidesBackButton == true || leftReplacesBack
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backButton.frame = CGRect(x: 4, y: 0, width: min(b.width * 0.25, 120), height: b.height)
        // Left items after the back button when it shows, right items from the right edge in;
        // the title keeps the middle half unless the items need more, and stays centred.
        var left: CGFloat = backButton.isHidden ? 8 : backButton.frame.maxX
        for v in leftViews {
            let w = v.item.customView?.bounds.width ?? v.sizeThatFits(b.size).width
            v.frame = CGRect(x: left, y: 0, width: w, height: b.height)
            left += w
        }
        var right = b.width - 8
        for v in rightViews {
            let w = v.item.customView?.bounds.width ?? v.sizeThatFits(b.size).width
            right -= w
            v.frame = CGRect(x: right, y: 0, width: w, height: b.height)
        }
        for v in leftViews + rightViews {
            if let custom = v.item.customView { custom.center = CGPoint(x: v.bounds.midX, y: v.bounds.midY) }
        }
        let side = max(b.width * 0.25, leftViews.isEmpty ? 0 : left, rightViews.isEmpty ? 0 : b.width - right)
        titleLabel.frame = CGRect(x: side, y: 0, width: max(0, b.width - 2 * side), height: b.height)
        hairline.frame = CGRect(x: 0, y: b.height - 0.5, width: b.width, height: 0.5)
    }
}
