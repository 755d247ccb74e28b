import Foundation
import Layers
import Raster

/// One frame's layer tree as the compositor sees it: plain values, made on the main thread by the
/// display step, read (never changed) by a compositor on any thread.
///
/// Nodes are stored flat; a node names its sublayers and mask by index. Every layer of the tree
/// has a node, hidden ones too (their geometry still bounds their parents' isolated groups), but
/// only visible ones carry content, shadows and transitions.
public struct RenderSnapshot: @unchecked Sendable {
    /// The nodes; `nodes[root]` is the tree's root.
    public internal(set) var nodes: [RenderNode]
    public let root: Int
    /// Pixels per point the content was drawn for.
    public let scale: Double
    /// Levels below the root (0 for a root alone): how deep the compositor's walk will go.
    public let depth: Int

    public init(nodes: [RenderNode], root: Int, scale: Double, depth: Int = 0) {
        self.nodes = nodes; self.root = root; self.scale = scale; self.depth = depth
    }
}

/// One layer at one frame.
public struct RenderNode {
    /// The presentation values: geometry, transform, opacity, background, border, shadow, flags.
    public var values: LayerValues
    /// Sublayers in insertion order (the compositor orders them by zPosition, or by depth under a
    /// CATransformLayer).
    public var sublayers: [Int] = []
    public var mask: Int?
    /// A CATransformLayer: its sublayers keep their 3D positions instead of being flattened.
    public var isTransformLayer = false
    /// The layer draws content of its own besides its background.
    public var drawsContent = false
    /// The content alone covers the bounds opaquely (an opaque gradient).
    public var drawsOpaqueContent = false
    /// The part of the layer's space the content covers (null when it draws none).
    public var contentExtent = CGRect.null
    public var content = NodeContent.none
    /// The blurred, tinted shadow in the layer's space (without its offset).
    public var shadow: NodeImage?
    /// The bounding box of `shadowPath` when the layer has one.
    public var shadowPathBounds: CGRect?
    /// A shape layer's presented shape: the compositor rasterizes it straight into a coverage mask
    /// when the layer masks another.
    public var shape: ShapeValues?
    /// A transition showing at this frame.
    public var transition: TransitionState?
    /// A replicator instance's colour (red, green, blue; 0…256, 256 leaves a channel): the node's
    /// subtree is composited as a group and every pixel multiplied by it. Nil: no tint.
    public var tint: SIMD4<UInt16>?
    /// An emitter layer's particles in the layer's space, drawn over its content.
    public var sprites: SpriteBatch?
    /// A backdrop layer's blur, saturation and tint (`CABackdropLayer`), when it changes what is behind.
    public var backdrop: BackdropValues?

    public init(values: LayerValues) { self.values = values }

    /// Not hidden and with a finite, positive opacity.
    public var isVisible: Bool { !values.isHidden && values.opacity > 0 && values.opacity.isFinite }
}

/// A backdrop layer's presented values in plain values.
public struct BackdropValues: Equatable {
    /// The blur's radius in points (σ = radius / 2).
    public var blurRadius: Double
    /// The tint as a premultiplied pixel (0: none).
    public var tint: UInt32
    public var saturation: Double
    /// Show the backdrop in the sublayers' alpha instead of the sublayers (vibrancy).
    public var masksToSublayers: Bool

    /// The values of `b`, or nil when they change nothing (no blur, tint or saturation, no vibrancy).
    public init?(_ b: CABackdropLayer.Values) {
        blurRadius = b.blurRadius.isFinite ? max(0, Double(b.blurRadius)) : 0
        tint = b.tintColor?.rasterColor.premultipliedPixel ?? 0
        saturation = b.saturation.isFinite ? Double(b.saturation) : 1
        masksToSublayers = b.masksBackdropToSublayers
        if blurRadius == 0 && tint >> 24 == 0 && saturation == 1 && !masksToSublayers { return nil }
    }

    /// How far the blur reaches, in device pixels, under a layer-to-device map that scales areas
    /// by `areaScale`: the distance within which the backdrop's pixels can change a blurred pixel
    /// (the three box passes' radii; at a reduced resolution, those plus the upsampling's
    /// neighbour and the rounding to whole low-resolution pixels).
    public func reach(areaScale: Double) -> Int {
        let sigma = sigma(areaScale: areaScale), d = Self.downsampling(sigma: sigma)
        let low = Blur.boxWidths(sigma: sigma / Double(d)).reduce(0) { $0 + ($1 - 1) / 2 }
        return d == 1 ? low : (low + 2) * d
    }
    /// The factor a blur of `sigma` device pixels is taken at (1, 2 or 4): see Compositor+Backdrop.swift.
    public static func downsampling(sigma: Double) -> Int { sigma >= 8 ? 4 : sigma >= 4 ? 2 : 1 }
    /// σ in device pixels: radius / 2 points, scaled by the map's linear scale.
    public func sigma(areaScale: Double) -> Double {
        let s = areaScale.isFinite ? abs(areaScale).squareRoot() : 1
        return min(blurRadius / 2 * s, 500)
    }
}

/// A shape layer's presented shape in plain values (Raster's value-type path, straight colours).
public struct ShapeValues: Equatable {
    public var path: Path?
    public var fill: Color?
    public var evenOdd: Bool
    public var stroke: Color?
    public var lineWidth: Double
    public var strokeStart: Double
    public var strokeEnd: Double
    public var style: StrokeStyle

    public init(_ s: CAShapeLayer.Values) {
        path = s.path?.path
        fill = s.fillColor?.rasterColor
        evenOdd = s.fillRule == .evenOdd
        stroke = s.strokeColor?.rasterColor
        lineWidth = Double(s.lineWidth)
        strokeStart = Double(s.strokeStart)
        strokeEnd = Double(s.strokeEnd)
        style = s.strokeStyle
    }
}

/// A bitmap in a layer's space: `toLocal` maps its pixels to the layer's coordinates.
public struct NodeImage {
    public let bitmap: Bitmap
    public let toLocal: Transform
    public init(bitmap: Bitmap, toLocal: Transform) { self.bitmap = bitmap; self.toLocal = toLocal }
}

/// A layer's own content at one frame.
public enum NodeContent {
    case none
    /// Drawn once into a cached bitmap (content that did not change on each of the last frames).
    case image(NodeImage)
    /// The recorded drawing, for content that changes every frame (an animated strokeEnd or
    /// gradient): the compositor plays it straight into the frame when the layer is opaque and
    /// axis-aligned there, rather than filling a bitmap that is thrown away after one use.
    case drawing(DisplayList)
}

/// A CATransition at one frame: what it is, how far, and the old appearance.
public struct TransitionState {
    public var type: CATransitionType
    public var subtype: CATransitionSubtype?
    /// 0…1, eased and mapped into startProgress…endProgress.
    public var progress: Double
    /// The old appearance over the layer's bounds.
    public var old: NodeImage
    /// A page view controller's curl: its spine and the leaf's back (nil: a free curl).
    package var binding: PageCurlBinding?
    /// The binding's back page, in the layer's space where the leaf lands (nil: none).
    package var back: NodeImage?
    /// A transition state (no curl binding).
    public init(type: CATransitionType, subtype: CATransitionSubtype?, progress: Double, old: NodeImage) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.old = old
    }
}
