import Flipbook

/// The menu's input: the selection moved by arrows and the D-pad through the shown cards' rows,
/// Enter, a click or A opening a card, the wheel scrolling, and typing filtering the cards.
///
/// Typing: letters and digits (and spaces between words) are added to the filter, Backspace takes
/// the last one off, Escape or the pad's B clears it (`clearFilter()`, which the playground asks
/// before Escape quits; B never quits). The playground counts the menu as taking text (`Playground.isTakingTextInput`), so
/// letters reach it instead of being playground keys (H, I, S, R, D, A, space).
extension MenuScene {
    func handle(_ event: InputEvent, at time: Double) {
        now = time
        switch event {
        case .key(.character(let c), true) where c.isLetter || c.isNumber:
            setFilter(filter + String(c))
            return
        case .key(.space, true) where !filter.isEmpty && filter.last != " ":
            filter += " "   // between words; nothing is shown differently until the next letter
            layOut()
            return
        case .key(.backspace, true):
            if !filter.isEmpty { setFilter(String(filter.dropLast())) }
            return
        default: break
        }
        guard !rows.isEmpty else { return }
        switch event {
        case .key(.right, true), .padButton(.dpadRight, true): step(by: 1)
        case .key(.left, true), .padButton(.dpadLeft, true): step(by: -1)
        case .key(.down, true), .padButton(.dpadDown, true): moveRow(by: 1)
        case .key(.up, true), .padButton(.dpadUp, true): moveRow(by: -1)
        case .key(.enter, true): chosen = cards[selected].type
        case .padButton(.a, true): padAHeld = true
        case .pointerUp(let p):
            // A touch on a card opens it; A pressed away from the cards opens the selected one.
            if let i = card(at: p) { selected = i; chosen = cards[i].type }
            else if padAHeld { chosen = cards[selected].type }
            padAHeld = false
        case .wheel(_, let delta):
            CATransaction.performWithoutAnimation { scroll(to: scrollY + Double(delta.dy)) }
            updatePreviews()
            return
        default: return
        }
        highlight()
        revealSelection()
        updatePreviews()
    }

    /// Clears the filter; false when there was none (Escape then goes back or quits).
    func clearFilter() -> Bool {
        guard !filter.isEmpty else { return false }
        setFilter("")
        return true
    }

    /// Filters by `text` and lays the shown cards out from the top.
    private func setFilter(_ text: String) {
        filter = text
        CATransaction.performWithoutAnimation {
            layOut()
            scroll(to: 0)
            highlight()
        }
        revealSelection()
        updatePreviews()
    }

    /// The next or previous shown card in screen order.
    private func step(by offset: Int) {
        let order = Array(rows.joined())
        guard let k = order.firstIndex(of: selected) else { selected = order[0]; return }
        selected = order[max(0, min(order.count - 1, k + offset))]
    }

    /// The card in the same column of the next or previous row (its last when that row is shorter).
    private func moveRow(by offset: Int) {
        guard let r = rows.firstIndex(where: { $0.contains(selected) }), let column = rows[r].firstIndex(of: selected) else {
            selected = rows[0][0]; return
        }
        let target = max(0, min(rows.count - 1, r + offset))
        selected = rows[target][min(column, rows[target].count - 1)]
    }
}
