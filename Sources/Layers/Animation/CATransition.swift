import Foundation
import Raster

/// A transition between a layer's old and new appearance (`CATransition`).
///
/// Added to a layer in the same transaction as a change of its content (a new colour, string, a
/// swapped sublayer), it shows the change as a fade, a push, a move-in or a reveal instead of a
/// cut. The old appearance is recorded when the transition is added (or, failing that, when its
/// transaction commits): the layer's subtree as presented at the last frame, frozen as
/// presentation copies (values, and the content bitmaps last drawn for it). The display step
/// rasterizes it at the scale it renders at on the first frame that draws the transition, and the
/// compositor draws it and the live new state, clipped to the layer's bounds. Layers removed in that
/// transaction before the transition was added are not in it (a known difference from Core
/// Animation, which keeps the old render tree). Defaults: type `.fade`, no subtype (`.fromLeft` for
/// the directional types), startProgress 0, endProgress 1.
open class CATransition: CAAnimation {
    /// How the new appearance replaces the old: fade, moveIn, push or reveal. Default: `.fade`.
    public var type: CATransitionType = .fade
    /// The direction of a moveIn, push or reveal. Default: nil (from the left).
    public var subtype: CATransitionSubtype?
    /// Where in the transition (0…1) it starts. Default: 0.
    public var startProgress: Float = 0
    /// Where in the transition (0…1) it ends. Default: 1.
    public var endProgress: Float = 1
    /// The old appearance as recorded by the model: presentation copies of the layer's subtree.
    package var oldAppearance: CALayer?
    /// The old appearance rasterized by the display step: a bitmap in the layer's space, the map
    /// from its pixels to that space, and the scale it was drawn at.
    package var snapshot: (bitmap: Bitmap, toLocal: Transform, scale: Double)?
    /// A page view controller's curl: the leaf turns about a spine (`PageCurlBinding`); nil for
    /// UIView.transition's free curl.
    package var curlBinding: PageCurlBinding?
    /// The binding's back page rasterized by the display step, as `snapshot` (in the back
    /// layer's own space, placed at `curlBinding.backOrigin` in this layer's).
    package var backSnapshot: (bitmap: Bitmap, toLocal: Transform, scale: Double)?

    public override init() { super.init() }
    /// Copies the animation and its type, subtype and progress range (used by `copy()`).
    public required init(copying other: CAAnimation) {
        super.init(copying: other)
        if let o = other as? CATransition {
            type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
            curlBinding = o.curlBinding
        }
    }

    override func commitBeginTime(now: Double, on layer: CALayer, transaction: Transaction) {
        super.commitBeginTime(now: now, on: layer, transaction: transaction)
        if oldAppearance == nil { oldAppearance = layer.frozenPresentation() }
    }

    /// Progress through the transition for a timing state: eased, then mapped into
    /// startProgress…endProgress.
    func transitionProgress(_ state: MediaTimingState) -> Double? {
        guard let p = state.progress else { return nil }
        let eased = timingFunction?.value(at: p) ?? p
        let a = Double(startProgress), b = Double(endProgress)
        return min(1, max(0, a + (b - a) * eased))
    }
}

/// How the new content replaces the old (`CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"fade"`, `"oglFlip"`, …).
    public let rawValue: String
    /// A type from Core Animation's string; a type Flipbook does not draw (Apple's private "cube", "rippleEffect", …) fades.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The old content fades out as the new fades in.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new beneath.
    public static let reveal = CATransitionType(rawValue: "reveal")
    /// A 3D turn about the layer's centre with perspective: the old face turns away, the new one
    /// turns in, back faces hidden (the subtype names the side that comes forward). Apple's
    /// undocumented "oglFlip", which UIView.transition's flip options use.
    public static let flip = CATransitionType(rawValue: "oglFlip")
    /// The old page lifts from its bottom edge and rolls up, showing the new content beneath
    /// (Apple's undocumented "pageCurl", used by UIView.transition's curlUp).
    public static let curlUp = CATransitionType(rawValue: "pageCurl")
    /// The new page unrolls down from the top over the old one ("pageUnCurl", curlDown).
    public static let curlDown = CATransitionType(rawValue: "pageUnCurl")
}

/// The side a directional transition starts from (`CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"fromRight"`, …).
    public let rawValue: String
    /// A subtype from Core Animation's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content comes in from the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes in from the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes in from the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes in from the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// How a page view controller's curl turns its leaf (Flipbook's; Core Animation's curl filter
/// takes an angle and a radius instead, and UIKit's page view controller is private code).
///
/// The transition's layer holds the pages; the spine is a line across it at `spine` (0…1 of its
/// width when `vertical`, else of its height); the leaf is the old page (curlUp) or the new one
/// (curlDown) on the `leafAfter` side of it. `back`, when set, is a frozen copy of the page
/// printed on the leaf's back, lying at `backOrigin` in the layer's space (where the leaf lands:
/// past the spine's other side); with `backIsNewFace`, the leaf's back is the new appearance
/// itself at the leaf's mirror image (two pages side by side); with neither, a single-sided
/// leaf shows its own print through the paper.
package struct PageCurlBinding {
    package var vertical: Bool
    package var spine: Double
    package var leafAfter: Bool
    package var backIsNewFace = false
    package var back: CALayer?
    package var backOrigin = CGPoint.zero
    package init(vertical: Bool, spine: Double, leafAfter: Bool) {
        self.vertical = vertical
        self.spine = spine
        self.leafAfter = leafAfter
    }
}

/// The key Core Animation uses for transitions.
public let kCATransition = "transition"
