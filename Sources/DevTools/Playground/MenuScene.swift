// The scene menu: a card per scene with its name and summary, in a centred grid that follows the
// window (cards 250–340 wide, as many columns as fit), scrolled when the cards do not fit.
// Mouse: click a card, the wheel scrolls. Keyboard: arrows move the selection (scrolled into view),
// Enter opens. Controller: D-pad moves, A opens (or point with the stick and press A on a card).
import Flipbook

final class MenuScene: Scene {
    static let name = "menu"
    static let summary = "Choose a scene"

    let rootLayer = CALayer()
    var choices: [Scene.Type] = []
    private var cards: [CALayer] = []
    private var selected = 0
    private var chosen: Scene.Type?
    private var padAHeld = false
    private var columns = 1
    private let title = CATextLayer()
    private let hint = CATextLayer()
    /// The cards, scrolled by its bounds' origin, clipped below the title.
    private let content = CALayer()
    private var scrollY = 0.0
    private var contentHeight = 0.0
    static let cardHeight = 118.0

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x111116)
        title.string = "Flipbook — choose a scene"
        title.fontSize = 26
        title.foregroundColor = CGColor.white
        rootLayer.addSublayer(title)
        hint.string = "\u{201C}Seed 001\u{201D} marks a scene rebuilt from the articles Flipbook grew from. Esc goes back, Ctrl-Q quits."
        hint.fontSize = 13
        hint.truncationMode = .end
        hint.foregroundColor = CGColor(gray: 0.6, alpha: 1)
        rootLayer.addSublayer(hint)
        content.masksToBounds = true
        rootLayer.addSublayer(content)
        for type in choices {
            let card = CALayer()
            card.name = "card-\(type.name)"
            card.backgroundColor = CGColor(hex: 0x2C2C34)
            card.cornerRadius = 16
            let name = CATextLayer()
            name.string = type.name
            name.fontSize = 22
            name.foregroundColor = CGColor.white
            let summary = CATextLayer()
            summary.string = type.summary
            summary.fontSize = 13
            summary.isWrapped = true
            summary.truncationMode = .end     // the lines that fit, the last one ending in "…"
            summary.foregroundColor = CGColor(gray: 0.7, alpha: 1)
            card.addSublayer(name)
            card.addSublayer(summary)
            content.addSublayer(card)
            cards.append(card)
        }
        resize(to: size)
        highlight()
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            let margin = size.width < 700 ? 16.0 : 32.0, gap = size.width < 700 ? 14.0 : 20.0
            let available = max(1, size.width - 2 * margin)
            columns = max(1, Int((available + gap) / (250 + gap)))
            let cardW = min(340, (available - gap * Double(columns - 1)) / Double(columns)), cardH = Self.cardHeight
            let gridW = Double(columns) * cardW + gap * Double(columns - 1)
            let x0 = max(0, (size.width - gridW) / 2)
            title.frame = CGRect(x: x0, y: 20, width: gridW, height: 34)
            hint.frame = CGRect(x: x0, y: 56, width: gridW, height: 18)
            let top = 84.0
            content.frame = CGRect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
            for (i, card) in cards.enumerated() {
                let x = x0 + Double(i % columns) * (cardW + gap), y = 4 + Double(i / columns) * (cardH + gap)
                card.frame = CGRect(x: x, y: y, width: cardW, height: cardH)
                card.sublayers?[0].frame = CGRect(x: 18, y: 12, width: cardW - 36, height: 30)
                card.sublayers?[1].frame = CGRect(x: 18, y: 46, width: cardW - 36, height: cardH - 54)
            }
            let rows = (cards.count + columns - 1) / columns
            contentHeight = 8 + Double(rows) * (cardH + gap)
            scroll(to: scrollY)
        }
    }

    /// Scrolls the cards to `y` (clamped to what there is to see).
    private func scroll(to y: Double) {
        scrollY = max(0, min(y, contentHeight - content.bounds.height))
        content.bounds.origin.y = scrollY
    }

    /// Scrolls just enough for the selected card to be seen (animated: an implicit bounds animation).
    private func revealSelection() {
        guard cards.indices.contains(selected) else { return }
        let f = cards[selected].frame, h = content.bounds.height
        if f.minY - 4 < scrollY { scroll(to: f.minY - 4) } else if f.maxY + 4 > scrollY + h { scroll(to: f.maxY + 4 - h) }
    }

    /// The card under `p` (root coordinates), through the scroll.
    private func card(at p: CGPoint) -> Int? {
        guard content.frame.contains(p) else { return nil }
        let q = CGPoint(x: p.x - content.frame.minX, y: p.y - content.frame.minY + scrollY)
        return cards.firstIndex { $0.frame.contains(q) }
    }

    private func highlight() {
        for (i, card) in cards.enumerated() {
            card.borderWidth = i == selected ? 3 : 0
            card.borderColor = CGColor(hex: 0x0A84FF)
        }
    }

    func handle(_ event: InputEvent, at time: Double) {
        guard !cards.isEmpty else { return }
        switch event {
        case .key(.right, true), .padButton(.dpadRight, true): selected = min(cards.count - 1, selected + 1)
        case .key(.left, true), .padButton(.dpadLeft, true): selected = max(0, selected - 1)
        case .key(.down, true), .padButton(.dpadDown, true): selected = min(cards.count - 1, selected + columns)
        case .key(.up, true), .padButton(.dpadUp, true): selected = max(0, selected - columns)
        case .key(.enter, true): chosen = choices[selected]
        case .padButton(.a, true): padAHeld = true
        case .pointerUp(let p):
            // A touch on a card opens it; A pressed away from the cards opens the selected one.
            if let i = card(at: p) { selected = i; chosen = choices[i] }
            else if padAHeld { chosen = choices[selected] }
            padAHeld = false
        case .wheel(_, let delta):
            CATransaction.performWithoutAnimation { scroll(to: scrollY + Double(delta.dy)) }
            return
        default: return
        }
        highlight()
        revealSelection()
    }

    /// The scene picked by the last event, once.
    func takeChoice() -> Scene.Type? {
        defer { chosen = nil }
        return chosen
    }
}
