// drawing — Core Graphics as iOS code uses it.
//
// Demonstrates: blend modes over a gradient (every mode Flipbook has, one swatch each, drawn in
// draw(_:)); clipping to an even-odd star, a radial gradient inside it, a shadowed card and
// attributed text with kerning and two colours; a badge image made off screen with
// UIGraphicsBeginImageContextWithOptions (radial gradient, shadowed text) that turns forever.
// Interaction: a tap (or A) shifts the colours: the swatches and the card redraw and a new badge
// image is drawn.
import Flipbook

final class DrawingScene: UIViewController, Scene {
    static let name = "drawing"
    static let summary = "Core Graphics: blend modes, gradients, clips, shadows, text and an image context; tap shifts the colours"
    static let menuSection: SceneSection = .toolsAndDemos

    let swatches = BlendSwatchesView()
    let effects = EffectsView()
    let badge = UIImageView()
    let caption = UILabel()
    private var hueShift: CGFloat = 0
    /// The scale the badge's image was drawn for (`makeBadge`).
    private var badgeScale: CGFloat = 1

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.96, alpha: 1)
        swatches.layer.name = "swatches"
        effects.layer.name = "effects"
        badge.layer.name = "badge"
        caption.font = .systemFont(ofSize: 15)
        caption.textColor = .darkGray
        caption.textAlignment = .center
        caption.numberOfLines = 0
        caption.text = "blend modes · clip · gradients · shadow · text · UIGraphicsBeginImageContext — tap to shift the colours"
        [swatches, effects, badge, caption].forEach(view.addSubview)
        view.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.shiftColours() })
        badge.image = Self.makeBadge(hue: hueShift, scale: badgeScale)
        spin()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        // Sized for 1280 × 720 and grown with a larger window (×1.5 at 1920 × 1080), where the
        // drawings sat small in the top of the window; up to 1280 × 720 every size is the old one.
        let k = max(1, min(b.width / 1280, b.height / 720))
        swatches.scale = k
        effects.scale = k
        let top = 20 * k, gap = 20 * k
        let swatchWidth = min(b.width - 2 * gap, 560 * k)
        // Two rows of seven squares, each with its name under it (BlendSwatchesView.draw).
        swatches.frame = CGRect(x: (b.width - swatchWidth) / 2, y: top, width: swatchWidth, height: 2 * (swatchWidth / 7 + (22 - 8) * k))
        let row = swatches.frame.maxY + gap
        let effectsWidth = min(360 * k, b.width - 3 * gap - 160 * k)
        effects.frame = CGRect(x: swatches.frame.minX, y: row, width: max(100, effectsWidth), height: 200 * k)
        if badgeScale != k {
            badgeScale = k
            badge.image = Self.makeBadge(hue: hueShift, scale: k)
        }
        badge.bounds = CGRect(x: 0, y: 0, width: 140 * k, height: 140 * k)
        badge.center = CGPoint(x: min(b.width - gap - 80 * k, effects.frame.maxX + gap + 80 * k), y: row + 100 * k)
        // One line when it fits, else wrapped (a 640-point window) and raised to stay whole.
        caption.font = .systemFont(ofSize: 15 * k)
        let captionHeight = max(22 * k, caption.sizeThatFits(CGSize(width: b.width - 24, height: 200 * k)).height)
        caption.frame = CGRect(x: 12, y: b.height - 10 * k - captionHeight, width: b.width - 24, height: captionHeight)
    }

    /// The badge turns a full turn every 6 s, forever.
    private func spin() {
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0
        turn.toValue = 2 * CGFloat.pi
        turn.duration = 6
        turn.repeatCount = .infinity
        badge.layer.add(turn, forKey: "spin")
    }

    private func shiftColours() {
        hueShift = (hueShift + 0.17).truncatingRemainder(dividingBy: 1)
        swatches.hueShift = hueShift
        effects.hueShift = hueShift
        badge.image = Self.makeBadge(hue: hueShift)
    }

    /// A round badge drawn off screen: a radial gradient disc with a ring, a star cut out of it
    /// with the clear blend mode, and a word with a shadow; 140 points across times `scale`.
    static func makeBadge(hue: CGFloat, scale: CGFloat = 1) -> UIImage? {
        let size = CGSize(width: 140 * scale, height: 140 * scale)
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        defer { UIGraphicsEndImageContext() }
        guard let ctx = UIGraphicsGetCurrentContext() else { return nil }
        ctx.scaleBy(x: scale, y: scale)   // drawn in the 140-point badge's coordinates
        let centre = CGPoint(x: 70, y: 70)
        let inner = UIColor(hue: hue, saturation: 0.5, brightness: 1, alpha: 1).cgColor
        let outer = UIColor(hue: (hue + 0.1).truncatingRemainder(dividingBy: 1), saturation: 0.9, brightness: 0.7, alpha: 1).cgColor
        if let g = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [inner, outer], locations: [0, 1]) {
            ctx.saveGState()
            ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 132, height: 132))
            ctx.clip()
            ctx.drawRadialGradient(g, startCenter: centre, startRadius: 0, endCenter: centre, endRadius: 66, options: [.drawsAfterEndLocation])
            ctx.restoreGState()
        }
        ctx.setStrokeColor(UIColor.white.cgColor)
        ctx.setLineWidth(4)
        ctx.setLineDash(phase: 0, lengths: [10, 6])
        ctx.strokeEllipse(in: CGRect(x: 12, y: 12, width: 116, height: 116))
        ctx.setLineDash(phase: 0, lengths: [])
        ctx.setBlendMode(.clear)
        ctx.addPath(DrawingPaths.star(centre: CGPoint(x: 70, y: 48), radius: 16))
        ctx.fillPath()
        ctx.setBlendMode(.normal)
        ctx.setShadow(offset: CGSize(width: 0, height: 2), blur: 3, color: UIColor(white: 0, alpha: 0.6).cgColor)
        let word = "CG" as NSString
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 30), .foregroundColor: UIColor.white, .kern: 2]
        let w = word.size(withAttributes: attributes)
        word.draw(at: CGPoint(x: 70 - w.width / 2, y: 78), withAttributes: attributes)
        return UIGraphicsGetImageFromCurrentImageContext()
    }
}
