// The scene menu: a card per scene with a live picture of it, its name and summary, in sections —
// "From the articles" (the seed scenes), "Your scenes", "Tools and demos" (`Scene.menuSection`;
// empty ones are not shown) — in a centred grid that follows the window (cards 250–340 wide, as
// many columns as fit), scrolled when the cards do not fit.
// Mouse: click a card, the wheel scrolls. Keyboard: typing filters the cards by name and summary
// (MenuScene+Input.swift), arrows move the selection (scrolled into view), Enter opens.
// Controller: D-pad moves, A opens (or point with the stick and press A on a card).
// The pictures: MenuScene+Previews.swift.
import Flipbook
import RasterIO

final class MenuScene: Scene {
    static let name = "menu"
    static let summary = "Choose a scene"

    /// One scene's card and its parts.
    struct Card {
        let type: Scene.Type
        let layer = CALayer()
        /// The scene's live picture (`contents`), or its background until the first one.
        let picture = CALayer()
        let name = CATextLayer()
        let summary = CATextLayer()
        /// Drawing the picture; nil while the card is off screen or filtered out.
        var preview: ScenePreview?
        /// The menu time the preview began at (its own time 0).
        var previewStart = 0.0
        /// The menu time its picture is next drawn at; infinity when it shows nothing new.
        var due = 0.0
        /// Pictures drawn so far (tests count them).
        var renders = 0
    }

    let rootLayer = CALayer()
    /// The scenes listed, in registry order (set before `setUp`).
    var choices: [Scene.Type] = []
    /// Pixels per point of the window (the pictures are drawn at it). Default: 1.
    var pixelScale = 1.0 { didSet { if !(pixelScale.isFinite && pixelScale > 0) { pixelScale = 1 } } }
    var cards: [Card] = []
    /// The index of the selected card in `cards`; always a shown one when any is.
    var selected = 0
    var chosen: Scene.Type?
    var padAHeld = false
    /// The shown cards (by index in `cards`) in rows, in screen order.
    private(set) var rows: [[Int]] = []
    /// Typed text the cards are filtered by (MenuScene+Input.swift).
    var filter = ""
    let title = CATextLayer()
    let hint = CATextLayer()
    /// The cards, scrolled by its bounds' origin, clipped below the title.
    let content = CALayer()
    /// A heading per section, and the line under the articles' heading.
    private var headings: [SceneSection: CATextLayer] = [:]
    private let articlesNote = CATextLayer()
    /// "No scene matches" when the filter leaves nothing.
    let nothing = CATextLayer()
    var scrollY = 0.0
    private var contentHeight = 0.0
    var size = CGSize(width: 1280, height: 720)
    /// The menu's media time now (the last setUp, input or update).
    var now = 0.0
    var previewTimer: MediaTimer?
    /// The menu time the last picture was drawn at.
    var lastPictureTime = -Double.infinity
    /// The appearance the previews are given (the menu's engine's, as of its last frame; see
    /// `followAppearance`).
    var previewStyle = UIUserInterfaceStyle.light

    init() {}

    func setUp(size: CGSize, time: Double) {
        now = time
        previewStyle = UIScreen.main.userInterfaceStyle
        rootLayer.backgroundColor = CGColor(hex: 0x111116)
        title.fontSize = 26
        title.truncationMode = .end
        title.foregroundColor = CGColor.white
        rootLayer.addSublayer(title)
        hint.fontSize = 13
        hint.truncationMode = .end
        hint.foregroundColor = CGColor(gray: 0.6, alpha: 1)
        rootLayer.addSublayer(hint)
        content.masksToBounds = true
        rootLayer.addSublayer(content)
        for section in SceneSection.allCases {
            let heading = CATextLayer()
            heading.name = "section-\(section)"
            heading.string = section.title
            heading.fontSize = 18
            heading.foregroundColor = CGColor(gray: 0.85, alpha: 1)
            content.addSublayer(heading)
            headings[section] = heading
        }
        articlesNote.string = "Rebuilt from the seed articles, the Vietnamese articles on iOS animation that Flipbook grew from; \u{201C}Seed 001\u{201D} names the article."
        articlesNote.fontSize = 13
        articlesNote.truncationMode = .end
        articlesNote.foregroundColor = CGColor(gray: 0.6, alpha: 1)
        content.addSublayer(articlesNote)
        nothing.fontSize = 15
        nothing.isWrapped = true
        nothing.foregroundColor = CGColor(gray: 0.7, alpha: 1)
        content.addSublayer(nothing)
        // Sections in menu order, each in registry order.
        for type in choices.enumerated().sorted(by: { ($0.element.menuSection, $0.offset) < ($1.element.menuSection, $1.offset) }).map(\.element) {
            let card = Card(type: type)
            card.layer.name = "card-\(type.name)"
            card.layer.backgroundColor = CGColor(hex: 0x2C2C34)
            card.layer.cornerRadius = 16
            card.picture.name = "picture"
            card.picture.backgroundColor = CGColor(hex: 0x000000)
            card.picture.cornerRadius = 8
            card.picture.masksToBounds = true
            card.name.string = type.name
            card.name.fontSize = 20
            card.name.foregroundColor = CGColor.white
            card.summary.string = type.summary
            card.summary.fontSize = Self.summaryFontSize
            card.summary.isWrapped = true
            card.summary.truncationMode = .end     // the lines that fit, the last one ending in "…"
            card.summary.foregroundColor = CGColor(gray: 0.7, alpha: 1)
            card.layer.addSublayer(card.picture)
            card.layer.addSublayer(card.name)
            card.layer.addSublayer(card.summary)
            content.addSublayer(card.layer)
            cards.append(card)
        }
        resize(to: size)
        highlight()
    }

    /// Shown: the cards whose name or summary has every word of the filter (ignoring case and accents).
    func isShown(_ card: Card) -> Bool {
        let words = filter.split(separator: " ")
        guard !words.isEmpty else { return true }
        let text = card.type.name + " " + card.type.summary
        return words.allSatisfy { text.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    func resize(to size: CGSize) {
        if size != self.size { dropPreviews() }
        self.size = size
        CATransaction.performWithoutAnimation { layOut() }
        updatePreviews()
    }

    /// Places the title, the sections and the shown cards for the window's size and the filter.
    func layOut() {
        let margin = size.width < 700 ? 16.0 : 32.0, gap = size.width < 700 ? 14.0 : 20.0
        let available = max(1, size.width - 2 * margin)
        let columns = max(1, Int((available + gap) / (250 + gap)))
        let cardW = min(340, (available - gap * Double(columns - 1)) / Double(columns))
        let gridW = Double(columns) * cardW + gap * Double(columns - 1)
        let x0 = max(0, (size.width - gridW) / 2)
        title.string = filter.isEmpty ? "Flipbook \u{2014} choose a scene" : "Scenes matching \u{201C}\(filter)\u{201D}"
        hint.string = filter.isEmpty
            ? "Type to filter. Arrows or D-pad, Enter or A: open. Esc or B: back (here: quit). Ctrl-Q quits."
            : "Backspace edits, Esc or B clears the filter. Arrows or D-pad, Enter or A: open."
        title.frame = CGRect(x: x0, y: 20, width: gridW, height: 34)
        hint.frame = CGRect(x: x0, y: 56, width: gridW, height: 18)
        let top = 84.0
        content.frame = CGRect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
        // The picture keeps the window's shape (what the scene will look like when opened).
        let aspect = min(1, max(0.3, Double(size.height) / max(1, Double(size.width))))
        let pictureW = max(0, cardW - 20), pictureH = (pictureW * aspect).rounded()
        let summaryH = Self.summaryHeight(pixelScale: pixelScale)
        let cardH = 10 + pictureH + 6 + 28 + summaryH + 12
        var y = 4.0
        rows = []
        for card in cards { card.layer.isHidden = true }
        for heading in headings.values { heading.isHidden = true }
        articlesNote.isHidden = true
        for section in SceneSection.allCases {
            let shown = cards.indices.filter { cards[$0].type.menuSection == section && isShown(cards[$0]) }
            guard !shown.isEmpty, let heading = headings[section] else { continue }
            heading.isHidden = false
            heading.frame = CGRect(x: x0, y: y, width: gridW, height: 26)
            y += 28
            if section == .fromTheArticles {
                articlesNote.isHidden = false
                articlesNote.frame = CGRect(x: x0, y: y, width: gridW, height: 18)
                y += 22
            }
            y += 4
            for start in stride(from: 0, to: shown.count, by: columns) {
                let row = Array(shown[start..<min(shown.count, start + columns)])
                for (column, i) in row.enumerated() {
                    let c = cards[i]
                    c.layer.isHidden = false
                    c.layer.frame = CGRect(x: x0 + Double(column) * (cardW + gap), y: y, width: cardW, height: cardH)
                    c.picture.frame = CGRect(x: 10, y: 10, width: pictureW, height: pictureH)
                    c.name.frame = CGRect(x: 14, y: 10 + pictureH + 6, width: cardW - 28, height: 28)
                    c.summary.frame = CGRect(x: 14, y: 10 + pictureH + 6 + 28, width: cardW - 28, height: summaryH)
                }
                rows.append(row)
                y += cardH + gap
            }
            y += 8
        }
        nothing.isHidden = !rows.isEmpty
        nothing.string = "No scene matches \u{201C}\(filter)\u{201D}. Backspace edits, Esc clears the filter."
        nothing.frame = CGRect(x: x0, y: 8, width: gridW, height: 44)
        contentHeight = y
        if !rows.isEmpty && !rows.joined().contains(selected) { selected = rows[0][0] }
        scroll(to: scrollY)
    }

    /// The summary's 13-point type.
    static let summaryFontSize = 13.0

    /// The height in points of two lines of the summary as a text layer draws them at
    /// `pixelScale` pixels per point (each line is the face's line height in whole pixels at
    /// that size). A hundredth of a pixel less, so that the layer's height in pixels, rounded up,
    /// is the two lines exactly: one pixel more would let a third line start inside it and show
    /// its top, cut.
    ///
    /// The card's box is sized to the text, not the text layer's rule changed: Apple documents no
    /// rule for a `CATextLayer` line that only partly fits, while Core Text's frames (which show
    /// only lines that fit whole) and UILabel (which sizes its box to its lines) both mean a box
    /// as tall as the lines it shows. Flipbook's text layer shows a line that starts inside its
    /// height, cut if it must be (`FontLibrary.rasterize`); the 30-point box this replaced was
    /// two 15-point lines, but a 13-pixel line of DejaVu Sans is 16 pixels, so the second line's
    /// descenders fell outside and were cut.
    static func summaryHeight(pixelScale: Double) -> Double {
        let px = max(1, Int((summaryFontSize * pixelScale).rounded(.toNearestOrAwayFromZero)))
        let line = FontLibrary.shared.lineHeight(face: .regular, pixelSize: px)
        guard line > 0 else { return 2 * summaryFontSize * 1.2 }   // no font installed: nothing is drawn anyway
        return (Double(2 * line) - 0.01) / pixelScale
    }

    /// Scrolls the cards to `y` (clamped to what there is to see).
    func scroll(to y: Double) {
        scrollY = max(0, min(y, contentHeight - content.bounds.height))
        content.bounds.origin.y = scrollY
    }

    /// Scrolls just enough for the selected card to be seen (animated: an implicit bounds animation).
    func revealSelection() {
        guard cards.indices.contains(selected), !cards[selected].layer.isHidden else { return }
        let f = cards[selected].layer.frame, h = content.bounds.height
        if f.minY - 4 < scrollY { scroll(to: f.minY - 4) } else if f.maxY + 4 > scrollY + h { scroll(to: f.maxY + 4 - h) }
    }

    /// The shown card under `p` (root coordinates), through the scroll.
    func card(at p: CGPoint) -> Int? {
        guard content.frame.contains(p) else { return nil }
        let q = CGPoint(x: p.x - content.frame.minX, y: p.y - content.frame.minY + scrollY)
        return cards.firstIndex { !$0.layer.isHidden && $0.layer.frame.contains(q) }
    }

    func highlight() {
        for (i, card) in cards.enumerated() {
            card.layer.borderWidth = i == selected ? 3 : 0
            card.layer.borderColor = CGColor(hex: 0x0A84FF)
        }
    }

    /// Each menu frame: the previews follow a changed appearance.
    func update(at time: Double) {
        now = time
        followAppearance()
    }

    /// The scene picked by the last event, once.
    func takeChoice() -> Scene.Type? {
        defer { chosen = nil }
        return chosen
    }

    /// The previews stop: the playground opened another scene or went away.
    func tearDown() {
        previewTimer?.invalidate()
        previewTimer = nil
        for i in cards.indices { cards[i].preview = nil }
    }
}
