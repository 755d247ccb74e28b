import Foundation
import Layers

/// What shows bar button items and redraws them when they change: a navigation bar or a toolbar.
protocol BarButtonHost: AnyObject {
    /// `item`'s title, image, style, tint or enabled state changed: redraw its button in place.
    func itemLookChanged(_ item: UIBarButtonItem)
    /// An item's custom view changed: make the buttons again.
    func itemsChanged()
}

/// A row of bar button items, as UIKit's `UIToolbar` (a navigation controller shows one at its
/// bottom for the top controller's `toolbarItems`): 44 points high, light with a hairline above.
/// Items sit left to right 8 points from the edges; flexible spaces share the room left over
/// equally, fixed spaces take their `width`.
open class UIToolbar: UIView, BarButtonHost {
    /// The items, left to right. Setting it is `setItems(_:animated: false)`.
    open var items: [UIBarButtonItem]? {
        get { shownItems }
        set { setItems(newValue, animated: false) }
    }
    /// The bar's background colour (nil: the light default).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? UIToolbar.defaultBackground } }
    private static let defaultBackground = UIColor(white: 0.97, alpha: 1)
    private var shownItems: [UIBarButtonItem]?
    private(set) var buttons: [BarButtonView] = []
    private let hairline = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIToolbar.defaultBackground
        hairline.backgroundColor = UIColor(white: 0.78, alpha: 1)
        addSubview(hairline)
    }
    /// A bar with a zero frame.
    public convenience init() { self.init(frame: .zero) }
    /// Archives are not supported: always nil.
    public required init?(coder: NSCoder) { nil }

    /// Sets the items (Flipbook does not fade the change: `animated` is ignored).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        for b in buttons where b.item.host === self { b.item.host = nil }
        shownItems = items
        itemsChanged()
    }

    func itemsChanged() {
        for b in buttons { b.removeFromSuperview() }
        buttons = (shownItems ?? []).map { item in
            item.host = self
            let b = BarButtonView(item)
            if let custom = item.customView { b.addSubview(custom) }
            addSubview(b)
            return b
        }
        setNeedsLayout()
    }

    func itemLookChanged(_ item: UIBarButtonItem) {
        for b in buttons where b.item === item { b.update() }
        setNeedsLayout()
    }

    /// The bar's size: as wide as offered, 44 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 44) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        hairline.frame = CGRect(x: 0, y: 0, width: b.width, height: 0.5)
        let widths = buttons.map { v -> CGFloat in
            if v.item.systemItem == .flexibleSpace { return 0 }
            return v.item.customView?.bounds.width ?? v.sizeThatFits(b.size).width
        }
        let flexible = buttons.filter { $0.item.systemItem == .flexibleSpace }.count
        let spare = max(0, b.width - 16 - widths.reduce(0, +))
        var x: CGFloat = 8
        for (v, w) in zip(buttons, widths) {
            let width = v.item.systemItem == .flexibleSpace ? spare / CGFloat(flexible) : w
            v.frame = CGRect(x: x, y: 0, width: width, height: b.height)
            if let custom = v.item.customView { custom.center = CGPoint(x: v.bounds.midX, y: v.bounds.midY) }
            x += width
        }
    }
}
