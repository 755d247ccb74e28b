// transitions — seed 001's transitions.
//
// Demonstrates: UIView.transition(with:duration:options:animations:) as a real 3D flip from each
// side (perspective, back face hidden), a page curl up and down, and a cross-dissolve; CATransition's
// fade, moveIn, push and reveal on plain layers, the subtype turning with each change. Every 2 s all
// cards change their content under their transition; a tap changes them at once.
import Flipbook

final class TransitionsScene: UIViewController, Scene {
    static let name = "transitions"
    static let summary = "Seed 001: UIView.transition flips, curls and dissolve; CATransition fade, moveIn, push, reveal"
    static let menuSection: SceneSection = .fromTheArticles
    static let viewOptions: [(String, UIView.AnimationOptions)] = [
        ("flip left", .transitionFlipFromLeft), ("flip right", .transitionFlipFromRight), ("flip top", .transitionFlipFromTop),
        ("flip bottom", .transitionFlipFromBottom), ("curl up", .transitionCurlUp), ("curl down", .transitionCurlDown),
        ("dissolve", .transitionCrossDissolve),
    ]
    static let layerTypes: [(String, CATransitionType)] = [("fade", .fade), ("moveIn", .moveIn), ("push", .push), ("reveal", .reveal)]
    static let subtypes: [CATransitionSubtype] = [.fromRight, .fromBottom, .fromLeft, .fromTop]
    static let palette: [UIColor] = [.systemBlue, .systemOrange]

    private var cards: [(UIView, UILabel)] = []
    private var tiles: [(CALayer, CATextLayer)] = []
    private var titles: [UILabel] = []
    private var flipped = false
    private var changes = 0
    private var timer: Timer?
    private let caption = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.1, alpha: 1)
        for (name, _) in Self.viewOptions {
            let card = UIView()
            card.layer.cornerRadius = 10
            card.backgroundColor = Self.palette[0]
            let label = UILabel()
            label.text = "A"
            label.font = .boldSystemFont(ofSize: 30)
            label.textColor = .white
            label.textAlignment = .center
            card.addSubview(label)
            view.addSubview(card)
            cards.append((card, label))
            titles.append(makeTitle(name))
        }
        for (name, _) in Self.layerTypes {
            let tile = CALayer()
            tile.backgroundColor = Self.palette[0].cgColor
            let text = CATextLayer()
            text.string = "A"
            text.fontSize = 30
            text.font = "bold"
            text.alignmentMode = .center
            tile.addSublayer(text)
            view.layer.addSublayer(tile)
            tiles.append((tile, text))
            titles.append(makeTitle(name))
        }
        caption.text = "UIView.transition (top) and CATransition (bottom) — every 2 s, or tap"
        caption.textAlignment = .center
        caption.font = .systemFont(ofSize: 14)
        caption.textColor = .lightGray
        view.addSubview(caption)
        view.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.change() })
        timer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true) { [weak self] _ in self?.change() }
    }

    private func makeTitle(_ text: String) -> UILabel {
        let l = UILabel()
        l.text = text
        l.textAlignment = .center
        l.font = .systemFont(ofSize: 13)
        l.textColor = .lightGray
        view.addSubview(l)
        return l
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds
        let side = min(120, (b.width - 40) / 7 - 16)
        func place(_ i: Int, of n: Int, row y: CGFloat) -> CGRect {
            let gap = (b.width - CGFloat(n) * side) / CGFloat(n + 1)
            return CGRect(x: gap + CGFloat(i) * (side + gap), y: y, width: side, height: side)
        }
        UIView.performWithoutAnimation {
            for (i, (card, label)) in cards.enumerated() {
                card.frame = place(i, of: cards.count, row: b.height * 0.18)
                label.frame = CGRect(x: 0, y: side / 2 - 20, width: side, height: 40)
                titles[i].frame = CGRect(x: card.frame.minX - 10, y: card.frame.maxY + 8, width: side + 20, height: 18)
            }
            for (i, (tile, text)) in tiles.enumerated() {
                tile.frame = place(i, of: tiles.count, row: b.height * 0.58)
                text.frame = CGRect(x: 0, y: side / 2 - 20, width: side, height: 40)
                let title = titles[cards.count + i]
                title.frame = CGRect(x: tile.frame.minX - 10, y: tile.frame.maxY + 8, width: side + 20, height: 18)
            }
            caption.frame = CGRect(x: 0, y: b.height - 30, width: b.width, height: 22)
        }
    }

    /// Every card and tile swaps A/blue for B/orange (and back) under its transition.
    func change() {
        flipped.toggle()
        changes += 1
        let color = Self.palette[flipped ? 1 : 0], letter = flipped ? "B" : "A"
        for (i, (card, label)) in cards.enumerated() {
            UIView.transition(with: card, duration: 1, options: Self.viewOptions[i].1, animations: {
                card.backgroundColor = color
                label.text = letter
            })
        }
        for (i, (tile, text)) in tiles.enumerated() {
            let t = CATransition()
            t.type = Self.layerTypes[i].1
            t.subtype = Self.subtypes[changes % Self.subtypes.count]
            t.duration = 1
            tile.add(t, forKey: kCATransition)
            CATransaction.performWithoutAnimation {
                tile.backgroundColor = color.cgColor
                text.string = letter
            }
        }
    }
}
