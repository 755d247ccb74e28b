import Foundation
import Layers
import Raster

/// What the display step keeps for one layer between frames, in the layer's `displayState`.
/// Read for every layer on every frame by the display step alone (main thread): its fields are
/// unchecked for exclusivity, as CALayer's per-frame properties are.
final class LayerDisplayState {
    /// The content drawn for `key`, reused while the key holds.
    @exclusivity(unchecked) var cache: (key: ContentKey, image: NodeImage)?
    /// The content key seen last, and for how many frames in a row it changed.
    @exclusivity(unchecked) var lastKey: ContentKey?
    @exclusivity(unchecked) var streak = 0
    /// The shadow drawn for `key`.
    @exclusivity(unchecked) var shadow: (key: ShadowKey, bounds: CGRect, image: NodeImage)?

    static func of(_ layer: CALayer) -> LayerDisplayState {
        if let s = layer.displayState as? LayerDisplayState { return s }
        let s = LayerDisplayState()
        layer.displayState = s
        return s
    }
}

/// What a cached content bitmap depends on: redrawn when any part differs.
struct ContentKey: Equatable {
    var bounds: CGRect
    var scale: Double
    var content: LayerContentSnapshot
    var version: Int
}

/// What a cached shadow depends on: the shape (background and content) and the shadow's own values.
struct ShadowKey: Equatable {
    var path: CGPath?
    var content: ContentKey?
    var background: Bool
    var cornerRadius: CGFloat
    var corners: CACornerMask
    var radius: CGFloat
    var color: CGColor
    var opacity: Float
}
