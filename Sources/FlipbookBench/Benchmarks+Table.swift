import Flipbook
import FlipbookPlayground
import Foundation

/// The 10,000-row table view of issue #35: 10,000 `.value1` rows with a disclosure chevron under
/// sticky section headers (100 sections of 100), scrolled down at a steady 3,000 points per
/// second by the frame's time, so every frame recycles rows, moves every visible cell and pins a
/// header. `flipbook bench --filter table` times it headless; `flipbook run bench-table` shows it.
final class TableBenchScene: UIViewController, Scene, UITableViewDataSource {
    static let name = "bench-table"
    static let summary = "Benchmark: 10,000 rows in a table view with sticky headers scrolled at 3,000 pt/s"
    static let sections = 100, rowsPerSection = 100
    private(set) var tableView: UITableView!
    private var scroll = SteadyScroll(speed: 3000)
    private var link: DisplayLink?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .plain)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        tableView.dataSource = self
        view.addSubview(tableView)
    }

    func numberOfSections(in tableView: UITableView) -> Int { Self.sections }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.rowsPerSection }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section + 1)" }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.section * Self.rowsPerSection + indexPath.row + 1)"
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        link = CAEngine.current.addDisplayLink { [weak self] t in
            guard let self, let t0 = self.tableView else { return }
            if let y = self.scroll.offset(at: t, content: t0.contentSize.height, visible: t0.bounds.height) {
                t0.contentOffset = CGPoint(x: 0, y: y)
            }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        link?.invalidate()
        link = nil
    }
}

/// A scroll at a steady speed from the first frame's time, wrapping to the top at the end: the
/// list benchmarks' motion.
struct SteadyScroll {
    /// Points per second.
    let speed: CGFloat
    private var start: Double?
    init(speed: CGFloat) { self.speed = speed }

    /// The offset at `time` for `content` points of which `visible` show; nil when nothing scrolls.
    mutating func offset(at time: Double, content: CGFloat, visible: CGFloat) -> CGFloat? {
        guard content > visible else { return nil }
        let t0 = start ?? time
        start = t0
        return (CGFloat(time - t0) * speed).truncatingRemainder(dividingBy: content - visible)
    }
}
