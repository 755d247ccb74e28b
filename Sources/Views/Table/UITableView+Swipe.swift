import Foundation
import Layers

/// Swipe actions: a horizontal drag on a row slides its content aside over the buttons of the
/// delegate's leading or trailing configuration. Released past half the buttons' width (or
/// flicked that way faster than 300 points per second) it opens to show them whole, else closes;
/// swiped past the whole row's width less 60 points with `performsFirstActionWithFullSwipe`, the
/// first action runs. Opening and closing animate over 0.3 s ease out (iOS springs without
/// overshoot in about that time; Apple documents no timing). A tap on a button runs its handler;
/// a tap elsewhere, or a scroll, closes the row.
extension UITableView {
    /// The state of the row whose actions show.
    final class Swipe {
        let indexPath: IndexPath
        let cell: UITableViewCell
        let configuration: UISwipeActionsConfiguration
        let trailing: Bool
        let pane = UIView()
        var buttons: [UIView] = []
        var widths: [CGFloat] = []
        var offset: CGFloat = 0
        init(_ ip: IndexPath, _ cell: UITableViewCell, _ c: UISwipeActionsConfiguration, trailing: Bool) {
            indexPath = ip; self.cell = cell; configuration = c; self.trailing = trailing
        }
        /// The buttons' total width (each at least 74 points, iOS's).
        var total: CGFloat { widths.reduce(0, +) }
    }

    /// The gate that tells the table's two pans apart: horizontal drags on rows with actions swipe,
    /// the rest scroll.
    final class SwipeGate: NSObject, UIGestureRecognizerDelegate {
        unowned let table: UITableView
        init(_ table: UITableView) { self.table = table }
        func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
            if table.reorder != nil { return false }     // a reorder drag has the touch
            let swipes = table.wantsSwipe()
            return g === table.swipePan ? swipes : !swipes
        }
    }

    /// Installs the swipe pan (once, when the table first has a delegate that may answer).
    func installSwipe() {
        guard swipeGate == nil else { return }
        let gate = SwipeGate(self)
        swipeGate = gate
        swipePan.delegate = gate
        panGestureRecognizer.delegate = gate
        swipePan.addBaseAction { [unowned self] _ in self.handleSwipePan() }
        addGestureRecognizer(swipePan)
    }

    /// Whether the drag now beginning is a swipe: more horizontal than vertical, on a row whose
    /// delegate gives actions for that side.
    func wantsSwipe() -> Bool {
        let t = swipePan.translation(in: self)
        guard abs(t.x) > abs(t.y), let ip = swipeStartRow() else { return false }
        if let open = swipe, open.indexPath == ip { return true }
        guard !isEditing else { return false }
        return configuration(for: ip, trailing: t.x < 0) != nil
    }

    private func swipeStartRow() -> IndexPath? {
        guard let touch = swipePan.touch else { return nil }
        let now = touch.location(in: self), t = swipePan.translation(in: self)
        return indexPathForRow(at: CGPoint(x: now.x - t.x, y: now.y - t.y))
    }

    private func configuration(for ip: IndexPath, trailing: Bool) -> UISwipeActionsConfiguration? {
        let d = tableDelegate
        let c = trailing ? d?.tableView(self, trailingSwipeActionsConfigurationForRowAt: ip)
                         : d?.tableView(self, leadingSwipeActionsConfigurationForRowAt: ip)
        guard let c, !c.actions.isEmpty else { return nil }
        return c
    }

    private func handleSwipePan() {
        let t = swipePan.translation(in: self)
        switch swipePan.state {
        case .began:
            guard let ip = swipeStartRow(), let cell = visible[ip] else { return }
            if let open = swipe, open.indexPath == ip {
                swipeOrigin = open.offset
            } else {
                _ = closeSwipe(animated: true)
                guard let c = configuration(for: ip, trailing: t.x < 0) else { return }
                swipe = makeSwipe(ip, cell, c, trailing: t.x < 0)
                swipeOrigin = 0
            }
            unhighlight()
            setSwipeOffset(swipeOrigin + t.x)
        case .changed:
            setSwipeOffset(swipeOrigin + t.x)
        case .ended, .cancelled:
            guard let s = swipe else { return }
            let v = swipePan.state == .ended ? swipePan.velocity(in: self).x : 0
            let width = s.cell.bounds.width, reach = abs(s.offset)
            let outward: CGFloat = s.trailing ? -1 : 1
            if s.configuration.performsFirstActionWithFullSwipe && reach > width - 60 {
                animateSwipe(to: outward * width) { self.run(s.configuration.actions[0], in: s) }
            } else if reach > s.total / 2 || v * outward > 300 {
                animateSwipe(to: outward * s.total, completion: nil)
            } else {
                _ = closeSwipe(animated: true)
            }
        default: break
        }
    }

    func makeSwipe(_ ip: IndexPath, _ cell: UITableViewCell, _ c: UISwipeActionsConfiguration, trailing: Bool) -> Swipe {
        let s = Swipe(ip, cell, c, trailing: trailing)
        s.pane.clipsToBounds = true
        for a in c.actions {
            let b = UIView()
            b.backgroundColor = a.backgroundColor
            let l = UILabel()
            l.text = a.title
            l.textColor = .white
            l.font = .systemFont(ofSize: 15, weight: .medium)
            l.textAlignment = .center
            b.addSubview(l)
            s.pane.addSubview(b)
            s.buttons.append(b)
            s.widths.append(max(74, l.intrinsicContentSize.width + 30))
        }
        cell.insertSubview(s.pane, belowSubview: cell.contentView)
        cell.swipePane = s.pane
        // The content slides aside inside the cell, as on iOS: clipped to the cell (in an
        // inset-grouped table, to its card) while the swipe shows; the cell's own choice comes
        // back when the swipe has closed.
        if !cell.clipsToBounds { cell.clipsToBounds = true; cell.clipsForSwipe = true }
        return s
    }

    /// Slides the row's content by `x` (negative: left, showing trailing actions) and lays the
    /// buttons out in the uncovered strip, each widened in proportion, as iOS does.
    func setSwipeOffset(_ x: CGFloat) {
        guard let s = swipe else { return }
        let width = s.cell.bounds.width
        var reach = max(0, s.trailing ? -x : x)
        let limit = s.configuration.performsFirstActionWithFullSwipe ? width : s.total
        if reach > limit { reach = limit }
        if reach > s.total && !s.configuration.performsFirstActionWithFullSwipe { reach = s.total + (reach - s.total) * 0.25 }
        s.offset = s.trailing ? -reach : reach
        layoutSwipe(s)
    }

    private func layoutSwipe(_ s: Swipe) {
        let b = s.cell.bounds, reach = abs(s.offset)
        s.cell.contentView.transform = CGAffineTransform(translationX: s.offset, y: 0)
        s.cell.setNeedsLayout()
        s.pane.frame = s.trailing ? CGRect(x: b.width - reach, y: 0, width: reach, height: b.height)
                                  : CGRect(x: 0, y: 0, width: reach, height: b.height)
        let scale = s.total > 0 ? reach / s.total : 0
        // Outermost first: trailing buttons are laid out from the right edge, leading from the left.
        var edge: CGFloat = s.trailing ? reach : 0
        for (i, button) in s.buttons.enumerated() {
            let w = s.widths[i] * scale
            let x = s.trailing ? edge - w : edge
            button.frame = CGRect(x: x, y: 0, width: w, height: b.height)
            // The title stays beside the content's edge as its button widens.
            let lw = s.widths[i]
            button.subviews.first?.frame = CGRect(x: s.trailing ? 0 : w - lw, y: 0, width: lw, height: b.height)
            edge = s.trailing ? edge - w : edge + w
        }
    }

    func animateSwipe(to x: CGFloat, completion: (() -> Void)?) {
        guard swipe != nil else { return }
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: {
            self.setSwipeOffset(x)
            if let s = self.swipe { s.cell.layoutIfNeeded() }
        }, completion: { _ in completion?() })
    }

    /// Editing mode's delete confirmation: the row slides open on one Delete button, which
    /// commits the deletion through the data source (`commit(.delete, forRowAt:)`).
    func revealDelete(at ip: IndexPath, cell: UITableViewCell) {
        closeSwipe(animated: true)
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
            self.dataSource?.tableView(self, commit: .delete, forRowAt: ip)
            done(true)
        }
        let c = UISwipeActionsConfiguration(actions: [delete])
        c.performsFirstActionWithFullSwipe = false
        let s = makeSwipe(ip, cell, c, trailing: true)
        swipe = s
        animateSwipe(to: -s.total, completion: nil)
    }

    /// Closes an open swipe; true when one was open.
    @discardableResult
    func closeSwipe(animated: Bool) -> Bool {
        guard let s = swipe else { return false }
        swipe = nil
        let finish = {
            s.pane.removeFromSuperview()
            // A newer swipe of the same cell keeps the clip it relies on.
            guard s.cell.swipePane === s.pane else { return }
            s.cell.swipePane = nil
            s.cell.endSwipeClip()
        }
        let shut = {
            s.cell.contentView.transform = .identity
            s.cell.setNeedsLayout()
            s.cell.layoutIfNeeded()
            s.pane.frame = s.trailing ? CGRect(x: s.cell.bounds.width, y: 0, width: 0, height: s.cell.bounds.height)
                                      : CGRect(x: 0, y: 0, width: 0, height: s.cell.bounds.height)
            for b in s.buttons { b.frame.size.width = 0 }
        }
        if animated {
            UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: shut) { _ in finish() }
        } else {
            UIView.performWithoutAnimation(shut)
            finish()
        }
        return true
    }

    /// The action under `point` (table coordinates) of the open swipe.
    func swipeAction(at point: CGPoint) -> UIContextualAction? {
        guard let s = swipe else { return nil }
        for (i, b) in s.buttons.enumerated() where b.bounds.contains(b.convert(point, from: self)) {
            return s.configuration.actions[i]
        }
        return nil
    }

    /// Runs `action`'s handler; its completion with true closes the row (unless an update took it).
    func run(_ action: UIContextualAction, in s: Swipe) {
        let index = s.configuration.actions.firstIndex { $0 === action } ?? 0
        action.handler(action, s.buttons[index]) { [weak self] performed in
            // iOS closes the row either way; false only says nothing was done.
            guard let self, self.swipe === s else { return }
            _ = performed
            self.closeSwipe(animated: true)
        }
    }
}
