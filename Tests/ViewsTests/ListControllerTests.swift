import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// UITableViewController and UICollectionViewController, subclassed the way iOS code does:
/// `override` on the data source, delegate and scroll view delegate methods.
@Suite(.isolatedEngine) struct ListControllerTests {
    final class Fruits: UITableViewController {
        var names = ["Apple", "Banana", "Cherry", "Damson"]
        var log: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Fruit"
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
            cell.textLabel?.text = names[indexPath.row]
            return cell
        }
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            log.append("select \(names[indexPath.row])")
        }
        override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            names.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
        override func scrollViewDidScroll(_ scrollView: UIScrollView) { log.append("scroll \(Int(scrollView.contentOffset.y))") }
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            log.append("willAppear")
        }
        override func setEditing(_ editing: Bool, animated: Bool) {
            super.setEditing(editing, animated: animated)
            log.append("editing \(editing)")
        }
    }

    func tap(_ rig: TransitionRig, _ p: CGPoint, at t: Double) {
        rig.stage.input(.pointerDown(p), at: t)
        rig.stage.frame(t)
        rig.stage.input(.pointerUp(p), at: t + 1.0 / 60)
        rig.stage.frame(t + 1.0 / 60)
    }

    @Test func aTableControllerMakesAndFeedsItsTable() {
        let rig = TransitionRig()
        let fruits = Fruits(style: .insetGrouped)
        let nav = UINavigationController(rootViewController: fruits)
        rig.show(nav)
        let table = fruits.tableView!
        #expect(fruits.view === table && table.style == .insetGrouped)
        #expect(table.dataSource === fruits && table.delegate === fruits)
        #expect(fruits.log.first == "willAppear")
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == ["Apple", "Banana", "Cherry", "Damson"])

        // A tap reaches the subclass's override; the selection stays while the controller is shown.
        let cherry = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        tap(rig, cherry.convert(CGPoint(x: cherry.bounds.midX, y: cherry.bounds.midY), to: nil), at: 0.5)
        #expect(fruits.log.contains("select Cherry"))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))

        // Coming back after a push clears it (clearsSelectionOnViewWillAppear).
        rig.stage.at(1) { nav.pushViewController(UIViewController(), animated: false) }
        rig.stage.at(2) { _ = nav.popViewController(animated: false) }
        #expect(fruits.log.filter { $0 == "willAppear" }.count == 2)
        #expect(table.indexPathForSelectedRow == nil)

        // The scroll view delegate's override hears scrolling.
        rig.stage.at(3) { table.contentOffset = CGPoint(x: 0, y: -table.adjustedContentInset.top + 10) }
        #expect(fruits.log.contains { $0.hasPrefix("scroll ") })

        // Editing mode is the controller's and the table's; a commit deletes through the override.
        rig.stage.at(4) { fruits.setEditing(true, animated: false) }
        #expect(fruits.isEditing && table.isEditing && fruits.log.contains("editing true"))
        rig.stage.at(5) { fruits.tableView(table, commit: .delete, forRowAt: IndexPath(row: 0, section: 0)) }
        rig.run(from: 5, to: 6)
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.visibleCells.compactMap { $0.textLabel?.text }.sorted() == ["Banana", "Cherry", "Damson"])
        fruits.isEditing = false
        #expect(!table.isEditing)
        #expect(rig.stage.engine.diagnostics.isEmpty)
    }

    @Test func keepingTheSelectionWhenAskedAndSettingOwnTable() {
        let rig = TransitionRig()
        let fruits = Fruits()
        fruits.clearsSelectionOnViewWillAppear = false
        let nav = UINavigationController(rootViewController: fruits)
        rig.show(nav)
        fruits.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        rig.stage.at(1) { nav.pushViewController(UIViewController(), animated: false) }
        rig.stage.at(2) { _ = nav.popViewController(animated: false) }
        #expect(fruits.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(fruits.tableView.style == .plain)

        // A table set by the code becomes the view and is fed by the controller.
        let other = UITableViewController()
        let own = UITableView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), style: .grouped)
        other.tableView = own
        #expect(other.view === own && own.dataSource === other && own.delegate === other)
        #expect(own.numberOfRows(inSection: 0) == 0)      // the base class has no rows
    }

    @Test func rowsWithoutACellOverrideAreReported() {
        final class Forgetful: UITableViewController {
            init() { super.init(style: .grouped) }     // iOS's idiom: no `override`
            required init?(coder: NSCoder) { nil }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        }
        let rig = TransitionRig()
        let f = Forgetful()
        rig.show(f)
        #expect(f.tableView.visibleCells.count == 2 && f.tableView.style == .grouped)
        #expect(rig.stage.engine.diagnostics.count >= 1)
        #expect(rig.stage.engine.diagnostics.allSatisfy { $0.contains("tableView(_:cellForRowAt:) is not overridden") })
    }

    final class Swatches: UICollectionViewController, UICollectionViewDelegateFlowLayout {
        var picked: [Int] = []
        var scrolled = 0
        let grid = UICollectionViewFlowLayout()
        // As iOS code writes it: no `override` (the superclass's init() is a convenience one).
        init() {
            super.init(collectionViewLayout: grid)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
            cell.backgroundColor = UIColor(hue: CGFloat(indexPath.item) / 12, saturation: 0.7, brightness: 0.9, alpha: 1)
            return cell
        }
        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            picked.append(indexPath.item)
        }
        override func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled += 1 }
        // Not an override: the flow layout's delegate protocol is the subclass's own, as on iOS.
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            CGSize(width: 80, height: 80)
        }
    }

    @Test func aCollectionControllerMakesAndFeedsItsCollectionView() {
        let rig = TransitionRig()
        let swatches = Swatches()
        let layout = swatches.grid
        #expect(swatches.collectionViewLayout === layout && !swatches.isViewLoaded)
        rig.show(swatches)
        let cv = swatches.collectionView!
        #expect(swatches.view === cv && cv.collectionViewLayout === layout)
        #expect(cv.dataSource === swatches && cv.delegate === swatches)
        #expect(cv.numberOfItems(inSection: 0) == 12)
        let first = cv.cellForItem(at: IndexPath(item: 0, section: 0))!
        #expect(first.bounds.size == CGSize(width: 80, height: 80))          // the flow delegate's size
        let third = cv.cellForItem(at: IndexPath(item: 2, section: 0))!
        tap(rig, third.convert(CGPoint(x: 40, y: 40), to: nil), at: 0.5)
        #expect(swatches.picked == [2])
        #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        rig.stage.at(1) { cv.contentOffset.y += 20 }
        #expect(swatches.scrolled >= 1)
        // Re-appearing clears the selection.
        swatches.beginAppearanceTransition(false, animated: false); swatches.endAppearanceTransition()
        swatches.beginAppearanceTransition(true, animated: false); swatches.endAppearanceTransition()
        #expect(cv.indexPathsForSelectedItems == nil)
        #expect(rig.stage.engine.diagnostics.isEmpty)

        // Without a layout, a flow layout.
        #expect(UICollectionViewController().collectionViewLayout is UICollectionViewFlowLayout)
    }
}
