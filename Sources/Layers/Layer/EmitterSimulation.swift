import Foundation
import Raster
import SplitMix

/// A `CAEmitterLayer`'s particles: born between one frame's time and the next, each with values
/// drawn once from a generator seeded by the layer's seed, its cell and its birth number; between
/// frames only births and deaths change anything, and where a particle is at a time is a closed
/// form of its age (CAEmitterCell's doc).
///
/// Why closed forms and seeded births: the same layer time gives the same particles however the
/// frames fell before it, as long as the rates did not change between them (a birth's time is
/// found exactly where the running count of births crosses a whole number), so renders, replays
/// and thread counts agree byte for byte, and no error accumulates frame by frame.
struct EmitterSimulation {
    /// One particle: what it was born with.
    struct Particle {
        /// Its cell's index in `cells`.
        var cell: Int32
        /// Its generator's seed; its sub-particles' seeds come from it.
        var key: UInt64
        var birth: Double
        var lifetime: Double
        var position: SIMD3<Double>
        var velocity: SIMD3<Double>
        var acceleration: SIMD3<Double>
        var spin: Double
        var scale: Double
        var scaleSpeed: Double
        var color: SIMD4<Double>
        var colorSpeed: SIMD4<Double>

        /// Where it is `age` seconds after its birth.
        @inline(__always) func position(atAge age: Double) -> SIMD3<Double> {
            position + velocity * age + acceleration * (0.5 * age * age)
        }
    }

    /// A cell's values as read at this frame, with the layer's multipliers applied.
    struct CellValues {
        var birthRate: Double
        var lifetime: Double, lifetimeRange: Double
        var longitude: Double, latitude: Double, range: Double
        var velocity: Double, velocityRange: Double
        var acceleration: SIMD3<Double>
        var scale: Double, scaleRange: Double, scaleSpeed: Double
        var spin: Double, spinRange: Double
        var color: SIMD4<Double>, colorRange: SIMD4<Double>, colorSpeed: SIMD4<Double>
        var image: CGImage?, contentsRect: CGRect, contentsScale: Double
        var beginTime: Double, duration: Double
        /// Indices in `cells` of its enabled sub-cells.
        var children: [Int32] = []
    }

    /// Living particles, in birth order.
    private(set) var particles: [Particle] = []
    /// Every cell seen, in the order first seen: a particle's `cell` indexes it for life.
    private var cells: [CAEmitterCell] = []
    private var cellIndex: [ObjectIdentifier: Int32] = [:]
    /// This frame's values per cell (nil: not in the layer's cells any more).
    private var values: [CellValues?] = []
    /// Top-level cells' births so far, by cell index.
    private var births: [Int32: Births] = [:]

    /// A top-level cell's running count of births: `base` at `start`, then `rate` per second.
    struct Births {
        var start: Double, base: Double, rate: Double
        func count(at t: Double) -> Double { base + rate * (t - start) }
    }
    /// The layer time of the last step (nil before the first).
    private var time: Double?
    /// True after the cap on living particles was reported.
    private var reportedCap = false
    /// Values reported as unusable, so each is said once.
    private var reported: Set<String> = []
    /// True when a cell emits or a particle lives: the emitter needs another frame.
    private(set) var needsFrames = false

    /// Emits and ages particles up to layer time `t`, from the layer's presented values and its
    /// cells' (a cell in `cellCopies`, by its identity, is read from that copy: this frame's
    /// animated values).
    /// - Complexity: O(living particles + births + cells).
    mutating func advance(_ layer: CAEmitterLayer, to t: Double, cellCopies: [ObjectIdentifier: CAEmitterCell] = [:], report: (String) -> Void) {
        guard t.isFinite else { return }
        readCells(layer, cellCopies, report: report)
        guard let t0 = time, t0 <= t else {
            // The first step, or time went back: start again from here.
            particles.removeAll(keepingCapacity: true)
            births.removeAll()
            time = t
            needsFrames = values.contains { ($0?.birthRate ?? 0) > 0 }
            return
        }
        time = t
        let seed = UInt64(layer.seed)
        var emitting = false
        // Birth attempts this step, at most the cap: a huge rate, or particles that die at birth,
        // cost a bounded step.
        var budget = CAEmitterLayer.maxLiveParticles
        let shape = EmitterShapeSampler(layer: layer)
        // Top-level births in (t0, t]: the running count is worked out afresh from where its
        // rate began (never summed frame by frame, which drifts off whole numbers).
        for index in topLevel {
            guard let cell = values[Int(index)], cell.birthRate > 0, cell.lifetime + abs(cell.lifetimeRange) > 0 else {
                if let run = births[index] { births[index] = Births(start: t, base: run.count(at: t0), rate: 0) }
                continue
            }
            emitting = true
            var run = births[index] ?? Births(start: t0, base: 0, rate: cell.birthRate)
            if run.rate != cell.birthRate { run = Births(start: t0, base: run.count(at: t0), rate: cell.birthRate) }
            births[index] = run
            let before = run.count(at: t0), after = run.count(at: t)
            var n = before.rounded(.down) + 1
            while n <= after {
                guard makeRoom(&budget, report) else { break }
                let born = run.start + (n - run.base) / run.rate
                let key = Self.mix(seed, UInt64(bitPattern: Int64(index)), UInt64(n))
                spawn(cell: index, values: cell, key: key, at: born, from: shape)
                n += 1
            }
        }
        // Sub-cells: each living particle emits during its window, newborn ones included (a
        // sub-particle's own sub-cells are reached as the loop comes to it).
        var i = 0
        while i < particles.count {
            let parent = particles[i]
            i += 1
            guard let pv = values[Int(parent.cell)], !pv.children.isEmpty else { continue }
            for (ci, child) in pv.children.enumerated() {
                guard let cv = values[Int(child)], cv.birthRate > 0, cv.lifetime + abs(cv.lifetimeRange) > 0 else { continue }
                let begin = max(0, cv.beginTime)
                let end = cv.duration > 0 ? min(parent.lifetime, begin + cv.duration) : parent.lifetime
                guard end > begin else { continue }
                if parent.birth + begin <= t && parent.birth + end > t0 { emitting = true }
                // Birth j at age begin + j / rate, for t0 < birth time ≤ t and age < end.
                let from = ((t0 - parent.birth - begin) * cv.birthRate).rounded(.down) + 1
                let to = min(((t - parent.birth - begin) * cv.birthRate).rounded(.down), ((end - begin) * cv.birthRate).rounded(.up) - 1)
                var j = max(0, from)
                while j <= to {
                    guard makeRoom(&budget, report) else { break }
                    let age = begin + j / cv.birthRate
                    let key = Self.mix(parent.key, UInt64(ci), UInt64(j))
                    spawn(cell: child, values: cv, key: key, at: parent.birth + age, from: .at(parent.position(atAge: age)))
                    j += 1
                }
            }
        }
        // Deaths, and particles of cells no longer the layer's.
        particles.removeAll { p in p.birth + p.lifetime <= t || values[Int(p.cell)] == nil }
        needsFrames = emitting || !particles.isEmpty
    }

    /// Indices of the layer's top-level cells this frame.
    private var topLevel: [Int32] = []

    /// Reads every cell's values for this frame (layer multipliers applied), registering new cells.
    private mutating func readCells(_ layer: CAEmitterLayer, _ copies: [ObjectIdentifier: CAEmitterCell], report: (String) -> Void) {
        values = Array(repeating: nil, count: cells.count)
        topLevel.removeAll(keepingCapacity: true)
        let e = layer.presented.emitter
        func d(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        let m = (birthRate: Self.finite(e.birthRate, "birthRate", &reported, report),
                 lifetime: Self.finite(e.lifetime, "lifetime", &reported, report),
                 velocity: d(e.velocity), scale: d(e.scale), spin: d(e.spin))
        // Cells and their sub-cells, depth first; a cell reached again (a cycle, or shared) is read once.
        var stack: [(CAEmitterCell, parent: Int32?)] = (layer.emitterCells ?? []).reversed().map { ($0, nil) }
        while let (cell, parent) = stack.popLast() {
            let index: Int32
            if let known = cellIndex[ObjectIdentifier(cell)] {
                index = known
            } else {
                index = Int32(cells.count)
                cells.append(cell)
                cellIndex[ObjectIdentifier(cell)] = index
                values.append(nil)
            }
            let source = copies.isEmpty ? cell : copies[ObjectIdentifier(cell)] ?? cell
            guard values[Int(index)] == nil, source.isEnabled else { continue }
            if let parent { values[Int(parent)]?.children.append(index) } else { topLevel.append(index) }
            values[Int(index)] = cellValues(source, m, report: report)
            for sub in (cell.emitterCells ?? []).reversed() { stack.append((sub, index)) }
        }
    }

    private mutating func cellValues(_ c: CAEmitterCell, _ m: (birthRate: Double, lifetime: Double, velocity: Double, scale: Double, spin: Double),
                                     report: (String) -> Void) -> CellValues {
        let name = c.name.map { "cell \"\($0)\"" } ?? "a cell"
        let rate = Self.finite(c.birthRate, "\(name)'s birthRate", &reported, report) * m.birthRate
        let lifetime = Self.finite(c.lifetime, "\(name)'s lifetime", &reported, report)
        let color = c.color ?? .white
        func d(_ v: CGFloat) -> Double { v.isFinite ? Double(v) : 0 }
        func f(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        return CellValues(
            birthRate: max(0, rate), lifetime: lifetime * m.lifetime, lifetimeRange: f(c.lifetimeRange) * m.lifetime,
            longitude: d(c.emissionLongitude), latitude: d(c.emissionLatitude), range: d(c.emissionRange),
            velocity: d(c.velocity) * m.velocity, velocityRange: d(c.velocityRange) * m.velocity,
            acceleration: SIMD3(d(c.xAcceleration), d(c.yAcceleration), d(c.zAcceleration)),
            scale: d(c.scale) * m.scale, scaleRange: d(c.scaleRange) * m.scale, scaleSpeed: d(c.scaleSpeed) * m.scale,
            spin: d(c.spin) * m.spin, spinRange: d(c.spinRange) * m.spin,
            color: SIMD4(d(color.red), d(color.green), d(color.blue), d(color.alpha)),
            colorRange: SIMD4(f(c.redRange), f(c.greenRange), f(c.blueRange), f(c.alphaRange)),
            colorSpeed: SIMD4(f(c.redSpeed), f(c.greenSpeed), f(c.blueSpeed), f(c.alphaSpeed)),
            image: c.contents as? CGImage, contentsRect: c.contentsRect, contentsScale: c.contentsScale.isFinite && c.contentsScale > 0 ? Double(c.contentsScale) : 1,
            beginTime: c.beginTime.isFinite ? c.beginTime : 0, duration: c.duration.isFinite ? c.duration : 0)
    }

    /// `v` as a Double; NaN and infinities are reported once (by `what`) and count as 0.
    private static func finite(_ v: Float, _ what: String, _ reported: inout Set<String>, _ report: (String) -> Void) -> Double {
        guard !v.isFinite else { return Double(v) }
        if reported.insert(what).inserted { report("CAEmitterLayer: \(what) \(v) is not finite: taken as 0") }
        return 0
    }

    /// False (and reported once) when the living particles are at the cap or this step's birth
    /// attempts are spent; else takes one attempt from `budget`.
    private mutating func makeRoom(_ budget: inout Int, _ report: (String) -> Void) -> Bool {
        budget -= 1
        guard particles.count >= CAEmitterLayer.maxLiveParticles || budget < 0 else { return true }
        if !reportedCap {
            reportedCap = true
            report("CAEmitterLayer: more than \(CAEmitterLayer.maxLiveParticles) live particles asked for: further births are skipped while it is full")
        }
        return false
    }

    /// A new particle of `cell`, its values drawn from `key`'s generator in a fixed order.
    private mutating func spawn(cell: Int32, values v: CellValues, key: UInt64, at born: Double, from origin: EmitterShapeSampler) {
        var g = SplitMix64(seed: key)
        func spread(_ base: Double, _ range: Double) -> Double { base + range * (g.unit() * 2 - 1) }
        let lifetime = spread(v.lifetime, v.lifetimeRange)
        let position = origin.sample(&g)
        let speed = spread(v.velocity, v.velocityRange)
        let longitude = v.longitude + v.range * (g.unit() - 0.5)
        let direction = SIMD3(cos(v.latitude) * cos(longitude), cos(v.latitude) * sin(longitude), sin(v.latitude))
        let spin = spread(v.spin, v.spinRange)
        let scale = spread(v.scale, v.scaleRange)
        var color = v.color
        for c in 0..<4 { color[c] = min(1, max(0, spread(v.color[c], v.colorRange[c]))) }
        guard lifetime > 0, lifetime.isFinite else { return }
        particles.append(Particle(cell: cell, key: key, birth: born, lifetime: lifetime, position: position,
                                  velocity: direction * speed, acceleration: v.acceleration, spin: spin, scale: scale,
                                  scaleSpeed: v.scaleSpeed, color: color, colorSpeed: v.colorSpeed))
    }

    /// A well-mixed 64-bit key of three numbers (SplitMix64's finaliser over each in turn).
    static func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        var g = SplitMix64(seed: a)
        g.state ^= g.next() &+ b
        g.state ^= g.next() &+ c
        return g.next()
    }
}

extension EmitterSimulation {
    /// The particles living at layer time `t` as sprites in the layer's space, ordered for `mode`.
    func sprites(at t: Double, renderMode mode: CAEmitterLayerRenderMode) -> SpriteBatch? {
        guard !particles.isEmpty else { return nil }
        var images: [SpriteBatch.Image] = []
        var imageOfCell: [Int32: Int32] = [:]
        var sprites: [(sprite: SpriteBatch.Sprite, z: Double, age: Double)] = []
        sprites.reserveCapacity(particles.count)
        for p in particles {
            let age = t - p.birth
            guard age >= 0, age < p.lifetime, let v = values[Int(p.cell)], let image = v.image else { continue }
            let scale = p.scale + p.scaleSpeed * age
            var color = p.color + p.colorSpeed * age
            color.clamp(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
            guard scale > 0, color[3] > 0 else { continue }
            let imageIndex: Int32
            if let known = imageOfCell[p.cell] {
                imageIndex = known
            } else {
                let r = v.contentsRect, w = Double(image.width), h = Double(image.height)
                let source = PixelRect(x0: Int((Double(r.minX) * w).rounded()), y0: Int((Double(r.minY) * h).rounded()),
                                       x1: Int((Double(r.maxX) * w).rounded()), y1: Int((Double(r.maxY) * h).rounded()))
                imageIndex = Int32(images.count)
                images.append(SpriteBatch.Image(bitmap: image.bitmap, source: source))
                imageOfCell[p.cell] = imageIndex
            }
            let src = images[Int(imageIndex)].source
            guard !src.isEmpty else { continue }
            let pos = p.position(atAge: age)
            let k = scale / v.contentsScale
            let transform = Transform.translation(-Double(src.width) / 2, -Double(src.height) / 2)
                .concatenating(.scale(k, k))
                .concatenating(.rotation(p.spin * age))
                .concatenating(.translation(pos.x, pos.y))
            let sprite = SpriteBatch.Sprite(image: imageIndex, transform: transform,
                                            color: SpriteBatch.Sprite.multiplier(red: color[0], green: color[1], blue: color[2], alpha: color[3]))
            sprites.append((sprite, pos.z, age))
        }
        guard !sprites.isEmpty else { return nil }
        // Kept in the order they were born in, cell by cell within a frame (`unordered`, `additive`).
        switch mode {
        case .oldestFirst:
            sprites = sprites.enumerated().sorted { (-$0.element.age, $0.offset) < (-$1.element.age, $1.offset) }.map(\.element)
        case .oldestLast:
            sprites = sprites.enumerated().sorted { ($0.element.age, $0.offset) < ($1.element.age, $1.offset) }.map(\.element)
        case .backToFront:
            sprites = sprites.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
        default: break
        }
        return SpriteBatch(images: images, sprites: sprites.map(\.sprite), additive: mode == .additive)
    }
}
