// geometry — seeds 001 and 002: a layer's geometry, its anchor point, 3D perspective, and the
// model and presentation trees.
//
// Demonstrates: frame/bounds/center vs bounds/position/anchorPoint read out live; rotation about the
// anchor point (press on the blue layer and drag to move the anchor: the frame stays where it is and
// the position follows the anchor, as Apple documents); a card turning about y under a container's
// sublayerTransform with perspective (m34 = −1/500); a square whose model position stays put while
// its presentation position moves, both printed every frame.
import Flipbook

final class GeometryScene: Scene {
    static let name = "geometry"
    static let summary = "Seeds 001/002: frame vs bounds/position/anchorPoint, rotation about the anchor, m34 perspective, model vs presentation"
    static let menuSection: SceneSection = .fromTheArticles

    let rootLayer = CALayer()
    private let subject = CALayer()
    private let anchorMark = CALayer()
    private let readout = CATextLayer()
    private let stage3D = CALayer()
    private let card = CALayer()
    private let slider = CALayer()
    private let treeReadout = CATextLayer()
    private let caption = CATextLayer()
    private var dragging = false
    /// How far the green square slides: 160 points, less in a window too narrow for that (it
    /// starts at three quarters of the width).
    private var slideDistance: CGFloat = 160
    /// The readout's column is narrow (below 440 points, a 640-point window): anchorPoint gets a
    /// line of its own and the type shrinks to keep the longest line whole.
    private var narrowReadout = false

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x16161E)
        subject.name = "subject"
        subject.bounds = CGRect(x: 0, y: 0, width: 200, height: 130)
        subject.backgroundColor = CGColor(hex: 0x0A84FF)
        subject.cornerRadius = 12
        anchorMark.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        anchorMark.cornerRadius = 6
        anchorMark.backgroundColor = CGColor(hex: 0xFF453A)
        subject.addSublayer(anchorMark)
        card.name = "card"
        card.bounds = CGRect(x: 0, y: 0, width: 160, height: 200)
        card.backgroundColor = CGColor(hex: 0xFF9F0A)
        card.cornerRadius = 16
        stage3D.addSublayer(card)
        slider.name = "slider"
        slider.bounds = CGRect(x: 0, y: 0, width: 36, height: 36)
        slider.backgroundColor = CGColor(hex: 0x30D158)
        slider.cornerRadius = 6
        for t in [readout, treeReadout, caption] {
            t.fontSize = 14
            t.font = "mono"
            t.foregroundColor = CGColor(gray: 0.85, alpha: 1)
            t.isWrapped = true
        }
        caption.font = nil
        caption.alignmentMode = .center
        caption.string = "press and drag on the blue layer to move its anchor point"
        [subject, readout, stage3D, slider, treeReadout, caption].forEach(rootLayer.addSublayer)
        resize(to: size)
        startAnimations()
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            subject.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            subject.position = CGPoint(x: size.width * 0.27, y: size.height * 0.36)
            readout.frame = CGRect(x: 24, y: size.height * 0.62, width: size.width * 0.5 - 24, height: 90)
            // 14-point mono is 8.4 points a character: the 55-character position line needs 462.
            narrowReadout = readout.frame.width < 440
            let type = narrowReadout ? max(8, min(14, readout.frame.width / (40 * 0.62))) : 14
            readout.fontSize = type
            treeReadout.fontSize = type
            stage3D.frame = CGRect(x: size.width * 0.55, y: 40, width: size.width * 0.4, height: size.height * 0.55)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            stage3D.sublayerTransform = perspective
            card.position = CGPoint(x: stage3D.bounds.midX, y: stage3D.bounds.midY)
            slider.position = CGPoint(x: size.width * 0.75, y: size.height * 0.68)
            let distance = max(0, min(160, size.width * 0.25 - 40))
            if distance != slideDistance {
                slideDistance = distance
                if slider.animation(forKey: "slide") != nil { addSlide() } // a resize: the old one would run off
            }
            treeReadout.frame = CGRect(x: size.width * 0.55, y: size.height * 0.74, width: size.width * 0.42, height: 60)
            caption.frame = CGRect(x: 0, y: size.height - 34, width: size.width, height: 22)
        }
        placeAnchorMark()
    }

    private func startAnimations() {
        let rock = CABasicAnimation(keyPath: "transform.rotation.z")
        rock.fromValue = -0.5
        rock.toValue = 0.5
        rock.duration = 1.6
        rock.autoreverses = true
        rock.repeatCount = .infinity
        rock.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        subject.add(rock, forKey: "rock")
        let turn = CABasicAnimation(keyPath: "transform.rotation.y")
        turn.fromValue = 0
        turn.toValue = 2 * Double.pi
        turn.duration = 5
        turn.repeatCount = .infinity
        card.add(turn, forKey: "turn")
        addSlide()
    }

    /// The green square's slide, `slideDistance` to the right and back, forever (added again when
    /// the window's size changes the distance).
    private func addSlide() {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.byValue = slideDistance
        slide.duration = 1.5
        slide.autoreverses = true
        slide.repeatCount = .infinity
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        slider.add(slide, forKey: "slide")
    }

    private func placeAnchorMark() {
        let b = subject.bounds
        CATransaction.performWithoutAnimation {
            anchorMark.position = CGPoint(x: b.width * subject.anchorPoint.x, y: b.height * subject.anchorPoint.y)
        }
    }

    /// Moves the anchor point under `p` while the frame stays: the position moves with the anchor.
    private func moveAnchor(to p: CGPoint) {
        let f = subject.frame
        let a = CGPoint(x: min(1, max(0, (p.x - f.minX) / f.width)), y: min(1, max(0, (p.y - f.minY) / f.height)))
        CATransaction.performWithoutAnimation {
            subject.anchorPoint = a
            subject.position = CGPoint(x: f.minX + a.x * f.width, y: f.minY + a.y * f.height)
        }
        placeAnchorMark()
    }

    func handle(_ event: InputEvent, at time: Double) {
        switch event {
        case .pointerDown(let p) where subject.frame.contains(p):
            dragging = true
            subject.removeAnimation(forKey: "rock") // hold still while the anchor moves
            moveAnchor(to: p)
        case .pointerMove(let p) where dragging:
            moveAnchor(to: p)
        case .pointerUp, .pointerCancel:
            if dragging { dragging = false; startAnimations() }
        default: break
        }
    }

    func update(at time: Double) {
        func f(_ v: CGFloat) -> String { String(format: "%.1f", Double(v)) }
        let fr = subject.frame, b = subject.bounds, p = subject.position, a = subject.anchorPoint
        let text = """
            frame       (\(f(fr.minX)), \(f(fr.minY)), \(f(fr.width)), \(f(fr.height)))
            bounds      (\(f(b.minX)), \(f(b.minY)), \(f(b.width)), \(f(b.height)))
            position    (\(f(p.x)), \(f(p.y)))\(narrowReadout ? "\n" : "   ")anchorPoint (\(String(format: "%.2f, %.2f", Double(a.x), Double(a.y))))
            """
        let modelX = slider.position.x
        let shown = slider.presentation()?.position.x ?? modelX
        let tree = "model position.x \(f(modelX))\npresentation position.x \(f(shown))"
        CATransaction.performWithoutAnimation {
            readout.string = text
            treeReadout.string = tree
        }
    }
}
