import Foundation
import Layers

/// One button a row's swipe reveals (UIKit's `UIContextualAction`).
open class UIContextualAction {
    /// The look (UIKit's `UIContextualAction.Style`).
    public enum Style: Int, Sendable {
        /// A grey button.
        case normal
        /// A red button; when its handler completes with true the row is expected to go.
        case destructive
    }
    /// What the handler is given: the action, the button's view, and a completion to call with
    /// whether the action was performed (true closes the swipe).
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    /// The look.
    public let style: Style
    /// The button's title.
    open var title: String?
    /// The button's colour. Default: system red for `.destructive`, system grey for `.normal`.
    open var backgroundColor: UIColor!
    /// An image shown above the title. Default: nil.
    open var image: UIImage?
    /// Called when the button is tapped (or the row is swiped all the way, for the first action).
    public let handler: Handler

    /// An action of `style` titled `title`, running `handler` when tapped.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a swipe on a row reveals (UIKit's `UISwipeActionsConfiguration`): the first action
/// sits at the outer edge (rightmost for trailing actions, leftmost for leading ones).
open class UISwipeActionsConfiguration {
    /// The actions, outermost first.
    public let actions: [UIContextualAction]
    /// Whether swiping past the buttons runs the first action. Default: true.
    open var performsFirstActionWithFullSwipe = true

    /// A configuration of `actions`, outermost first.
    public init(actions: [UIContextualAction]) { self.actions = actions }
}
