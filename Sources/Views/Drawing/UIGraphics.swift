import Foundation
import Layers

/// The graphics context stack of one engine: views draw in the display step of their stage's
/// frame, on the thread that runs it.
private final class ContextStack {
    var contexts: [CGContext] = []
    static var current: ContextStack { CAEngine.current.attachment(ContextStack.init) }
}

/// The context `draw(_:)` draws into, or nil outside drawing (UIKit's function).
public func UIGraphicsGetCurrentContext() -> CGContext? { ContextStack.current.contexts.last }
/// Makes `context` current (UIKit's function).
public func UIGraphicsPushContext(_ context: CGContext) { ContextStack.current.contexts.append(context) }
/// Restores the previous current context; does nothing when none was pushed.
public func UIGraphicsPopContext() { _ = ContextStack.current.contexts.popLast() }
