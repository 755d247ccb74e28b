import Flipbook
import FlipbookTesting
import Scenes
import Testing

/// The view-controller scenes at 640 × 480, the smallest size issue 39 names: every visible view
/// lies inside the window and every visible label's text fits its bounds (one line: its width;
/// wrapping: its height), so nothing is cut or out of frame.
struct NarrowLayoutTests {
    static let names = ["pages", "basics", "drawing", "modal", "progress", "flo", "animator"]

    @Test(arguments: names)
    func everyViewAndLabelFitsAt640x480(_ name: String) throws {
        let d = try SceneTester(scene: name, width: 640, height: 480)
        d.advance(to: 0.05)
        let root = try #require(d.viewController?.view)
        var problems: [String] = []
        d.perform {
            var queue: [UIView] = root.subviews, head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                if v.isHidden || v.alpha <= 0 { continue }
                let f = v.convert(v.bounds, to: root)
                if f.width > 0, f.height > 0, f.minX < -0.5 || f.minY < -0.5 || f.maxX > 640.5 || f.maxY > 480.5 {
                    problems.append("\(type(of: v)) at \(f) leaves the window")
                }
                if let l = v as? UILabel, let text = l.text, !text.isEmpty, l.bounds.width > 0 {
                    if l.numberOfLines == 1 {
                        let w = l.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: l.bounds.height)).width
                        if w > l.bounds.width + 1 { problems.append("'\(text)' needs \(w) pt in \(l.bounds.width)") }
                    } else {
                        let h = l.sizeThatFits(CGSize(width: l.bounds.width, height: CGFloat.greatestFiniteMagnitude)).height
                        if h > l.bounds.height + 1 { problems.append("'\(text)' needs \(h) pt high in \(l.bounds.height)") }
                    }
                }
                queue += v.subviews
            }
        }
        #expect(problems.isEmpty, "\(name): \(problems)")
    }
}
