import Foundation

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane
/// (`CATransformLayer`): each sublayer is drawn through its own composed 3D transform, back to
/// front by depth, so a cube made of six face layers looks like a cube. It draws nothing itself
/// (background, border, contents, opacity groups and masks are ignored, as on Apple's platforms).
open class CATransformLayer: CALayer {
    open override var drawsContent: Bool { false }
}
