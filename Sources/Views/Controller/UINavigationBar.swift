import Foundation
import Layers

/// What a controller shows in a navigation bar (UIKit's `UINavigationItem`): its title (nil: the
/// controller's `title`) and the back button title the next controller shows.
open class UINavigationItem {
    /// The title the bar shows for this item (nil: the controller's `title`).
    open var title: String?
    /// The title of the back button that leads back to this item's controller (nil: its title).
    open var backButtonTitle: String?
    /// An item with `title`.
    public init(title: String) { self.title = title }
    /// An item without a title (the controller's `title` shows).
    public init() {}
}

/// A simple navigation bar (UIKit's `UINavigationBar`): the top controller's title centred and,
/// when there is a controller to go back to, a back button "‹ Previous" on the left. 44 points high,
/// light with a hairline below.
open class UINavigationBar: UIView {
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
            backButton.isHidden = backTitle == nil
            setNeedsLayout()
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        titleLabel.frame = CGRect(x: b.width * 0.25, y: 0, width: b.width * 0.5, height: b.height)
        backButton.frame = CGRect(x: 4, y: 0, width: min(b.width * 0.25, 120), height: b.height)
        hairline.frame = CGRect(x: 0, y: b.height - 0.5, width: b.width, height: 0.5)
    }
}
