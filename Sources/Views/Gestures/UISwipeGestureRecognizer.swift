import Foundation
import Layers

/// Recognizes a quick stroke in one of the permitted `direction`s (UIKit's
/// `UISwipeGestureRecognizer`), as soon as it qualifies, before the touch lifts. A discrete
/// gesture: its action runs once, with state `.ended`.
///
/// UIKit does not document its thresholds; these are Flipbook's, chosen to match how a swipe
/// behaves on iOS (unconfirmed): within `maximumDuration` (0.5 s) of the touch going down, the
/// touch must move `minimumDistance` (50 points) along a permitted direction while straying from
/// that line by at most half as much (a stroke within about 27° of it). The gesture fails when the
/// time passes first, when the touch lifts first, or when it moves 50 points in any other way.
/// Times are media-clock times.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may take, with UIKit's bits.
    public struct Direction: OptionSet, Sendable {
        /// UIKit's bits: 1 right, 2 left, 4 up, 8 down.
        public let rawValue: UInt
        /// Makes a direction set from UIKit's bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards larger x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards smaller x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards smaller y (up the screen).
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards larger y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions. Default: `.right`, as UIKit.
    open var direction: Direction = .right
    /// Fingers needed: 1 (a swipe with a second finger down fails). Default: 1.
    open var numberOfTouchesRequired = 1
    /// Points the touch must travel along a permitted direction. Default: 50.
    open var minimumDistance: CGFloat = 50
    /// Seconds from touch-down within which the swipe must qualify. Default: 0.5.
    open var maximumDuration: TimeInterval = 0.5

    private var start: CGPoint = .zero
    private var downTime: TimeInterval = 0
    private var isDown = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first else { return }
        // A second finger is not this one-finger swipe.
        if trackedTouches.count > touches.count || touches.count > 1 { return state == .possible ? fail() : () }
        start = t.locationInWindow
        downTime = event.timestamp
        isDown = true
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let t = touches.first, state == .possible else { return }
        if event.timestamp - downTime > maximumDuration { return fail() }
        let dx = t.locationInWindow.x - start.x, dy = t.locationInWindow.y - start.y
        // Each permitted direction's movement along it and across it.
        let permitted = [(Direction.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
            .filter { direction.contains($0.0) }.map { (along: $0.1, across: abs($0.2)) }
        if permitted.contains(where: { $0.along >= minimumDistance && $0.across <= $0.along / 2 }) {
            state = .ended
        } else if hypot(dx, dy) >= minimumDistance && !permitted.contains(where: { $0.along > $0.across }) {
            fail()  // far enough, and not heading along any permitted direction
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        isDown = false
        if state == .possible { fail() }
    }

    /// The time for a swipe running out fails the gesture even while the touch rests.
    open override func timeDidAdvance(to time: TimeInterval) {
        if isDown, state == .possible, time - downTime > maximumDuration { fail() }
    }

    open override func reset() {
        super.reset()
        isDown = false
    }

    private func fail() { state = .failed }
}
