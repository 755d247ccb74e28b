// table — a UITableView as iOS apps use one: a list that changes under animation.
//
// Demonstrates: two sections under sticky plain headers; rows inserted (.fade, .top), deleted
// (.left), moved, and expanded in place by the expanding-cell idiom (the delegate's height
// changes, then `performBatchUpdates(nil)`: the rows below slide); swipe actions (swipe a row left
// for Flag and Delete, right for Done); reuse (every cell a dequeued `.subtitle` cell).
// Until the first touch the scene changes the list by itself, one step every 0.8 s, so a render
// moves. Interaction: tap a row to expand or collapse it, swipe rows, scroll.
import Flipbook

final class TableScene: UIViewController, Scene, UITableViewDataSource, UITableViewDelegate {
    static let name = "table"
    static let summary = "UITableView: rows inserted, deleted, moved and expanded with iOS's row animations; swipe actions; sticky headers"
    static let menuSection: SceneSection = .toolsAndDemos

    /// One to-do in the list.
    struct Item: Equatable {
        var title: String, note: String
        var done = false, flagged = false
    }

    private(set) var sections: [[Item]] = [
        ["Buy oat milk", "Call the plumber", "Book train tickets", "Water the plants", "Return library books"],
        ["Renew passport", "Plan the garden", "Sort old photos", "Learn a song on guitar", "Fix the bike's brakes",
         "Write to Grandma", "Clean the oven", "Paint the fence", "Read the novel", "Visit the museum",
         "Bake bread", "Mend the jacket", "Call the bank"],
    ].map { $0.map { Item(title: $0, note: "Tap to see more. Swipe left for Flag and Delete, right for Done.") } }
    let titles = ["Today", "Later"]
    private(set) var expanded: Set<String> = []
    private(set) var table: UITableView!
    private var demo: Timer?, demoStep = 0, added = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let t = UITableView(frame: view.bounds, style: .plain)
        t.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        t.register(TaskCell.self, forCellReuseIdentifier: "item")
        t.dataSource = self
        t.delegate = self
        view.addSubview(t)
        table = t
        demo = Timer.scheduledTimer(withTimeInterval: 0.8, repeats: true) { [weak self] _ in self?.playDemoStep() }
    }

    // MARK: Data source

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles[section] }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        let item = sections[indexPath.section][indexPath.row]
        cell.textLabel?.text = item.title
        cell.textLabel?.textColor = item.done ? .secondaryLabel : .label
        cell.accessoryType = item.done ? .checkmark : .disclosureIndicator
        cell.backgroundColor = item.flagged ? UIColor(red: 1, green: 0.95, blue: 0.85, alpha: 1) : .systemBackground
        (cell as? TaskCell)?.note.text = item.note
        return cell
    }

    // MARK: Delegate

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        expanded.contains(sections[indexPath.section][indexPath.row].title) ? 96 : 48
    }

    /// A tap expands or collapses the row: its height changes and the rows below slide.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        userDid { toggle(indexPath) }
    }

    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
            self.userDid { self.delete(at: indexPath, with: .left) }
            done(true)
        }
        let flag = UIContextualAction(style: .normal, title: "Flag") { [unowned self] _, _, done in
            self.sections[indexPath.section][indexPath.row].flagged.toggle()
            self.table.reloadRows(at: [indexPath], with: .none)
            done(true)
        }
        flag.backgroundColor = .systemOrange
        return UISwipeActionsConfiguration(actions: [delete, flag])
    }

    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let done = UIContextualAction(style: .normal, title: "Done") { [unowned self] _, _, finish in
            self.sections[indexPath.section][indexPath.row].done.toggle()
            self.table.reloadRows(at: [indexPath], with: .fade)
            finish(true)
        }
        done.backgroundColor = .systemGreen
        return UISwipeActionsConfiguration(actions: [done])
    }

    // MARK: Changes

    func toggle(_ ip: IndexPath) {
        let title = sections[ip.section][ip.row].title
        if expanded.contains(title) { expanded.remove(title) } else { expanded.insert(title) }
        table.performBatchUpdates(nil)
    }

    func insert(_ title: String, at ip: IndexPath, with animation: UITableView.RowAnimation) {
        sections[ip.section].insert(Item(title: title, note: "Added just now."), at: ip.row)
        table.insertRows(at: [ip], with: animation)
    }

    func delete(at ip: IndexPath, with animation: UITableView.RowAnimation) {
        guard sections.indices.contains(ip.section), sections[ip.section].indices.contains(ip.row) else { return }
        expanded.remove(sections[ip.section][ip.row].title)
        sections[ip.section].remove(at: ip.row)
        table.deleteRows(at: [ip], with: animation)
    }

    func move(from a: IndexPath, to b: IndexPath) {
        let item = sections[a.section].remove(at: a.row)
        sections[b.section].insert(item, at: b.row)
        table.moveRow(at: a, to: b)
    }

    /// The demo: insert, expand, move, delete, collapse, in turn; it stops at the first touch.
    private func playDemoStep() {
        defer { demoStep += 1 }
        switch demoStep % 6 {
        case 0: added += 1; insert("New task \(added)", at: IndexPath(row: 0, section: 0), with: .fade)
        case 1: toggle(IndexPath(row: 1, section: 0))
        case 2: move(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 3, section: 0))
        case 3: delete(at: IndexPath(row: 2, section: 0), with: .left)
        case 4: toggle(IndexPath(row: 0, section: 0))
        default: insert("Later task \(added)", at: IndexPath(row: 1, section: 1), with: .top)
        }
    }

    private func userDid(_ action: () -> Void) {
        demo?.invalidate()
        demo = nil
        action()
    }
}

/// A row of the list: the title in the top 48 points, the note under it, seen when the row is
/// expanded (the cell clips it otherwise).
final class TaskCell: UITableViewCell {
    let note = UILabel()

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        clipsToBounds = true
        note.font = .systemFont(ofSize: 13)
        note.textColor = .secondaryLabel
        note.numberOfLines = 2
        contentView.addSubview(note)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() {
        super.layoutSubviews()
        let w = contentView.bounds.width
        textLabel?.frame = CGRect(x: 16, y: 0, width: max(0, w - 16), height: 48)
        note.frame = CGRect(x: 16, y: 42, width: max(0, w - 24), height: 40)
    }
}
