import Foundation

/// What a layer's `contents` shows, as an animatable value: one image, or a crossfade from one
/// image to another part of the way through.
///
/// Why a value of its own: Core Animation animates `contents` — a keyframe animation of images is
/// a sprite sheet (discrete) or a sequence of dissolves (linear), and a basic animation from one
/// image to another crossfades them — and the presented contents of a frame between two images is
/// neither. The display step draws the crossfade (`CALayer.drawContentsImage`): the two images'
/// premultiplied pixels mixed, `from·(1−fraction) + to·fraction`, placed between the two
/// images' places.
///
/// Images do not add: an additive or cumulative contents animation shows its own images
/// (Apple does not say what such an animation does; there is no sum of two pictures to show).
public struct LayerContents: Interpolatable, Equatable, Sendable, CustomStringConvertible {
    /// The image shown (at fraction 0 of a crossfade). Default: nil.
    public var image: CGImage?
    /// The image being faded in, or nil when `image` is shown alone.
    public var incoming: CGImage?
    /// How far the crossfade has come, 0…1 (0 when there is no `incoming`).
    public var fraction: Double

    /// Contents showing `image` alone (nil: nothing).
    public init(_ image: CGImage? = nil) { self.image = image; incoming = nil; fraction = 0 }

    /// The image mostly shown: `incoming` past the crossfade's halfway point, else `image` (what
    /// `presentation().contents` answers, as a single image).
    public var dominant: CGImage? { incoming != nil && fraction >= 0.5 ? incoming : image }

    /// A crossfade from what `self` mostly shows to what `other` mostly shows; the same image, or
    /// a fraction of 0 or 1, gives that end exactly.
    public func interpolated(to other: LayerContents, fraction f: Double) -> LayerContents {
        let a = dominant, b = other.dominant
        if a === b || f <= 0 { return f >= 1 ? other : self }
        if f >= 1 { return other }
        var c = LayerContents(a)
        c.incoming = b
        c.fraction = f.isFinite ? f : 0
        return c
    }
    /// No image.
    public static var additiveIdentity: LayerContents { LayerContents() }
    /// The addend's images when it has any (see the type's note), else `self`.
    public func adding(_ other: LayerContents) -> LayerContents { other.image == nil && other.incoming == nil ? self : other }
    /// `self`: images do not subtract.
    public func subtracting(_ other: LayerContents) -> LayerContents { self }
    /// `self`: images do not scale.
    public func scaled(by factor: Double) -> LayerContents { self }

    /// Equal when the same images (by identity) at the same fraction.
    public static func == (a: LayerContents, b: LayerContents) -> Bool {
        a.image === b.image && a.incoming === b.incoming && a.fraction == b.fraction
    }

    /// `image 40×30`, or `crossfade 40×30 → 20×20 at 0.25`.
    public var description: String {
        func size(_ i: CGImage?) -> String { i.map { "\($0.width)×\($0.height)" } ?? "nil" }
        return incoming == nil ? "image \(size(image))" : "crossfade \(size(image)) → \(size(incoming)) at \(fraction)"
    }
}
