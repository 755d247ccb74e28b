import Foundation
import Layers

/// The two thin bars that show where the visible part is in the content: shown while the content
/// moves, faded 0.5 s after it stops (0.25 s fade), as iOS. They are layers above the content,
/// placed in content coordinates every time the offset changes.
final class ScrollIndicators {
    let horizontal = CALayer(), vertical = CALayer()
    private var fadeTimer: Timer?
    static let thickness: CGFloat = 3, inset: CGFloat = 3, minimumLength: CGFloat = 36

    func install(in scrollView: UIScrollView) {
        for l in [horizontal, vertical] {
            l.backgroundColor = CGColor(gray: 0, alpha: 0.35)
            l.cornerRadius = Self.thickness / 2
            l.opacity = 0
            l.zPosition = 1000
            l.name = l === horizontal ? "horizontalScrollIndicator" : "verticalScrollIndicator"
            scrollView.layer.addSublayer(l)
        }
    }

    func layout(in s: UIScrollView) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let b = s.bounds, size = s.contentSize
        func bar(_ visible: CGFloat, _ content: CGFloat, _ offset: CGFloat) -> (CGFloat, CGFloat) {
            let track = visible - 2 * Self.inset
            guard content > visible, track > 0 else { return (0, 0) }
            var length = max(Self.minimumLength, track * visible / content)
            var start = Self.inset + (track - length) * min(1, max(0, offset / (content - visible)))
            // Past an edge the bar shortens, as iOS's does.
            if offset < 0 { length = max(Self.thickness * 2, length + offset); start = Self.inset }
            if offset > content - visible { length = max(Self.thickness * 2, length - (offset - (content - visible))); start = visible - Self.inset - length }
            return (start, length)
        }
        let v = bar(b.height, size.height, b.minY), h = bar(b.width, size.width, b.minX)
        vertical.isHidden = !s.showsVerticalScrollIndicator || v.1 == 0
        horizontal.isHidden = !s.showsHorizontalScrollIndicator || h.1 == 0
        vertical.frame = CGRect(x: b.maxX - Self.inset - Self.thickness, y: b.minY + v.0, width: Self.thickness, height: v.1)
        horizontal.frame = CGRect(x: b.minX + h.0, y: b.maxY - Self.inset - Self.thickness, width: h.1, height: Self.thickness)
    }

    func show(_ s: UIScrollView) {
        fadeTimer?.invalidate()
        fadeTimer = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        horizontal.opacity = 1; vertical.opacity = 1
        CATransaction.commit()
        layout(in: s)
    }

    /// Shows the bars and fades them after the usual pause (wheel scrolling).
    func flash(_ s: UIScrollView) {
        show(s)
        hide(s)
    }

    func hide(_ s: UIScrollView) {
        fadeTimer?.invalidate()
        fadeTimer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: false) { [weak self] _ in
            guard let self else { return }
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.25)
            self.horizontal.opacity = 0; self.vertical.opacity = 0
            CATransaction.commit()
        }
    }
}
