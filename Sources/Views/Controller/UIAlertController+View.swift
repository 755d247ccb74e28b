import Foundation
import Layers

/// A `UIAlertController`'s view: the card with the title, the message, the text fields and the
/// action rows, and an action sheet's separate cancel card. Laid out from its width alone, so the
/// presentation controller can ask the height a width needs.
///
/// Metrics, as iOS draws them: an alert's card has 14-point corners, 20 points above the title
/// (bold 17 pt, centred) and below the message (13 pt), 16 points at the sides, text fields 26
/// points high, action rows 44 high; two actions whose titles fit side by side share a row with
/// the cancel action on the left, otherwise the rows stack with the cancel action last. An action
/// sheet's cards have 13-point corners, a grey 13-pt title and message, rows 57 high in 20 pt,
/// and the cancel action alone in a card 8 points below. The preferred action (else the cancel
/// action) of an alert is bold; a sheet's cancel row is bold; destructive titles are red,
/// disabled ones grey.
final class AlertContentView: UIView {
    unowned let alert: UIAlertController
    let card = UIView()
    let cancelCard = UIView()
    let titleLabel = UILabel()
    let messageLabel = UILabel()
    private(set) var rows: [AlertActionRow] = []
    private var separators: [UIView] = []

    // Light values as before; the dark appearance's are iOS's dark alert greys (Flipbook's picks:
    // iOS blurs what is below, Flipbook paints the card flat).
    static let cardColor = UIColor.adaptive(UIColor(white: 0.96, alpha: 1), UIColor(white: 0.17, alpha: 1))
    static let highlightColor = UIColor.adaptive(UIColor(white: 0.86, alpha: 1), UIColor(white: 0.27, alpha: 1))
    static let separatorColor = UIColor.separator

    init(alert: UIAlertController) {
        self.alert = alert
        super.init(frame: .zero)
        let sheet = alert.preferredStyle == .actionSheet
        for c in [card, cancelCard] {
            c.backgroundColor = Self.cardColor
            c.layer.cornerRadius = sheet ? 13 : 14
            c.clipsToBounds = true
            addSubview(c)
        }
        for l in [titleLabel, messageLabel] {
            l.numberOfLines = 0
            l.lineBreakMode = .byWordWrapping
            l.textAlignment = .center
            card.addSubview(l)
        }
        titleLabel.font = sheet ? .systemFont(ofSize: 13, weight: .semibold) : .boldSystemFont(ofSize: 17)
        titleLabel.textColor = sheet ? .secondaryLabel : .label
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = sheet ? .secondaryLabel : .label
        refresh()
    }
    required init?(coder: NSCoder) { nil }

    /// Rebuilds the labels, fields and rows from the alert (an action was added, a title changed).
    func refresh() {
        titleLabel.text = alert.title
        messageLabel.text = alert.message
        for r in rows { r.removeFromSuperview() }
        for s in separators { s.removeFromSuperview() }
        let sheet = alert.preferredStyle == .actionSheet
        rows = orderedActions.map { a in
            let row = AlertActionRow(action: a, sheet: sheet, bold: sheet ? a.style == .cancel : a === alert.emphasizedAction)
            (sheet && a.style == .cancel ? cancelCard : card).addSubview(row)
            return row
        }
        separators = (0..<rows.count).map { _ in
            let s = UIView()
            s.backgroundColor = Self.separatorColor
            s.isUserInteractionEnabled = false
            card.addSubview(s)
            return s
        }
        for f in alert.textFields ?? [] where f.superview !== card { card.addSubview(f) }
        cancelCard.isHidden = !sheet || !alert.actions.contains { $0.style == .cancel }
        setNeedsLayout()
        superview?.setNeedsLayout() // the presentation controller re-sizes the alert
    }

    /// The actions in drawing order: the cancel action first in a two-action row of an alert,
    /// last otherwise.
    var orderedActions: [UIAlertAction] {
        let others = alert.actions.filter { $0.style != .cancel }
        guard let cancel = alert.actions.first(where: { $0.style == .cancel }) else { return others }
        return sideBySide(width: bounds.width > 0 ? bounds.width : AlertPresentationController.alertWidth) ? [cancel] + others : others + [cancel]
    }

    /// An alert's two actions share a row when both titles fit in half the width.
    func sideBySide(width: CGFloat) -> Bool {
        guard alert.preferredStyle == .alert, alert.actions.count == 2 else { return false }
        let font = UIFont.boldSystemFont(ofSize: 17)
        return alert.actions.allSatisfy { font.size(of: $0.title ?? "").width <= width / 2 - 16 }
    }

    /// Every part's frame at `width`.
    private struct Plan {
        var title = CGRect.zero, message = CGRect.zero
        var fields: [CGRect] = []
        var rows: [CGRect] = []
        var separators: [CGRect] = []
        var card = CGRect.zero, cancelCard = CGRect.zero
        var height: CGFloat = 0
    }

    private func plan(width w: CGFloat) -> Plan {
        var p = Plan()
        let sheet = alert.preferredStyle == .actionSheet
        let side: CGFloat = 16
        let textWidth = max(0, w - 2 * side)
        func textHeight(_ l: UILabel) -> CGFloat {
            guard let t = l.text, !t.isEmpty else { return 0 }
            return ceil(l.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height)
        }
        let pad: CGFloat = sheet ? 14 : 20
        let th = textHeight(titleLabel), mh = textHeight(messageLabel)
        var y: CGFloat = 0
        if th + mh > 0 {
            y = pad
            p.title = CGRect(x: side, y: y, width: textWidth, height: th)
            y += th
            if th > 0 && mh > 0 { y += 4 }
            p.message = CGRect(x: side, y: y, width: textWidth, height: mh)
            y += mh + pad
        }
        let fieldCount = alert.textFields?.count ?? 0
        if fieldCount > 0 {
            if y == 0 { y = pad }
            for i in 0..<fieldCount {
                p.fields.append(CGRect(x: side, y: y, width: textWidth, height: 26))
                y += 26 + (i < fieldCount - 1 ? 6 : 16)
            }
        }
        let rowHeight: CGFloat = sheet ? 57 : 44
        let hair: CGFloat = 0.5
        let actions = orderedActions
        if sideBySide(width: w) {
            for i in 0..<2 {
                p.rows.append(CGRect(x: CGFloat(i) * w / 2, y: y, width: w / 2, height: rowHeight))
            }
            p.separators = [CGRect(x: 0, y: y, width: w, height: hair), CGRect(x: w / 2, y: y, width: hair, height: rowHeight)]
            y += rowHeight
        } else {
            for (i, a) in actions.enumerated() {
                if sheet && a.style == .cancel { continue }
                if y > 0 || i > 0 { p.separators.append(CGRect(x: 0, y: y, width: w, height: hair)) }
                p.rows.append(CGRect(x: 0, y: y, width: w, height: rowHeight))
                y += rowHeight
            }
        }
        p.card = CGRect(x: 0, y: 0, width: w, height: y)
        p.height = y
        if sheet, actions.contains(where: { $0.style == .cancel }) {
            p.cancelCard = CGRect(x: 0, y: y > 0 ? y + 8 : 0, width: w, height: rowHeight)
            p.rows.append(CGRect(x: 0, y: 0, width: w, height: rowHeight))
            p.height = p.cancelCard.maxY
        }
        return p
    }

    /// The height the alert needs at `width`.
    func height(forWidth width: CGFloat) -> CGFloat { plan(width: width).height }

    override func layoutSubviews() {
        super.layoutSubviews()
        let p = plan(width: bounds.width)
        card.frame = p.card
        card.isHidden = p.card.height == 0
        cancelCard.frame = p.cancelCard
        titleLabel.frame = p.title
        messageLabel.frame = p.message
        for (f, r) in zip(alert.textFields ?? [], p.fields) { f.frame = r }
        for (row, r) in zip(rows, p.rows) { row.frame = r }
        for (i, s) in separators.enumerated() {
            s.isHidden = i >= p.separators.count
            if i < p.separators.count { s.frame = p.separators[i] }
        }
    }
}

/// One action's row: its title, highlighted grey while a touch is down on it; a lift inside
/// chooses the action.
final class AlertActionRow: UIControl {
    let action: UIAlertAction
    let label = UILabel()

    init(action: UIAlertAction, sheet: Bool, bold: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        label.font = .systemFont(ofSize: sheet ? 20 : 17, weight: bold ? .semibold : .regular)
        label.textColor = !action.isEnabled ? .systemGray : action.style == .destructive ? .systemRed : .systemBlue
        label.isUserInteractionEnabled = false
        addSubview(label)
        isEnabled = action.isEnabled
        addAction(for: .touchUpInside) { [weak self] in
            guard let self, let alert = self.action.alert else { return }
            alert.choose(self.action)
        }
    }
    required init?(coder: NSCoder) { nil }

    override func stateDidChange() {
        backgroundColor = isHighlighted ? AlertContentView.highlightColor : nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }
}
