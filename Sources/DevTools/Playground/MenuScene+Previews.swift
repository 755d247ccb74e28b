import Flipbook

/// The cards' live pictures, kept cheap: each is a `ScenePreview` drawn at the card's picture size
/// (about a fifth of the window across), a few times a second (`previewRate`), only while its
/// card is on screen, and at most `maxRendersPerSecond` pictures a second for all cards together,
/// one per menu frame at most — so the menu's cost does not grow with the number of scenes.
///
/// One media-clock timer on the menu's engine wakes the menu when the next picture is due; each
/// firing draws the most overdue visible card's picture and arms the timer again. A card whose
/// scene shows nothing new (no animation running, no timer, no demo input due) is not drawn again
/// until it would change; a card scrolled out of view or filtered out drops its preview (its scene
/// is torn down) and keeps its last picture. A window resize drops every preview (they were laid
/// out for the old size). Pictures are drawn in the menu's `.timers` phase, so a new picture is
/// committed and composited in the same frame, and damage is only the card's picture.
///
/// The pictures show the appearance (light or dark) of the menu's engine — its
/// `UIScreen.main.userInterfaceStyle`, which `--appearance dark` and A in a scene set, and the menu
/// keeps across scenes: a preview is made in it, and when it changes while the menu is up (seen
/// at the menu's next frame, `followAppearance`) every preview takes the new one, as a running app
/// does, and each visible card is drawn again at once (within the rate limits), still ones too.
extension MenuScene {
    /// Pictures a second per card, at most.
    static let previewRate = 4.0
    /// Pictures a second for all cards together, at most.
    static let maxRendersPerSecond = 30.0

    /// The shown cards whose picture is at least partly inside the scrolled view, in screen order.
    func visibleCards() -> [Int] {
        let view = CGRect(x: 0, y: scrollY, width: Double(content.bounds.width), height: Double(content.bounds.height))
        return rows.joined().filter { i in
            let card = cards[i].layer.frame, picture = cards[i].picture.frame
            let r = CGRect(x: card.minX + picture.minX, y: card.minY + picture.minY, width: picture.width, height: picture.height)
            return r.intersects(view) && r.width > 0 && r.height > 0
        }
    }

    /// Drops the previews of cards no longer visible and arms the timer for the next picture due.
    func updatePreviews() {
        let visible = Set(visibleCards())
        for i in cards.indices where !visible.contains(i) && cards[i].preview != nil {
            cards[i].preview = nil
            cards[i].due = 0     // drawn at once when it comes back
        }
        armPreviewTimer(visible: visible)
    }

    /// Gives a changed appearance of the menu's engine to every preview and has the visible cards
    /// drawn again (a still scene's card would otherwise keep its old picture); nothing when it
    /// is the one the previews have.
    func followAppearance() {
        let style = UIScreen.main.userInterfaceStyle
        guard style != previewStyle else { return }
        previewStyle = style
        for i in cards.indices {
            cards[i].preview?.style = style
            cards[i].due = min(cards[i].due, now)
        }
        updatePreviews()
    }

    /// Drops every preview (the window changed size: they were laid out for the old one).
    func dropPreviews() {
        for i in cards.indices { cards[i].preview = nil; cards[i].due = 0 }
    }

    private func armPreviewTimer(visible: Set<Int>) {
        previewTimer?.invalidate()
        previewTimer = nil
        guard let next = visible.map({ cards[$0].due }).min(), next.isFinite else { return }
        let at = max(next, lastPictureTime + 1 / Self.maxRendersPerSecond)
        previewTimer = MediaTimer(interval: at - CACurrentMediaTime(), repeats: false) { [weak self] _ in self?.previewTimerFired() }
    }

    /// Draws the most overdue visible card's picture, then arms the timer for the next.
    private func previewTimerFired() {
        previewTimer = nil
        now = CACurrentMediaTime()
        let visible = visibleCards()
        if let i = visible.filter({ cards[$0].due <= now + 1e-9 }).min(by: { (cards[$0].due, $0) < (cards[$1].due, $1) }) {
            drawPicture(i)
            lastPictureTime = now
        }
        armPreviewTimer(visible: Set(visible))
    }

    /// Runs card `i`'s preview to the menu's time and shows its frame; makes the preview first
    /// when the card has none or its demo has played out.
    private func drawPicture(_ i: Int) {
        let frame = cards[i].picture.frame
        if cards[i].preview.map({ $0.isSpent(at: now - cards[i].previewStart) }) ?? true {
            cards[i].preview = ScenePreview(cards[i].type, windowSize: size,
                                            pixelWidth: Int((Double(frame.width) * pixelScale).rounded()),
                                            pixelHeight: Int((Double(frame.height) * pixelScale).rounded()),
                                            style: previewStyle)
            cards[i].previewStart = now
        }
        guard let preview = cards[i].preview else {
            cards[i].due = .infinity   // a size that cannot be drawn: the card keeps its background
            return
        }
        if let bitmap = preview.frame(at: now - cards[i].previewStart) {
            CATransaction.performWithoutAnimation {
                cards[i].picture.contents = CGImage(bitmap: bitmap)
                cards[i].picture.contentsScale = pixelScale
            }
            cards[i].renders += 1
        }
        let change = preview.nextChange.map { cards[i].previewStart + $0 } ?? .infinity
        cards[i].due = max(now + 1 / Self.previewRate, change)
    }
}
