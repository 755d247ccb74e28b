import Foundation
import Raster

/// A layer that emits, moves and draws particles, as Core Animation's `CAEmitterLayer`: its
/// `emitterCells` say what kinds of particle are born and how they behave; the layer says where
/// they are born (`emitterShape`, `emitterMode`, `emitterPosition`, `emitterSize`…), how they are
/// drawn over each other (`renderMode`), and scales every cell's rates and sizes.
///
/// Particles live on the layer's own time, which the animate phase hands it each frame: nothing is
/// read from a clock, so a headless render, a replay and any number of compositing threads show
/// the same particles. Every particle's values come from a generator seeded by `seed`, its cell
/// and its birth number, never from how frames fell (EmitterSimulation.swift). The particles are
/// drawn in the layer's plane over its background and contents, under its sublayers.
///
/// Decisions where Apple is vague: the layer-level multipliers (`birthRate`, `lifetime`,
/// `velocity`, `scale`, `spin`) apply to particles born after they change; `preservesDepth` is
/// kept but particles are always drawn flat (z only orders them in `.backToFront`); a layer's
/// time that goes back (a new `timeOffset`) starts the particles again from there.
open class CAEmitterLayer: CALayer {
    /// The most particles one emitter keeps alive; births beyond it are skipped (and reported once).
    public static let maxLiveParticles = 100_000

    /// The kinds of particle emitted. Default: nil.
    public var emitterCells: [CAEmitterCell]?
    /// Multiplies every cell's `birthRate`. Default: 1.
    public var birthRate: Float = 1
    /// Multiplies every cell's `lifetime`. Default: 1.
    public var lifetime: Float = 1
    /// The centre of the emission shape, in the layer's coordinates. Default: (0, 0).
    public var emitterPosition: CGPoint = .zero
    /// The z of the emission shape's centre. Default: 0.
    public var emitterZPosition: CGFloat = 0
    /// The emission shape's size (see `CAEmitterLayerEmitterShape` for what each shape reads). Default: zero.
    public var emitterSize: CGSize = .zero
    /// The emission shape's depth (cuboid). Default: 0.
    public var emitterDepth: CGFloat = 0
    /// Default: `.point`.
    public var emitterShape: CAEmitterLayerEmitterShape = .point
    /// Default: `.volume`.
    public var emitterMode: CAEmitterLayerEmitterMode = .volume
    /// Default: `.unordered`.
    public var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Kept for Apple's API; particles are drawn flat. Default: false.
    public var preservesDepth = false
    /// Multiplies every cell's `velocity`. Default: 1.
    public var velocity: Float = 1
    /// Multiplies every cell's `scale` and `scaleSpeed`. Default: 1.
    public var scale: Float = 1
    /// Multiplies every cell's `spin`. Default: 1.
    public var spin: Float = 1
    /// The seed of every particle's values: the same seed, cells and times give the same particles.
    /// Default: 0.
    public var seed: UInt32 = 0

    /// The living particles and what is needed to go on emitting.
    var simulation = EmitterSimulation()

    public override init() { super.init() }
    /// A copy of `layer`'s properties; a presentation copy shares the particles as they are.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let e = layer as? CAEmitterLayer {
            emitterCells = e.emitterCells; birthRate = e.birthRate; lifetime = e.lifetime
            emitterPosition = e.emitterPosition; emitterZPosition = e.emitterZPosition; emitterSize = e.emitterSize
            emitterDepth = e.emitterDepth; emitterShape = e.emitterShape; emitterMode = e.emitterMode
            renderMode = e.renderMode; preservesDepth = e.preservesDepth; velocity = e.velocity; scale = e.scale
            spin = e.spin; seed = e.seed; simulation = e.simulation
        }
    }

    /// The animate phase's step: particles emitted and aged to the layer's time of this frame.
    open override func presentContent() {
        super.presentContent()
        guard !isPresentationCopy else { return }
        let engine = CAEngine.current
        simulation.advance(self, to: lastLayerTime, report: engine.report)
        if simulation.needsFrames { engine.requestFrame() }
    }

    /// How many particles are alive at the last frame.
    public var liveParticleCount: Int { simulation.particles.count }

    /// The particles at the last frame as sprites in the layer's space, in `renderMode`'s order;
    /// nil when none shows. The display step calls it once per frame.
    /// - Complexity: O(living particles), O(n log n) for the ordered modes.
    public func presentedSprites() -> SpriteBatch? { simulation.sprites(at: lastLayerTime, renderMode: renderMode) }
}

/// Where particles are born (`CAEmitterLayer.emitterShape`), centred on `emitterPosition`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"point"`, `"volume"`, `"additive"`…).
    public let rawValue: String
    /// A value from Core Animation's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The point (emitterPosition, emitterZPosition).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line along x, `emitterSize.width` long.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` and `emitterDepth`.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle in the x-y plane of radius `emitterSize.width` (Apple's header).
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the shape particles are born on (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"point"`, `"volume"`, `"additive"`…).
    public let rawValue: String
    /// A value from Core Animation's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's corners (a line's ends, a rectangle's or cuboid's corners; a point's, circle's
    /// or sphere's centre). Apple says only "points on the shape"; this is Flipbook's reading.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The outline: a rectangle's edges, a circle's circumference, a cuboid's twelve edges, a sphere's surface.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The surface: a rectangle's or circle's area, a cuboid's six faces, a sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// The inside: a rectangle's or circle's area, a cuboid's or sphere's volume.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are drawn over each other (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// Core Animation's string (`"point"`, `"volume"`, `"additive"`…).
    public let rawValue: String
    /// A value from Core Animation's string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In no particular order (here: the order they were born in, which is `oldestFirst`'s).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest drawn first, so the newest are on top.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The oldest drawn last, on top.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// By z, the farthest (least z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Colours added together (saturating): fire and glows.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
