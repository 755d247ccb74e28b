import Foundation
import Layers

/// One tab of a tab bar, as UIKit's `UITabBarItem`: a title, an image (a template, tinted), an
/// optional image for the selected state, and a badge.
open class UITabBarItem {
    /// UIKit's built-in tabs: each comes with its title and picture.
    public enum SystemItem: Int, Sendable {
        /// "More".
        case more
        /// "Favorites".
        case favorites
        /// "Featured".
        case featured
        /// "Top Rated".
        case topRated
        /// "Recents".
        case recents
        /// "Contacts".
        case contacts
        /// "History".
        case history
        /// "Bookmarks".
        case bookmarks
        /// "Search".
        case search
        /// "Downloads".
        case downloads
        /// "Most Recent".
        case mostRecent
        /// "Most Viewed".
        case mostViewed
    }

    /// The text under the picture.
    open var title: String? { didSet { changed() } }
    /// The picture, drawn as a template in the bar's colours.
    open var image: UIImage? { didSet { changed() } }
    /// The picture while the tab is selected (nil: `image`).
    open var selectedImage: UIImage? { didSet { changed() } }
    /// A short text in a red oval at the picture's top right (nil: none). Default: nil.
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's colour (nil: system red). Default: nil.
    open var badgeColor: UIColor? { didSet { changed() } }
    /// When false the tab is greyed and cannot be selected. Default: true.
    open var isEnabled = true { didSet { changed() } }
    /// A number to tell items apart. Default: 0.
    open var tag = 0
    /// The built-in tab this is, if it is one.
    public let systemItem: SystemItem?
    /// The bar showing this item, told when it changes.
    weak var bar: UITabBar?

    /// An item with no title or picture.
    public init() { systemItem = nil }
    /// An item with `title`, `image` and `tag`.
    public init(title: String?, image: UIImage?, tag: Int) {
        systemItem = nil
        self.title = title
        self.image = image
        self.tag = tag
    }
    /// An item with `title` and an image for each state.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        systemItem = nil
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
    /// One of UIKit's built-in tabs. Its picture is the SF Symbol iOS uses where Flipbook draws it
    /// (`star.fill` for favorites and top rated, `magnifyingglass` for search, `ellipsis` for more).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.systemItem = systemItem
        self.tag = tag
        let names: [SystemItem: String] = [
            .more: "More", .favorites: "Favorites", .featured: "Featured", .topRated: "Top Rated", .recents: "Recents",
            .contacts: "Contacts", .history: "History", .bookmarks: "Bookmarks", .search: "Search",
            .downloads: "Downloads", .mostRecent: "Most Recent", .mostViewed: "Most Viewed",
        ]
        let symbols: [SystemItem: String] = [.more: "ellipsis", .favorites: "star.fill", .topRated: "star.fill",
                                             .featured: "star", .search: "magnifyingglass", .contacts: "person.fill",
                                             .downloads: "arrow.down"]
        title = names[systemItem]
        image = symbols[systemItem].flatMap { UIImage.systemSymbolNames.contains($0) ? UIImage(systemName: $0) : nil }
    }

    private func changed() { bar?.itemLookChanged(self) }
}

/// What a tab bar tells its delegate (UIKit's `UITabBarDelegate`).
public protocol UITabBarDelegate: AnyObject {
    /// The user tapped `item` (also when it was already selected).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}
public extension UITabBarDelegate {
    /// Default: nothing.
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A row of tabs at the bottom of the screen (UIKit's `UITabBar`): 49 points high, light with a
/// hairline above, its items spread evenly; the selected one in the tint colour, the others grey.
open class UITabBar: UIView {
    /// The tabs, left to right. Setting them keeps `selectedItem` when it is still among them.
    open var items: [UITabBarItem]? {
        didSet {
            for item in oldValue ?? [] where item.bar === self { item.bar = nil }
            if let s = selectedItem, !(items ?? []).contains(where: { $0 === s }) { selectedItem = nil }
            itemsChanged()
        }
    }
    /// The highlighted tab, or nil.
    open var selectedItem: UITabBarItem? { didSet { restyle() } }
    /// Told when the user taps a tab (a tab bar controller sets itself; UIKit refuses another
    /// delegate for its bar, Flipbook leaves it to the code).
    open weak var delegate: UITabBarDelegate?
    /// The colour of tabs not selected (nil: system grey). The selected tab takes `tintColor`.
    open var unselectedItemTintColor: UIColor? { didSet { restyle() } }
    /// The bar's background colour (nil: the light default).
    open var barTintColor: UIColor? { didSet { backgroundColor = barTintColor ?? UITabBar.defaultBackground } }
    private static let defaultBackground = UIColor(white: 0.97, alpha: 1)
    private let hairline = UIView()
    private(set) var buttons: [TabButton] = []
    /// Each item's button, by the item's identity.
    private var buttonOf: [ObjectIdentifier: TabButton] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UITabBar.defaultBackground
        hairline.backgroundColor = UIColor(white: 0.78, alpha: 1)
        addSubview(hairline)
    }
    /// A bar with a zero frame; a tab bar controller sizes its own bar.
    public convenience init() { self.init(frame: .zero) }
    /// Archives are not supported: always nil.
    public required init?(coder: NSCoder) { nil }

    /// Makes the tabs' buttons again (the items changed).
    func itemsChanged() {
        for b in buttons { b.removeFromSuperview() }
        buttons = (items ?? []).map { item in
            item.bar = self
            let b = TabButton(item)
            b.addAction(for: .touchUpInside) { [weak self, weak item] in
                guard let self, let item, item.isEnabled else { return }
                self.delegate?.tabBar(self, didSelect: item)
            }
            addSubview(b)
            return b
        }
        buttonOf = Dictionary(buttons.map { (ObjectIdentifier($0.item), $0) }, uniquingKeysWith: { first, _ in first })
        restyle()
        setNeedsLayout()
    }

    /// Redraws the buttons in place (an item's title, picture, badge or state changed): a badge
    /// cleared from `didSelect` must not take away the button whose tap is being handled.
    /// Only that item's button: changing every badge of n tabs costs O(n), not O(n²).
    func itemLookChanged(_ item: UITabBarItem) {
        guard let b = buttonOf[ObjectIdentifier(item)] else { return }
        restyle(b)
        b.setNeedsLayout()
    }

    private func restyle() { for b in buttons { restyle(b) } }
    private func restyle(_ b: TabButton) {
        let on = b.item === selectedItem
        let colour = !b.item.isEnabled ? UIColor(white: 0.75, alpha: 1)
            : on ? (tintColor ?? .systemBlue) : (unselectedItemTintColor ?? UIColor(white: 0.56, alpha: 1))
        b.show(selected: on, colour: colour)
    }

    /// The bar's size: as wide as offered, 49 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 49) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        hairline.frame = CGRect(x: 0, y: 0, width: b.width, height: 0.5)
        guard !buttons.isEmpty else { return }
        let w = b.width / CGFloat(buttons.count)
        for (i, button) in buttons.enumerated() {
            button.frame = CGRect(x: (CGFloat(i) * w).rounded(), y: 0, width: (CGFloat(i + 1) * w).rounded() - (CGFloat(i) * w).rounded(), height: 49)
        }
        restyle()
    }
}

/// One tab's button: the picture 25 points high above a 10-point title, and the badge.
final class TabButton: UIControl {
    let item: UITabBarItem
    private let imageView = UIImageView()
    private let label = UILabel()
    private let badge = UILabel()

    init(_ item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        label.font = .systemFont(ofSize: 10, weight: .medium)
        label.textAlignment = .center
        imageView.contentMode = .scaleAspectFit
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.clipsToBounds = true
        addSubview(imageView)
        addSubview(label)
        addSubview(badge)
        isEnabled = item.isEnabled
    }
    required init?(coder: NSCoder) { nil }

    /// Shows the item's state: its selected or plain picture in `colour`, its title, its badge.
    func show(selected: Bool, colour: UIColor) {
        imageView.image = ((selected ? item.selectedImage : nil) ?? item.image)?.withRenderingMode(.alwaysTemplate)
        imageView.tintColor = colour
        label.text = item.title
        label.textColor = colour
        badge.text = item.badgeValue
        badge.isHidden = item.badgeValue == nil
        badge.backgroundColor = item.badgeColor ?? .systemRed
        isEnabled = item.isEnabled
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        imageView.frame = CGRect(x: b.midX - 12.5, y: 6, width: 25, height: 25)
        label.frame = CGRect(x: 2, y: 33, width: b.width - 4, height: 13)
        if item.badgeValue != nil {
            let w = max(18, badge.sizeThatFits(b.size).width + 10)
            badge.frame = CGRect(x: b.midX + 6, y: 2, width: w, height: 18)
            badge.layer.cornerRadius = 9
        }
    }
}
