// The scene menu: a card per scene with its name and summary, in a grid that follows the window.
// Mouse: click a card. Keyboard: arrows move the selection, Enter opens. Controller: D-pad moves,
// A opens (or point with the stick and press A on a card).
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

    init() {}

    func setUp(size: CGSize, time: Double) {
        rootLayer.backgroundColor = CGColor(hex: 0x111116)
        title.string = "Flipbook — choose a scene"
        title.fontSize = 26
        title.foregroundColor = CGColor.white
        rootLayer.addSublayer(title)
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
            summary.foregroundColor = CGColor(gray: 0.7, alpha: 1)
            card.addSublayer(name)
            card.addSublayer(summary)
            rootLayer.addSublayer(card)
            cards.append(card)
        }
        resize(to: size)
        highlight()
    }

    func resize(to size: CGSize) {
        CATransaction.performWithoutAnimation {
            title.frame = CGRect(x: 32, y: 24, width: size.width - 64, height: 36)
            let cardW = 300.0, cardH = 120.0, gap = 20.0
            columns = max(1, Int((size.width - 64 + gap) / (cardW + gap)))
            for (i, card) in cards.enumerated() {
                let x = 32 + Double(i % columns) * (cardW + gap), y = 84 + Double(i / columns) * (cardH + gap)
                card.frame = CGRect(x: x, y: y, width: cardW, height: cardH)
                card.sublayers?[0].frame = CGRect(x: 18, y: 14, width: cardW - 36, height: 30)
                card.sublayers?[1].frame = CGRect(x: 18, y: 50, width: cardW - 36, height: cardH - 60)
            }
        }
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
            if let i = cards.firstIndex(where: { $0.frame.contains(p) }) { selected = i; chosen = choices[i] }
            else if padAHeld { chosen = choices[selected] }
            padAHeld = false
        default: return
        }
        highlight()
    }

    /// The scene picked by the last event, once.
    func takeChoice() -> Scene.Type? {
        defer { chosen = nil }
        return chosen
    }
}
