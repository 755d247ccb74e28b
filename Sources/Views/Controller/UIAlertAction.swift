import Foundation
import Layers

/// One button of a `UIAlertController` (UIKit's `UIAlertAction`): a title, a style and the
/// closure run when the user taps it.
///
/// The handler runs once the alert's dismissal has finished (see `UIAlertController`), with the
/// action as its argument. An action belongs to one alert: adding it to a second one is refused
/// (UIKit raises).
public final class UIAlertAction {
    /// How an action looks and where it goes (UIKit's `UIAlertAction.Style`, same raw values).
    public enum Style: Int, Sendable {
        /// A plain action: system-blue title.
        case `default` = 0
        /// The action that changes nothing: bold in an alert (unless another is preferred), in its
        /// own card at the bottom of an action sheet, chosen by a tap outside the sheet. At most
        /// one per alert.
        case cancel = 1
        /// An action that may change or delete data: red title.
        case destructive = 2
    }

    /// The button's title. Default: nil (an empty button).
    public let title: String?
    /// The action's style.
    public let style: Style
    /// Whether the action can be tapped; a disabled action draws grey. Default: true.
    public var isEnabled = true { didSet { alert?.actionsDidChange() } }
    /// Runs after the user chose the action and the alert has gone.
    let handler: ((UIAlertAction) -> Void)?
    /// The alert this action was added to.
    weak var alert: UIAlertController?

    /// An action with `title` and `style` that runs `handler` when chosen.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
