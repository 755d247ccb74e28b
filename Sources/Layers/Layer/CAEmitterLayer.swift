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
/// The nine properties Apple marks animatable (the multipliers, `emitterPosition`,
/// `emitterZPosition`, `emitterSize`, `emitterDepth`) are rows of the layer property table
/// (`LayerValues.emitter`): they animate, run implicit actions and read back by key as any layer
/// property; cells' values animate through `emitterCells.NAME.PROPERTY` key paths
/// (CAEmitterLayer+CellKeyPaths.swift). The particles advance after the frame's animations, from
/// the presented values. While a rate animates, births follow the rate as it is at each frame
/// (held until the next), so they depend on the frames' times: the same frames — a render, a
/// replay on the media clock — give the same particles.
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
    /// Multiplies every cell's `birthRate`. Animatable. Default: 1.
    public var birthRate: Float { get { modelValues.emitter.birthRate } set { update(\.emitter.birthRate, newValue, "birthRate") } }
    /// Multiplies every cell's `lifetime`. Animatable. Default: 1.
    public var lifetime: Float { get { modelValues.emitter.lifetime } set { update(\.emitter.lifetime, newValue, "lifetime") } }
    /// The centre of the emission shape, in the layer's coordinates. Animatable. Default: (0, 0).
    public var emitterPosition: CGPoint {
        get { modelValues.emitter.emitterPosition } set { update(\.emitter.emitterPosition, newValue, "emitterPosition") }
    }
    /// The z of the emission shape's centre. Animatable. Default: 0.
    public var emitterZPosition: CGFloat {
        get { modelValues.emitter.emitterZPosition } set { update(\.emitter.emitterZPosition, newValue, "emitterZPosition") }
    }
    /// The emission shape's size (see `CAEmitterLayerEmitterShape` for what each shape reads). Animatable. Default: zero.
    public var emitterSize: CGSize { get { modelValues.emitter.emitterSize } set { update(\.emitter.emitterSize, newValue, "emitterSize") } }
    /// The emission shape's depth (cuboid). Animatable. Default: 0.
    public var emitterDepth: CGFloat { get { modelValues.emitter.emitterDepth } set { update(\.emitter.emitterDepth, newValue, "emitterDepth") } }
    /// Default: `.point`.
    public var emitterShape: CAEmitterLayerEmitterShape = .point
    /// Default: `.volume`.
    public var emitterMode: CAEmitterLayerEmitterMode = .volume
    /// Default: `.unordered`.
    public var renderMode: CAEmitterLayerRenderMode = .unordered
    /// Kept for Apple's API; particles are drawn flat. Default: false.
    public var preservesDepth = false
    /// Multiplies every cell's `velocity`. Animatable. Default: 1.
    public var velocity: Float { get { modelValues.emitter.velocity } set { update(\.emitter.velocity, newValue, "velocity") } }
    /// Multiplies every cell's `scale` and `scaleSpeed`. Animatable. Default: 1.
    public var scale: Float { get { modelValues.emitter.scale } set { update(\.emitter.scale, newValue, "scale") } }
    /// Multiplies every cell's `spin`. Animatable. Default: 1.
    public var spin: Float { get { modelValues.emitter.spin } set { update(\.emitter.spin, newValue, "spin") } }
    /// The seed of every particle's values: the same seed, cells and times give the same particles.
    /// Default: 0.
    public var seed: UInt32 = 0

    /// The living particles and what is needed to go on emitting.
    var simulation = EmitterSimulation()
    /// Cell values animations wrote this frame, by key path (`"emitterCells.fire.birthRate"`).
    var presentedCells: [String: AnimationValue] = [:]
    /// Lines already reported about this layer's animations, so each is said once.
    private var reportedLines: Set<String> = []

    public override init() {
        super.init()
        presentsAfterAnimations = true
    }
    /// A copy of `layer`'s properties; a presentation copy shares the particles as they are.
    public required init(layer: Any) {
        super.init(layer: layer)
        presentsAfterAnimations = true
        if let e = layer as? CAEmitterLayer {
            // The animatable values came with the layer's `LayerValues`.
            emitterCells = e.emitterCells; emitterShape = e.emitterShape; emitterMode = e.emitterMode
            renderMode = e.renderMode; preservesDepth = e.preservesDepth; seed = e.seed; simulation = e.simulation
            presentedCells = e.presentedCells
        }
    }

    /// The animate phase's first step: this frame's animated cell values start empty.
    open override func presentContent() {
        super.presentContent()
        if !presentedCells.isEmpty { presentedCells.removeAll(keepingCapacity: true) }
    }

    /// The animate phase's step after the layer's animations: particles emitted and aged to the
    /// layer's time of this frame, from the presented values (the layer's, and its cells' with
    /// this frame's animated values).
    override func presentAfterAnimations() {
        guard !isPresentationCopy else { return }
        let engine = CAEngine.current
        simulation.advance(self, to: lastLayerTime, cellCopies: animatedCellCopies(), report: engine.report)
        if simulation.needsFrames { engine.requestFrame() }
    }

    /// Sets a value by key, `emitterCells.NAME.PROPERTY` paths reaching a named cell
    /// (CAEmitterLayer+CellKeyPaths.swift); other keys as any layer's.
    open override func setValue(_ value: Any?, forKey key: String) {
        if !setCellValue(value, forKey: key) { super.setValue(value, forKey: key) }
    }

    /// A value by key: `emitterCells.NAME` gives the cell, `emitterCells.NAME.PROPERTY` its value
    /// (on a presentation layer, the value an animation shows; nil for a path that names no
    /// cell); other keys as any layer's.
    open override func value(forKey key: String) -> Any? {
        if let cell = cellValue(forKey: key) { return cell }
        return super.value(forKey: key)
    }

    /// The presented value of a cell key path (the animated value this frame, else the cell's);
    /// other keys as any layer's.
    open override func presentedValue(for key: AnimationKeyPath) -> AnimationValue? {
        guard case .custom(let path) = key, path.hasPrefix(Self.cellPathPrefix) else { return super.presentedValue(for: key) }
        return presentedCellValue(path)
    }

    /// Writes an animated cell value for this frame (`presentedCells`); other keys as any layer's.
    open override func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) {
        guard case .custom(let path) = key, path.hasPrefix(Self.cellPathPrefix) else { return super.setPresentedValue(value, for: key) }
        presentedCells[path] = value
    }

    /// Reports `line` the first time this layer says it.
    func reportOnce(_ line: String) {
        if reportedLines.insert(line).inserted { CAEngine.current.report(line) }
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

/// A `CAEmitterLayer`'s animatable values, as a value (`LayerValues.emitter`): the rows of the
/// layer property table read and write them; defaults are Core Animation's.
public struct EmitterValues: Equatable, Sendable {
    /// Default: 1.
    public var birthRate: Float = 1
    /// Default: 1.
    public var lifetime: Float = 1
    /// Default: (0, 0).
    public var emitterPosition: CGPoint = .zero
    /// Default: 0.
    public var emitterZPosition: CGFloat = 0
    /// Default: zero.
    public var emitterSize: CGSize = .zero
    /// Default: 0.
    public var emitterDepth: CGFloat = 0
    /// Default: 1.
    public var velocity: Float = 1
    /// Default: 1.
    public var scale: Float = 1
    /// Default: 1.
    public var spin: Float = 1

    /// Core Animation's defaults.
    public init() {}
    static let defaults = EmitterValues()
}
