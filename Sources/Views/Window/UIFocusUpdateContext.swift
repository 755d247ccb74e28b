import Foundation
import Layers

/// What a focus move changes (UIKit's `UIFocusUpdateContext`).
open class UIFocusUpdateContext {
    /// The view that had the focus, or nil.
    public let previouslyFocusedView: UIView?
    /// The view that gets the focus, or nil.
    public let nextFocusedView: UIView?
    /// The direction of the move that changed the focus.
    public let focusHeading: UIFocusHeading
    init(previous: UIView?, next: UIView?, heading: UIFocusHeading) {
        previouslyFocusedView = previous; nextFocusedView = next; focusHeading = heading
    }
}

/// Runs animations beside the focus move's own (UIKit's `UIFocusAnimationCoordinator`): Flipbook
/// runs each in a 0.2 s ease-out block when the move is made.
open class UIFocusAnimationCoordinator {
    private var blocks: [(animations: () -> Void, completion: (() -> Void)?)] = []
    init() {}
    /// Adds animations (and a completion) that run when the focus moves, each in a 0.2 s ease-out
    /// block that allows user interaction. A nil `animations` with a completion schedules the completion alone.
    open func addCoordinatedAnimations(_ animations: (() -> Void)?, completion: (() -> Void)? = nil) {
        if let animations { blocks.append((animations, completion)) } else if let completion { blocks.append(({}, completion)) }
    }
    func run() {
        for b in blocks {
            UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: b.animations) { _ in b.completion?() }
        }
        blocks = []
    }
}
