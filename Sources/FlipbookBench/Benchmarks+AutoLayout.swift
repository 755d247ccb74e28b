import FrameLoop
import Flipbook
import FlipbookPlayground
import Foundation

/// Issue #33's speed goals measured through UIKit's API (`make bench-solver` times the solver
/// alone against kiwisolver): a screen of 200 views in 20 rows of 10 laid out by 800 constraints —
/// per view a leading edge (the superview's margin or the left neighbour's trailing edge + 4), a
/// top edge (the inset for the first row, the row above's bottom + 4 after), a width (the first of a
/// row 9 % of the screen's width, the others equal to it) and a height (24 + the row for the first,
/// the others equal to their left neighbour).
enum AutoLayoutGrid {
    static let rows = 20, columns = 10

    /// The 200 views, added to `root` and made to take their frames from constraints.
    static func views(in root: UIView) -> [[UIView]] {
        (0..<rows).map { _ in
            (0..<columns).map { _ in
                let v = UIView()
                v.translatesAutoresizingMaskIntoConstraints = false
                v.backgroundColor = .systemTeal
                root.addSubview(v)
                return v
            }
        }
    }

    /// The 800 constraints; `top` is the first row's (its constant is the inset that changes).
    static func constraints(_ grid: [[UIView]], in root: UIView, top: NSLayoutConstraint) -> [NSLayoutConstraint] {
        var made: [NSLayoutConstraint] = []
        for (r, row) in grid.enumerated() {
            for (c, v) in row.enumerated() {
                made.append(c == 0 ? v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
                                   : v.leadingAnchor.constraint(equalTo: row[c - 1].trailingAnchor, constant: 4))
                made.append(r == 0 ? (c == 0 ? top : v.topAnchor.constraint(equalTo: row[0].topAnchor))
                                   : v.topAnchor.constraint(equalTo: grid[r - 1][c].bottomAnchor, constant: 4))
                made.append(c == 0 ? v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.09)
                                   : v.widthAnchor.constraint(equalTo: row[0].widthAnchor))
                made.append(c == 0 ? v.heightAnchor.constraint(equalToConstant: CGFloat(24 + r))
                                   : v.heightAnchor.constraint(equalTo: row[c - 1].heightAnchor))
            }
        }
        return made
    }

    /// The frames the constraints give, worked out by hand (the comparison scene sets them).
    static func frame(row r: Int, column c: Int, width: CGFloat, top: CGFloat) -> CGRect {
        let w = width * 0.09
        let y = top + (0..<r).reduce(CGFloat(0)) { $0 + CGFloat(24 + $1) + 4 }
        return CGRect(x: 8 + CGFloat(c) * (w + 4), y: y, width: w, height: CGFloat(24 + r))
    }
}

/// The grid's inset moved between 10 and 60 in `UIView.animate` every second (0.8 s, ease in and
/// out), by its constraint's constant and `layoutIfNeeded()` — or, in `AutoLayoutFramesBenchScene`,
/// by setting the same 200 frames by hand, so the difference is what constraints add to a frame.
final class AutoLayoutBenchScene: UIViewController, Scene {
    static let name = "bench-autolayout"
    static let summary = "Benchmark: 200 views laid out by 800 constraints, their inset animated every second"
    private(set) var grid: [[UIView]] = []
    private var top: NSLayoutConstraint!
    private var link: DisplayLink?
    private var moves = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        grid = AutoLayoutGrid.views(in: view)
        top = grid[0][0].topAnchor.constraint(equalTo: view.topAnchor, constant: 10)
        NSLayoutConstraint.activate(AutoLayoutGrid.constraints(grid, in: view, top: top))
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        link = CAEngine.current.addDisplayLink { [weak self] t in self?.tick(t) }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        link?.invalidate()
        link = nil
    }

    private func tick(_ t: Double) {
        guard Int(t) >= moves else { return }
        moves += 1
        top.constant = moves % 2 == 1 ? 60 : 10
        UIView.animate(withDuration: 0.8) { self.view.layoutIfNeeded() }
    }
}

/// `AutoLayoutBenchScene`'s screen and animation with frames set by hand: the reference.
final class AutoLayoutFramesBenchScene: UIViewController, Scene {
    static let name = "bench-autolayout-frames"
    static let summary = "Benchmark: the same 200 views and animation with frames set by hand"
    private var grid: [[UIView]] = []
    private var link: DisplayLink?
    private var moves = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        grid = AutoLayoutGrid.views(in: view)
        for row in grid { for v in row { v.translatesAutoresizingMaskIntoConstraints = true } }
        place(top: 10)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        link = CAEngine.current.addDisplayLink { [weak self] t in self?.tick(t) }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        link?.invalidate()
        link = nil
    }

    private func place(top: CGFloat) {
        for (r, row) in grid.enumerated() {
            for (c, v) in row.enumerated() { v.frame = AutoLayoutGrid.frame(row: r, column: c, width: view.bounds.width, top: top) }
        }
    }

    private func tick(_ t: Double) {
        guard Int(t) >= moves else { return }
        moves += 1
        let top: CGFloat = moves % 2 == 1 ? 60 : 10
        UIView.animate(withDuration: 0.8) { self.place(top: top) }
    }
}

extension Benchmarks {
    /// The three figures of issue #33: the first layout of the 200-view screen (activating its 800
    /// constraints and `layoutIfNeeded()`), one constant changed and laid out again, and what a
    /// frame of a running constraint animation costs against the same animation set by frames.
    /// Each asserts that the solver did the work it reports (the frames it must produce).
    /// `animated` false (`--filter autolayout-solve`): the layout figures only, for a profiler.
    static func autoLayoutCases(frames: Int, scenes: [any Scene.Type], animated: Bool) throws {
        let engine = CAEngine()
        let (first, edit, byHand) = try engine.perform { () throws -> ([Double], [Double], [Double]) in
            var first: [Double] = [], edit: [Double] = [], byHand: [Double] = []
            for round in 0..<25 {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 1280, height: 720))
                let grid = AutoLayoutGrid.views(in: root)
                let top = grid[0][0].topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
                let constraints = AutoLayoutGrid.constraints(grid, in: root, top: top)
                let t0 = now()
                NSLayoutConstraint.activate(constraints)
                root.layoutIfNeeded()
                if round >= 5 { first.append(now() - t0) }
                try check(grid, width: 1280, top: 10)
                guard round == 24 else { continue }
                for i in 0..<(frames + 10) {
                    let inset: CGFloat = i % 2 == 0 ? 11 : 10
                    let t1 = now()
                    top.constant = inset
                    root.layoutIfNeeded()
                    if i >= 10 { edit.append(now() - t1) }
                }
                try check(grid, width: 1280, top: (frames + 9) % 2 == 0 ? 11 : 10)
                // The reference: the same 200 frames set by hand (what any layout must pay to move them).
                let plain = UIView(frame: root.frame)
                let views = AutoLayoutGrid.views(in: plain)
                for row in views { for v in row { v.translatesAutoresizingMaskIntoConstraints = true } }
                for i in 0..<(frames + 10) {
                    let inset: CGFloat = i % 2 == 0 ? 11 : 10
                    let t1 = now()
                    for (r, row) in views.enumerated() {
                        for (c, v) in row.enumerated() { v.frame = AutoLayoutGrid.frame(row: r, column: c, width: 1280, top: inset) }
                    }
                    if i >= 10 { byHand.append(now() - t1) }
                }
                try check(views, width: 1280, top: (frames + 9) % 2 == 0 ? 11 : 10)
            }
            return (first, edit, byHand)
        }
        report("autolayout 200 views 800 constraints: first layout", first)
        report("autolayout one constant changed, laid out again", edit)
        report("  reference: the 200 frames set by hand", byHand)
        guard animated else { return }
        for type in [AutoLayoutBenchScene.self, AutoLayoutFramesBenchScene.self] as [any Scene.Type] {
            var layout: [Double] = [], animate: [Double] = []
            let times = try sceneFrameTimes(type, in: scenes, width: 1280, height: 720, frames: frames, each: { d in
                layout.append(d.lastPhaseSeconds[FramePhase.layout.rawValue])
                animate.append(d.lastPhaseSeconds[FramePhase.animate.rawValue])
            }, setUp: { $0.phaseTimer = now })
            report("\(type.name) frame 1280x720", times)
            report("  of which layout phase", layout)
            report("  of which animate phase", animate)
        }
    }

    /// Fails the benchmark when the solved frames are not the grid's (a case that stopped solving
    /// would report a time for nothing).
    private static func check(_ grid: [[UIView]], width: CGFloat, top: CGFloat) throws {
        for (r, row) in grid.enumerated() {
            for (c, v) in row.enumerated() {
                let want = AutoLayoutGrid.frame(row: r, column: c, width: width, top: top)
                guard abs(v.frame.minX - want.minX) < 1e-6, abs(v.frame.minY - want.minY) < 1e-6, abs(v.frame.width - want.width) < 1e-6 else {
                    throw HostError("autolayout bench: view \(r),\(c) at \(v.frame), expected \(want)")
                }
            }
        }
    }
}
