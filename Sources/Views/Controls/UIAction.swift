import Foundation
import Layers

/// A closure a control runs for an event, as UIKit's `UIAction`.
public final class UIAction {
    public let title: String
    public let identifier: String
    let handler: (UIAction) -> Void
    /// The control that sent the action, while the handler runs.
    public internal(set) weak var sender: AnyObject?

    public init(title: String = "", identifier: String? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.identifier = identifier ?? UUID().uuidString
        self.handler = handler
    }
}
