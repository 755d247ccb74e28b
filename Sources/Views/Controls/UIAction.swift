import Foundation
import Layers

/// A closure a control runs for an event, as UIKit's `UIAction`.
public final class UIAction {
    /// The action's title. Default: empty.
    public let title: String
    /// A name for the action; a fresh one when not given.
    public let identifier: String
    let handler: (UIAction) -> Void
    /// The control that sent the action, while the handler runs.
    public internal(set) weak var sender: AnyObject?

    /// An action that runs `handler` with itself.
    public init(title: String = "", identifier: String? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.identifier = identifier ?? UUID().uuidString
        self.handler = handler
    }
}
