import Flipbook
import FlipbookTesting
@testable import Scenes
import Testing

/// The view-controller scenes at 640 × 480, the smallest size issue 39 names, and at 1920 × 1080,
/// the largest: every visible view lies inside the window and every visible label's text fits its
/// bounds (one line: its width; wrapping: its height), so nothing is cut or out of frame; and
/// at 1920 × 1080 their content grows with the window instead of sitting small in it.
struct NarrowLayoutTests {
    static let names = ["pages", "basics", "drawing", "modal", "progress", "flo", "animator"]

    @Test(arguments: names)
    func everyViewAndLabelFitsAt640x480(_ name: String) throws {
        let problems = try Self.fitProblems(name, width: 640, height: 480)
        #expect(problems.isEmpty, "\(name): \(problems)")
    }

    /// The same at 1920 × 1080: the scenes grown for a large window still keep every view inside
    /// it and every label's text whole.
    @Test(arguments: names)
    func everyViewAndLabelFitsAt1920x1080(_ name: String) throws {
        let problems = try Self.fitProblems(name, width: 1920, height: 1080)
        #expect(problems.isEmpty, "\(name): \(problems)")
    }

    /// Each scene's main content, the part that should fill a large window.
    static let content: [String: (UIViewController) -> UIView] = [
        "pages": { ($0 as! PagesScene).scroller.view },
        "drawing": { ($0 as! DrawingScene).swatches },
        "flo": { ($0 as! FloScene).counterView },
        "modal": { (($0 as! ModalScene).viewControllers[0] as! PeopleViewController).cells[0] },
        "progress": { ($0 as! ProgressScene).ring },
    ]

    /// Laid out for 1280 × 720 and grown with a larger window: at 1920 × 1080 each scene's main
    /// content is 1.5 times its 1280 × 720 size (it kept that size, small in the big window), and
    /// centred where it was centred; at 1280 × 720 and below nothing grows.
    @Test(arguments: ["pages", "drawing", "flo", "modal", "progress"])
    func theContentGrowsWithALargeWindow(_ name: String) throws {
        func frame(_ w: Int, _ h: Int) throws -> (frame: CGRect, window: CGSize) {
            let d = try SceneTester(scene: name, width: w, height: h)
            d.advance(to: 0.05)
            let vc = try #require(d.viewController)
            let v = try #require(Self.content[name]?(vc))
            return (d.perform { v.convert(v.bounds, to: vc.view) }, CGSize(width: Double(w), height: Double(h)))
        }
        let small = try frame(1280, 720).frame, large = try frame(1920, 1080).frame
        #expect(abs(large.width - 1.5 * small.width) < 1 && abs(large.height - 1.5 * small.height) < 1,
                "\(name): \(small.size) at 1280 × 720, \(large.size) at 1920 × 1080")
        if abs(small.midX - 640) < 1 { #expect(abs(large.midX - 960) < 1, "\(name): centred at 1280, not at 1920") }
        // A window between the two grows it by the smaller of its two ratios; a 1280-wide but
        // shorter one not at all.
        let between = try frame(1600, 1000).frame
        #expect(abs(between.width - 1.25 * small.width) < 1, "\(name) at 1600 × 1000: \(between.size)")
        let short = try frame(1280, 600).frame
        #expect(short.width <= small.width + 0.5, "\(name) at 1280 × 600: \(short.size)")
    }

    /// What is cut or out of frame in `name` at `width` × `height`: every visible view must lie
    /// inside the window and every visible label's text fit its bounds.
    static func fitProblems(_ name: String, width: Int, height: Int) throws -> [String] {
        let d = try SceneTester(scene: name, width: width, height: height)
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
                if f.width > 0, f.height > 0, f.minX < -0.5 || f.minY < -0.5 || f.maxX > Double(width) + 0.5 || f.maxY > Double(height) + 0.5 {
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
        return problems
    }
}
