import Foundation
import Layers

/// The built-in accessories (and, below, editing mode's control), drawn as strokes: iOS's chevron (grey, 2 pt wide lines of a
/// 45° angle), its checkmark (tint colour) and the info button (a ring with an "i").
final class TableAccessoryView: UIView {
    /// What it draws.
    var kind = UITableViewCell.AccessoryType.none { didSet { setNeedsDisplay() } }

    /// The width an accessory takes at the trailing edge.
    static func width(of kind: UITableViewCell.AccessoryType) -> CGFloat {
        switch kind {
        case .none: 0
        case .disclosureIndicator: 8
        case .checkmark: 14
        case .detailButton: 22
        case .detailDisclosureButton: 22 + 12 + 8
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(_ rect: CGRect) {
        let h = bounds.height
        func chevron(at x: CGFloat) {
            let p = UIBezierPath()
            p.move(to: CGPoint(x: x + 1, y: h / 2 - 6.5))
            p.addLine(to: CGPoint(x: x + 7, y: h / 2))
            p.addLine(to: CGPoint(x: x + 1, y: h / 2 + 6.5))
            p.lineWidth = 2
            p.lineCapStyle = .round
            p.lineJoinStyle = .round
            UIColor.systemGray3.setStroke()
            p.stroke()
        }
        func info(at x: CGFloat) {
            let ring = UIBezierPath(ovalIn: CGRect(x: x + 1, y: h / 2 - 10, width: 20, height: 20))
            ring.lineWidth = 1.5
            tintColor.setStroke()
            ring.stroke()
            let stem = UIBezierPath()
            stem.move(to: CGPoint(x: x + 11, y: h / 2 - 2))
            stem.addLine(to: CGPoint(x: x + 11, y: h / 2 + 5))
            stem.lineWidth = 2
            stem.stroke()
            tintColor.setFill()
            UIBezierPath(ovalIn: CGRect(x: x + 9.8, y: h / 2 - 6.5, width: 2.4, height: 2.4)).fill()
        }
        switch kind {
        case .none: break
        case .disclosureIndicator: chevron(at: 0)
        case .checkmark:
            let p = UIBezierPath()
            p.move(to: CGPoint(x: 1, y: h / 2))
            p.addLine(to: CGPoint(x: 5.5, y: h / 2 + 5))
            p.addLine(to: CGPoint(x: 13, y: h / 2 - 6))
            p.lineWidth = 2
            p.lineCapStyle = .round
            p.lineJoinStyle = .round
            tintColor.setStroke()
            p.stroke()
        case .detailButton: info(at: 0)
        case .detailDisclosureButton: info(at: 0); chevron(at: 34)
        }
    }
}

/// Editing mode's controls, as iOS draws them: a red disc with a white bar (delete) or a green
/// one with a plus (insert), 22 points across; the reorder control's three grey lines.
final class TableEditingControl: UIView {
    /// What it draws.
    enum Glyph { case none, delete, insert, reorder }
    /// What it draws. Default: nothing.
    var glyph = Glyph.none { didSet { setNeedsDisplay() } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func draw(_ rect: CGRect) {
        let b = bounds
        switch glyph {
        case .none: return
        case .reorder:
            UIColor.systemGray2.setFill()
            for dy in [-5.0, 0, 5] as [CGFloat] { UIBezierPath(rect: CGRect(x: b.midX - 9, y: b.midY + dy - 0.75, width: 18, height: 1.5)).fill() }
        case .delete, .insert:
            (glyph == .delete ? UIColor.systemRed : UIColor.systemGreen).setFill()
            UIBezierPath(ovalIn: CGRect(x: b.midX - 10, y: b.midY - 10, width: 20, height: 20)).fill()
            UIColor.white.setFill()
            UIBezierPath(rect: CGRect(x: b.midX - 6, y: b.midY - 1, width: 12, height: 2)).fill()
            if glyph == .insert { UIBezierPath(rect: CGRect(x: b.midX - 1, y: b.midY - 6, width: 2, height: 12)).fill() }
        }
    }
}
