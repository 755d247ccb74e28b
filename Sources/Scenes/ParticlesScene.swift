// particles — CAEmitterLayer and CAEmitterCell.
//
// Demonstrates: confetti (a line emitter across the top, rectangles of six colours spinning and
// falling, colour ranges), snow (a line emitter, soft flakes drifting with a range of scales and
// sideways acceleration), fire (a circle emitter at the bottom, additive render mode, orange
// glows rising, shrinking and fading through colour speeds, with a sub-cell of sparks), and a
// burst: a tap (or A) at a point sends a ring of sparks out from it, each with its own sub-emitter
// trail. Every particle comes from the emitter's seed, so renders are byte-identical.
import Flipbook

final class ParticlesScene: Scene {
    static let name = "particles"
    static let summary = "CAEmitterLayer: confetti, snow and fire; tap to burst"
    static let menuSection: SceneSection = .toolsAndDemos

    let rootLayer = CALayer()
    private let confetti = CAEmitterLayer()
    private let snow = CAEmitterLayer()
    private let fire = CAEmitterLayer()
    private let burst = CAEmitterLayer()
    private let caption = CATextLayer()
    /// When the current burst stops emitting (nil: none running).
    private var burstEnds: Double?

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x0E1020)
        let square = Self.image(size: 8) { $0.fill(CGRect(x: 0, y: 1, width: 8, height: 6)) }
        let flake = Self.softDot(size: 16)
        let glow = Self.softDot(size: 32)

        confetti.name = "confetti"
        confetti.emitterShape = .line
        confetti.seed = 11
        confetti.emitterCells = [0xFF375F, 0xFFD60A, 0x30D158, 0x0A84FF, 0xBF5AF2, 0xFF9F0A].map { hex in
            let c = CAEmitterCell()
            c.contents = square
            c.color = CGColor(hex: UInt32(hex))
            c.birthRate = 9
            c.lifetime = 6
            c.velocity = 90
            c.velocityRange = 40
            c.emissionLongitude = .pi / 2
            c.emissionRange = .pi / 3
            c.yAcceleration = 60
            c.spin = 3
            c.spinRange = 4
            c.scale = 1.2
            c.scaleRange = 0.4
            c.greenRange = 0.1
            return c
        }

        snow.name = "snow"
        snow.emitterShape = .line
        snow.seed = 7
        snow.renderMode = .oldestFirst
        let flakes = CAEmitterCell()
        flakes.name = "flake"
        flakes.contents = flake
        flakes.birthRate = 30
        flakes.lifetime = 9
        flakes.velocity = 40
        flakes.velocityRange = 15
        flakes.emissionLongitude = .pi / 2
        flakes.emissionRange = .pi / 6
        flakes.xAcceleration = 6
        flakes.scale = 0.6
        flakes.scaleRange = 0.35
        flakes.alphaRange = 0.3
        flakes.alphaSpeed = -0.08
        snow.emitterCells = [flakes]

        fire.name = "fire"
        fire.emitterShape = .circle
        fire.emitterMode = .surface
        fire.renderMode = .additive
        fire.seed = 3
        let flame = CAEmitterCell()
        flame.name = "flame"
        flame.contents = glow
        flame.birthRate = 160
        flame.lifetime = 1.1
        flame.lifetimeRange = 0.3
        flame.velocity = 70
        flame.velocityRange = 25
        flame.emissionLongitude = -.pi / 2
        flame.emissionRange = .pi / 5
        flame.yAcceleration = -60
        flame.scale = 1.1
        flame.scaleSpeed = -0.7
        flame.color = CGColor(red: 1, green: 0.55, blue: 0.15, alpha: 0.55)
        flame.greenSpeed = -0.4
        flame.blueSpeed = -0.2
        flame.alphaSpeed = -0.45
        let spark = CAEmitterCell()
        spark.name = "spark"
        spark.contents = flake
        spark.birthRate = 2
        spark.beginTime = 0.2
        spark.duration = 0.5
        spark.lifetime = 0.8
        spark.velocity = 50
        spark.emissionLongitude = -.pi / 2
        spark.emissionRange = .pi
        spark.scale = 0.25
        spark.color = CGColor(red: 1, green: 0.85, blue: 0.4, alpha: 1)
        spark.alphaSpeed = -1.2
        flame.emitterCells = [spark]
        fire.emitterCells = [flame]

        burst.name = "burst"
        burst.emitterShape = .circle
        burst.emitterMode = .outline
        burst.emitterSize = CGSize(width: 6, height: 6)
        burst.birthRate = 0
        burst.seed = 5
        let star = CAEmitterCell()
        star.contents = glow
        star.birthRate = 400
        star.lifetime = 1.4
        star.velocity = 220
        star.velocityRange = 60
        star.emissionRange = 2 * .pi
        star.yAcceleration = 120
        star.scale = 0.5
        star.scaleSpeed = -0.25
        star.color = CGColor(red: 1, green: 0.9, blue: 0.5, alpha: 1)
        star.redRange = 0.2
        star.blueRange = 0.4
        star.alphaSpeed = -0.6
        let trail = CAEmitterCell()
        trail.contents = flake
        trail.birthRate = 20
        trail.lifetime = 0.5
        trail.scale = 0.2
        trail.color = CGColor(red: 1, green: 0.7, blue: 0.3, alpha: 0.8)
        trail.alphaSpeed = -1.6
        star.emitterCells = [trail]
        burst.renderMode = .additive
        burst.emitterCells = [star]

        caption.string = "confetti · snow · fire (additive, with sparks) — tap to burst"
        caption.fontSize = 15
        caption.foregroundColor = CGColor(gray: 0.75, alpha: 1)
        caption.alignmentMode = .center
        [snow, confetti, fire, burst, caption].forEach(rootLayer.addSublayer)
        resize(to: size)
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            for e in [confetti, snow, fire, burst] { e.frame = CGRect(origin: .zero, size: size) }
            confetti.emitterPosition = CGPoint(x: size.width * 0.3, y: -10)
            confetti.emitterSize = CGSize(width: size.width * 0.6, height: 0)
            snow.emitterPosition = CGPoint(x: size.width * 0.75, y: -10)
            snow.emitterSize = CGSize(width: size.width * 0.5, height: 0)
            fire.emitterPosition = CGPoint(x: size.width / 2, y: size.height - 60)
            fire.emitterSize = CGSize(width: 26, height: 0)
            caption.frame = CGRect(x: 16, y: size.height - 30, width: size.width - 32, height: 22)
        }
    }

    func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .pointerUp(let p): start(at: p, time: time)
        case .padButton(.a, isDown: false): start(at: CGPoint(x: rootLayer.bounds.midX, y: rootLayer.bounds.midY * 0.8), time: time)
        default: break
        }
    }

    /// A burst at `p`: the burst emitter on for a tenth of a second.
    /// The emitter's values are animatable: set them without the implicit animation (a burst
    /// starts where the tap is, at once).
    private func start(at p: CGPoint, time: Double) {
        CATransaction.performWithoutAnimation {
            burst.emitterPosition = p
            burst.birthRate = 1
        }
        burstEnds = time + 0.1
    }

    func update(at time: Double) {
        if let end = burstEnds, time >= end {
            CATransaction.performWithoutAnimation { burst.birthRate = 0 }
            burstEnds = nil
        }
    }

    /// A particle image of `size` points drawn by `draw` in white.
    private static func image(size: CGFloat, _ draw: (CGContext) -> Void) -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: size, height: size), format: format).image { ctx in
            ctx.cgContext.setFillColor(.white)
            draw(ctx.cgContext)
        }.cgImage
    }

    /// A white disc fading out towards its edge: concentric translucent discs.
    private static func softDot(size: CGFloat) -> CGImage? {
        image(size: size) { cg in
            for i in 0..<8 {
                let inset = CGFloat(i) * size / 16
                cg.setFillColor(CGColor(gray: 1, alpha: 0.22))
                cg.fillEllipse(in: CGRect(x: inset, y: inset, width: size - 2 * inset, height: size - 2 * inset))
            }
        }
    }
}
