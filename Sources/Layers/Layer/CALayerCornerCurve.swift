import Foundation
import Raster

/// The shape of a layer's rounded corners (`CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string: `"circular"` or `"continuous"`.
    public let rawValue: String
    /// A curve from Core Animation's string; any string but `"continuous"` draws circular corners.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// The continuous corner of iOS's icons and sheets: it reaches 1.52866 × `cornerRadius` along
    /// each edge and its curvature grows from zero there (see `Raster.Path.addContinuousRoundedRect`
    /// for the curve and what happens when it does not fit).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
    /// The shape of the rounded corners of the background, border, clip and shadow. Not animatable,
    /// as in Core Animation. Default: `.circular`.
    public var cornerCurve: CALayerCornerCurve { get { modelValues.cornerCurve } set { update(\.cornerCurve, newValue, "cornerCurve") } }

    /// How far along each edge a corner of `curve` reaches, as a multiple of `cornerRadius`
    /// (Core Animation's `cornerCurveExpansionFactor(_:)`): 1 for circular, 1.52866 for continuous.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CGFloat(Raster.Path.continuousCornerExtent) : 1
    }
}
