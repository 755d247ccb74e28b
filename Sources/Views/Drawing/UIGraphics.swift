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

/// Fills `rect` in the current context with its fill colour (UIKit's function; `.copy`, as
/// UIKit's, so a translucent colour replaces what is there). Nothing without a current context.
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }
/// Fills `rect` in the current context with its fill colour in `blendMode` (UIKit's function).
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    ctx.saveGState()
    ctx.setBlendMode(blendMode)
    ctx.fill(rect)
    ctx.restoreGState()
}
/// Draws a one-point frame just inside `rect` in the current context's fill colour, as UIKit's
/// function does (filled, not stroked, in `.copy`).
public func UIRectFrame(_ rect: CGRect) {
    guard let ctx = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite else { return }
    ctx.saveGState()
    ctx.setBlendMode(.copy)
    ctx.beginPath()
    ctx.addRect(r)
    ctx.addRect(r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2)))
    ctx.fillPath(using: .evenOdd)
    ctx.restoreGState()
}
/// Intersects the current context's clip with `rect` (UIKit's function).
public func UIRectClip(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.clip(to: rect) }
