// replicator — CAReplicatorLayer: one layer drawn many times.
//
// Demonstrates: the loading-spinner idiom (one dot, instanceCount 12, instanceTransform a turn of
// 30°, its fade seen 1/12 s later on each instance through instanceDelay); a 3D spinner (a ring of
// dots turned about y, perspective in the replicator's sublayerTransform, preservesDepth so near
// dots cover far ones, the whole ring turning); a colour wheel from instanceColor and its offsets;
// and an audio equalizer / waveform (one bar whose height pulses, 20 instances side by side, each
// a step later and a shade bluer). Interaction: a tap (or A) animates the equalizer's
// instanceColor and instanceDelay, both animatable replicator properties.
import Flipbook

final class ReplicatorScene: Scene {
    static let name = "replicator"
    static let summary = "CAReplicatorLayer: dot and 3D spinners, a colour wheel and an equalizer from one layer each"
    static let menuSection: SceneSection = .toolsAndDemos

    let rootLayer = CALayer()
    private let dotSpinner = CAReplicatorLayer()
    private let depthSpinner = CAReplicatorLayer()
    /// Holds the 3D spinner: its sublayerTransform gives the perspective and the tilt.
    private let depthStage = CALayer()
    private let wheel = CAReplicatorLayer()
    private let equalizer = CAReplicatorLayer()
    private var captions: [CATextLayer] = []
    private var warm = false

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x14141F)
        CATransaction.performWithoutAnimation {
            makeDotSpinner()
            makeDepthSpinner()
            makeWheel()
            makeEqualizer()
            for text in ["instanceDelay 1/12 s", "3D, preservesDepth", "instanceColor offsets", "equalizer: tap"] {
                let caption = CATextLayer()
                caption.string = text
                caption.fontSize = 13
                caption.foregroundColor = CGColor(gray: 0.75, alpha: 1)
                caption.alignmentMode = .center
                captions.append(caption)
                rootLayer.addSublayer(caption)
            }
        }
        resize(to: size)
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            let cell = CGSize(width: size.width / 4, height: size.height)
            for (i, r) in [dotSpinner, depthStage, wheel, equalizer].enumerated() {
                r.position = CGPoint(x: cell.width * (CGFloat(i) + 0.5), y: size.height / 2 - 10)
                captions[i].frame = CGRect(x: cell.width * CGFloat(i), y: size.height / 2 + 90, width: cell.width, height: 20)
            }
        }
    }

    /// Twelve dots round a circle, each fading 1/12 s after the one before: the classic spinner.
    private func makeDotSpinner() {
        dotSpinner.name = "dots"
        dotSpinner.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let dot = CALayer()
        dot.name = "dot"
        dot.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
        dot.position = CGPoint(x: 50, y: 10)
        dot.cornerRadius = 7
        dot.backgroundColor = CGColor(hex: 0xF2F2F7)
        dot.opacity = 0.15
        dotSpinner.addSublayer(dot)
        dotSpinner.instanceCount = 12
        dotSpinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        dotSpinner.instanceDelay = 1.0 / 12
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        let shrink = CABasicAnimation(keyPath: "transform.scale")
        shrink.fromValue = 1
        shrink.toValue = 0.5
        shrink.duration = 1
        shrink.repeatCount = .infinity
        dot.add(shrink, forKey: "shrink")
        rootLayer.addSublayer(dotSpinner)
    }

    /// Ten dots on a ring about y, seen in perspective from a little above, the ring turning
    /// (the replicator's own transform) and each dot pulsing 0.12 s after the one before.
    private func makeDepthSpinner() {
        depthStage.bounds = CGRect(x: 0, y: 0, width: 140, height: 140)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        depthStage.sublayerTransform = CATransform3DConcat(CATransform3DMakeRotation(-0.35, 1, 0, 0), perspective)
        depthSpinner.name = "depth"
        depthSpinner.bounds = depthStage.bounds
        depthSpinner.position = CGPoint(x: 70, y: 70)
        depthSpinner.preservesDepth = true
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
        dot.cornerRadius = 9
        dot.backgroundColor = CGColor(hex: 0x64D2FF)
        dot.position = CGPoint(x: 70, y: 70)
        dot.zPosition = 55
        depthSpinner.addSublayer(dot)
        depthSpinner.instanceCount = 10
        depthSpinner.instanceTransform = CATransform3DMakeRotation(2 * .pi / 10, 0, 1, 0)
        depthSpinner.instanceRedOffset = 0.08
        depthSpinner.instanceGreenOffset = -0.05
        depthSpinner.instanceDelay = 0.12
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1.3
        pulse.toValue = 0.6
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 5
        turn.repeatCount = .infinity
        depthSpinner.add(turn, forKey: "turn")
        depthStage.addSublayer(depthSpinner)
        rootLayer.addSublayer(depthStage)
    }

    /// Sixteen petals whose colour runs from red through yellow to green by instance offsets.
    private func makeWheel() {
        wheel.name = "wheel"
        wheel.bounds = CGRect(x: 0, y: 0, width: 140, height: 140)
        let petal = CALayer()
        petal.bounds = CGRect(x: 0, y: 0, width: 10, height: 44)
        petal.position = CGPoint(x: 70, y: 30)
        petal.cornerRadius = 5
        petal.backgroundColor = .white
        wheel.addSublayer(petal)
        wheel.instanceCount = 16
        wheel.instanceTransform = CATransform3DMakeRotation(2 * .pi / 16, 0, 0, 1)
        wheel.instanceColor = CGColor(red: 1, green: 0.1, blue: 0.2, alpha: 1)
        wheel.instanceGreenOffset = 0.06
        wheel.instanceRedOffset = -0.05
        wheel.instanceBlueOffset = 0.03
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 6
        spin.repeatCount = .infinity
        wheel.add(spin, forKey: "spin")
        rootLayer.addSublayer(wheel)
    }

    /// One bar whose height pulses, 20 instances 7 points apart, each 0.06 s later: a waveform.
    private func makeEqualizer() {
        equalizer.name = "equalizer"
        equalizer.bounds = CGRect(x: 0, y: 0, width: 140, height: 120)
        let bar = CALayer()
        bar.name = "bar"
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.bounds = CGRect(x: 0, y: 0, width: 5, height: 100)
        bar.position = CGPoint(x: 3, y: 110)
        bar.cornerRadius = 2.5
        bar.backgroundColor = .white
        bar.transform = CATransform3DMakeScale(1, 0.15, 1) // what instances show before their delay has passed
        equalizer.addSublayer(bar)
        equalizer.instanceCount = 20
        equalizer.instanceTransform = CATransform3DMakeTranslation(7, 0, 0)
        equalizer.instanceDelay = 0.06
        equalizer.instanceColor = CGColor(hex: 0x30D158)
        equalizer.instanceRedOffset = 0.03
        equalizer.instanceBlueOffset = 0.04
        let level = CAKeyframeAnimation(keyPath: "transform.scale.y")
        level.values = [0.15, 0.9, 0.35, 0.7, 0.2, 1.0, 0.15]
        level.duration = 1.6
        level.repeatCount = .infinity
        level.calculationMode = .cubic
        bar.add(level, forKey: "level")
        rootLayer.addSublayer(equalizer)
    }

    func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .pointerUp, .padButton(.a, isDown: false): recolour()
        default: break
        }
    }

    /// Animates the equalizer's instanceColor and instanceDelay (implicit actions, 0.6 s).
    private func recolour() {
        warm.toggle()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.6)
        equalizer.instanceColor = warm ? CGColor(hex: 0xFF9F0A) : CGColor(hex: 0x30D158)
        equalizer.instanceDelay = warm ? 0.03 : 0.06
        CATransaction.commit()
    }
}
