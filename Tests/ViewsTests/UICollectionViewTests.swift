import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

final class CountingCell: UICollectionViewCell {
    var awoken = 0, reused = 0
    let label = UILabel()
    override func awakeFromNib() { super.awakeFromNib(); awoken += 1; contentView.addSubview(label) }
    override func prepareForReuse() { super.prepareForReuse(); reused += 1; label.text = nil }
}

/// A data source of `counts` items per section, with a delegate that records selections.
final class Items: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var events: [String] = []
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in c: UICollectionView) -> Int { counts.count }
    func collectionView(_ c: UICollectionView, numberOfItemsInSection s: Int) -> Int { counts[s] }
    func collectionView(_ c: UICollectionView, cellForItemAt ip: IndexPath) -> UICollectionViewCell {
        let cell = c.dequeueReusableCell(withReuseIdentifier: "cell", for: ip)
        (cell as? CountingCell)?.label.text = "\(ip.section).\(ip.item)"
        return cell
    }
    func collectionView(_ c: UICollectionView, didSelectItemAt ip: IndexPath) { events.append("select \(ip.item)") }
    func collectionView(_ c: UICollectionView, didDeselectItemAt ip: IndexPath) { events.append("deselect \(ip.item)") }
}

@Suite(.isolatedEngine) struct UICollectionViewTests {
    func make(_ st: ViewStage, _ items: Items, size: CGSize = CGSize(width: 300, height: 300),
              configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        configure(layout)
        let c = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        c.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        c.dataSource = items
        c.delegate = items
        st.show(c)
        return c
    }

    @Test func flowLayoutJustifiesFullRowsAndKeepsTheLastOneAtTheStart() {
        let st = ViewStage(300, 300)
        let items = Items([7])
        let c = make(st, items) { l in
            l.itemSize = CGSize(width: 80, height: 50); l.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        }
        let frames = (0..<7).map { c.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        #expect(frames.map(\.minX) == [10, 110, 210, 10, 110, 210, 10])
        #expect(frames.map(\.minY) == [10, 10, 10, 70, 70, 70, 130])
        #expect(c.contentSize == CGSize(width: 300, height: 190))
    }

    @Test func horizontalFlowFillsColumnsAndCentresALoneItem() {
        let st = ViewStage(300, 200)
        let items = Items([3, 1])
        let c = make(st, items, size: CGSize(width: 300, height: 200)) { l in
            l.scrollDirection = .horizontal; l.itemSize = CGSize(width: 100, height: 80); l.minimumLineSpacing = 20
        }
        let f = { (s: Int, i: Int) in c.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame }
        #expect(f(0, 0).origin == CGPoint(x: 0, y: 0) && f(0, 1).origin == CGPoint(x: 0, y: 120))
        #expect(f(0, 2).origin == CGPoint(x: 120, y: 0))        // last column: from the start
        #expect(f(1, 0).origin == CGPoint(x: 220, y: 0))        // a section's last line is its only one
        #expect(c.contentSize.width == 320)
    }

    @Test func tenThousandItemsScrollWithFewCells() {
        let st = ViewStage(300, 300)
        let items = Items([10_000])                        // the data source is weak, as UIKit's
        let c = make(st, items) { l in l.itemSize = CGSize(width: 300, height: 44); l.minimumLineSpacing = 0 }
        st.frame(0.1)
        let visibleAtStart = c.visibleCells.count
        #expect(visibleAtStart == 7)                           // 300 / 44 → rows 0…6
        var t = 0.1
        for step in 1...400 {
            t += 1.0 / 60
            c.contentOffset = CGPoint(x: 0, y: Double(step) * 1099)
            st.frame(t)
        }
        #expect(c.cellsCreated <= visibleAtStart + 2)
        #expect(c.indexPathsForVisibleItems.first == IndexPath(item: 9990, section: 0))
        #expect(c.visibleCells.allSatisfy { ($0 as? CountingCell)?.awoken == 1 })
        let cell = c.visibleCells.first as! CountingCell
        #expect(cell.reused > 0 && cell.label.text == "0.\(c.indexPath(for: cell)!.item)")
        _ = items
        #expect(c.subviews.filter { $0 is UICollectionViewCell }.count == c.visibleCells.count)
    }

    @Test func aTapSelectsAndASecondTapMovesTheSelection() {
        let st = ViewStage(300, 300)
        let items = Items([6])
        let c = make(st, items) { l in l.itemSize = CGSize(width: 140, height: 100) }
        for (i, p) in [CGPoint(x: 50, y: 50), CGPoint(x: 250, y: 160)].enumerated() {
            let t = 1 + Double(i)
            st.input(.pointerDown(p), at: t); st.frame(t)
            st.input(.pointerUp(p), at: t + 0.05); st.frame(t + 0.05)
        }
        #expect(items.events == ["select 0", "deselect 0", "select 3"])
        #expect(c.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)] && c.cellForItem(at: IndexPath(item: 3, section: 0))?.isSelected == true)
        #expect(c.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected == false)
    }

    @Test func batchUpdatesMoveTheCellsAndFadeTheNewOnesIn() {
        let st = ViewStage(300, 300)
        let items = Items([4])
        let c = make(st, items) { l in l.itemSize = CGSize(width: 300, height: 50); l.minimumLineSpacing = 0 }
        st.frame(0.5)
        let second = c.cellForItem(at: IndexPath(item: 1, section: 0))!
        st.at(1) {
            items.counts = [4]
            c.performBatchUpdates({
                c.deleteItems(at: [IndexPath(item: 0, section: 0)])
                c.insertItems(at: [IndexPath(item: 3, section: 0)])
            })
        }
        #expect(c.cellForItem(at: IndexPath(item: 0, section: 0)) === second)   // item 1 is now item 0
        st.frame(1.15)
        #expect(isNear(Double(second.layer.presentation()!.position.y), 75 - 50 * CubicBezier.easeInEaseOut.value(at: 0.5), 1e-6))
        let inserted = c.cellForItem(at: IndexPath(item: 3, section: 0))!
        #expect(isNear(Double(inserted.layer.presentation()!.opacity), CubicBezier.easeInEaseOut.value(at: 0.5), 1e-5))
        st.frame(1.4)
        #expect(second.center.y == 25 && inserted.alpha == 1)
        #expect(c.subviews.filter { $0 is UICollectionViewCell }.count == 4)
    }

    @Test func updatesThatDoNotAddUpAreReportedAndReload() {
        let st = ViewStage(300, 300)
        let items = Items([3])
        let c = make(st, items)
        items.counts = [5]
        c.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(st.engine.diagnostics.last?.contains("Invalid update") == true)
        st.frame(0.5)
        #expect(c.numberOfItems(inSection: 0) == 5 && c.visibleCells.count == 5)
    }

    @Test func anUnregisteredIdentifierIsReportedAndGivesAPlainCell() {
        let st = ViewStage(300, 300)
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        let cell = c.dequeueReusableCell(withReuseIdentifier: "nope", for: IndexPath(item: 0, section: 0))
        #expect(type(of: cell) == UICollectionViewCell.self && st.engine.diagnostics.last?.contains("must register a nib or a class") == true)
    }

    /// A custom layout: a row of cards scaled by their distance from the centre (a carousel).
    final class Carousel: UICollectionViewLayout {
        let size = CGSize(width: 100, height: 100)
        var count: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }
        override var collectionViewContentSize: CGSize { CGSize(width: CGFloat(count) * size.width, height: size.height) }
        override func layoutAttributesForItem(at ip: IndexPath) -> UICollectionViewLayoutAttributes? {
            guard let cv = collectionView else { return nil }
            let a = UICollectionViewLayoutAttributes(forCellWith: ip)
            a.frame = CGRect(x: CGFloat(ip.item) * size.width, y: 0, width: size.width, height: size.height)
            let d = min(1, abs(a.center.x - cv.bounds.midX) / cv.bounds.width)
            a.transform = CGAffineTransform(scaleX: 1 - 0.3 * d, y: 1 - 0.3 * d)
            return a
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    }

    @Test func aCustomLayoutIsAskedAgainAsItScrolls() {
        let st = ViewStage(300, 100)
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: Carousel())
        c.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        let items = Items([10])
        c.dataSource = items
        st.show(c)
        st.frame(0.1)
        #expect(c.cellForItem(at: IndexPath(item: 1, section: 0))?.transform == .identity)
        c.contentOffset = CGPoint(x: 100, y: 0)
        st.frame(0.2)
        #expect(c.cellForItem(at: IndexPath(item: 2, section: 0))?.transform == .identity)
        #expect(isNear(c.cellForItem(at: IndexPath(item: 1, section: 0))!.transform.a, 0.9, 1e-9))
    }
}

/// Records the focus updates a view is told about.
final class FocusWatcher: UIView {
    var updates: [(UIView?, UIView?)] = []
    override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
        updates.append((context.previouslyFocusedView, context.nextFocusedView))
    }
}

@Suite(.isolatedEngine) struct CollectionFocusTests {
    /// A 3-column grid of 100×80 cells in a 320×200 collection view inside a watcher.
    func grid(_ st: ViewStage, _ items: Items) -> (UICollectionView, FocusWatcher) {
        let watcher = FocusWatcher(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 80); layout.minimumLineSpacing = 10
        let c = UICollectionView(frame: watcher.bounds, collectionViewLayout: layout)
        c.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        c.dataSource = items; c.delegate = items
        watcher.addSubview(c)
        st.show(watcher)
        st.frame(0.05)
        return (c, watcher)
    }
    func focused(_ st: ViewStage, _ c: UICollectionView) -> Int? {
        (st.window.focusedView as? UICollectionViewCell).flatMap { c.indexPath(for: $0)?.item }
    }

    @Test func arrowsMoveTheFocusAcrossTheGridAndItScrollsIntoView() {
        let st = ViewStage(320, 200)
        let items = Items([9])
        let (c, watcher) = grid(st, items)
        var trail: [Int?] = []
        for (i, key) in [InputEvent.Key.right, .right, .down, .left, .down].enumerated() {
            let t = 0.1 + Double(i) * 0.5
            st.input(.key(key, isDown: true), at: t)
            st.frame(t)
            trail.append(focused(st, c))
        }
        #expect(trail == [0, 1, 4, 3, 6])                // first press focuses the first cell
        // Row 3 (y 180…260) is below the 200-point view: the focus scrolled it into view.
        st.frame(3)
        #expect(c.contentOffset.y == 60)
        #expect(watcher.updates.count == 5 && watcher.updates.last!.1 === c.cellForItem(at: IndexPath(item: 6, section: 0)))
    }

    @Test func theFocusedCellGrowsAndAPressSelectsIt() {
        let st = ViewStage(320, 200)
        let items = Items([9])
        let (c, _) = grid(st, items)
        st.input(.key(.right, isDown: true), at: 0.1); st.frame(0.1)
        let cell = c.cellForItem(at: IndexPath(item: 0, section: 0))!
        st.frame(0.5)
        #expect(cell.transform.a == 1.08 && cell.layer.shadowOpacity > 0 && cell.isFocused)
        st.input(.key(.enter, isDown: true), at: 0.6)
        st.input(.key(.enter, isDown: false), at: 0.65)
        #expect(items.events == ["select 0"])
        st.input(.key(.right, isDown: true), at: 0.7); st.frame(0.7); st.frame(1.2)
        #expect(cell.transform == .identity && !cell.isFocused)
    }

    @Test func theFocusMovesToItemsPastTheEdgeMakingTheirCellsAndScrollingToThem() {
        let st = ViewStage(300, 200)
        let items = Items([50])
        // One 300-wide row per screen, 20 apart: the next item has no cell until it is needed.
        let c = UICollectionViewTests().make(st, items, size: CGSize(width: 300, height: 200)) { l in
            l.scrollDirection = .horizontal; l.itemSize = CGSize(width: 300, height: 200); l.minimumLineSpacing = 20
        }
        st.frame(0.1)
        #expect(c.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0)])
        st.input(.padButton(.dpadRight, isDown: true), at: 0.2)     // first press: the first cell
        st.frame(0.2)
        #expect(st.window.focusedView === c.cellForItem(at: IndexPath(item: 0, section: 0)))
        var t = 0.3
        for item in 1...3 {
            st.input(.padButton(.dpadRight, isDown: true), at: t)
            let cell = c.cellForItem(at: IndexPath(item: item, section: 0))
            #expect(cell != nil && st.window.focusedView === cell)   // made before the scroll reaches it
            for _ in 0..<40 { t += 1.0 / 60; st.frame(t) }             // the scroll animation
            #expect(c.contentOffset.x == CGFloat(item) * 320)
            #expect(st.window.focusedView === c.cellForItem(at: IndexPath(item: item, section: 0)))
        }
        // Going back left reaches the first item again; the cells stay few.
        for _ in 0..<3 {
            st.input(.key(.left, isDown: true), at: t)
            for _ in 0..<40 { t += 1.0 / 60; st.frame(t) }
        }
        #expect(c.contentOffset.x == 0 && st.window.focusedView === c.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(c.cellsCreated <= 3)
    }
}
