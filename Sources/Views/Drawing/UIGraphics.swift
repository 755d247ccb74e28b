import Foundation
import Layers

/// The current graphics context stack, per thread (the display step draws views on the engine's thread;
/// tests on several threads each have their own).
private final class ContextStack {
    var contexts: [CGContext] = []
    static var current: ContextStack {
        let key = "org.flipbook.UIGraphicsContextStack"
        if let s = Thread.current.threadDictionary[key] as? ContextStack { return s }
        let s = ContextStack()
        Thread.current.threadDictionary[key] = s
        return s
    }
}

/// The context `draw(_:)` draws into, or nil outside drawing (UIKit's function).
public func UIGraphicsGetCurrentContext() -> CGContext? { ContextStack.current.contexts.last }
/// Makes `context` current (UIKit's function).
public func UIGraphicsPushContext(_ context: CGContext) { ContextStack.current.contexts.append(context) }
/// Restores the previous current context; does nothing when none was pushed.
public func UIGraphicsPopContext() { _ = ContextStack.current.contexts.popLast() }
