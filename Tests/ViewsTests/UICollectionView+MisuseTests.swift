import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// A data source whose counts may be anything an `Int` holds.
final class HugeItems: NSObject, UICollectionViewDataSource {
    var sections: Int, items: Int
    init(sections: Int, items: Int) { self.sections = sections; self.items = items }
    func numberOfSections(in c: UICollectionView) -> Int { sections }
    func collectionView(_ c: UICollectionView, numberOfItemsInSection s: Int) -> Int { items }
    func collectionView(_ c: UICollectionView, cellForItemAt ip: IndexPath) -> UICollectionViewCell {
        c.dequeueReusableCell(withReuseIdentifier: "cell", for: ip)
    }
}

/// Misuse of collection views (issue 38, item 4): each gets one reported line (UIKit's message
/// where UIKit has one) and a defined result, never a trap, a hang or unbounded memory.
@Suite(.isolatedEngine) struct UICollectionViewMisuseTests {
    func make(_ st: ViewStage, _ items: UICollectionViewDataSource & UICollectionViewDelegate,
              configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> UICollectionView {
        st.engine.reportSink = { _ in }                      // the lines are read from `diagnostics`
        let layout = UICollectionViewFlowLayout()
        configure(layout)
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
        c.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        c.dataSource = items
        c.delegate = items
        st.show(c)
        return c
    }

    /// UIKit merges a `performBatchUpdates` made inside another's updates into the outer batch;
    /// here the inner one emptied the batch and the outer one unwrapped nil.
    @Test func aBatchInsideAnotherBatchIsMergedIntoIt() {
        let st = ViewStage(300, 300)
        let items = Items([3])
        let c = make(st, items)
        var log: [String] = []
        c.performBatchUpdates({
            items.counts = [5]
            c.insertItems(at: [IndexPath(item: 0, section: 0)])
            c.performBatchUpdates({
                c.insertItems(at: [IndexPath(item: 4, section: 0)])
            }, completion: { finished in log.append("inner \(finished)") })
        }, completion: { finished in log.append("outer \(finished)") })
        #expect(st.engine.diagnostics.isEmpty, "\(st.engine.diagnostics)")
        #expect(c.numberOfItems(inSection: 0) == 5)
        for n in 1...30 { st.frame(Double(n) / 60) }
        #expect(c.visibleCells.count == 5)
        #expect(log == ["outer true", "inner true"])              // in call order
    }

    /// A section inset or spacing that is not finite counts as 0, reported once per layout; it
    /// trapped in `CGRect.intersection`.
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, 1e308])
    func nonFiniteInsetsAndSpacingsCountAsZero(_ bad: CGFloat) {
        let st = ViewStage(300, 300)
        let items = Items([7])
        let c = make(st, items) { l in
            l.itemSize = CGSize(width: 80, height: 50)
            l.sectionInset = UIEdgeInsets(top: bad, left: bad, bottom: bad, right: bad)
            l.minimumLineSpacing = bad; l.minimumInteritemSpacing = bad
        }
        _ = st.render(at: 0.1)
        c.contentOffset = CGPoint(x: 0, y: 40)
        _ = st.render(at: 0.2)
        let frames = (0..<7).compactMap { c.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.count == 7 && frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite })
        if bad != 1e308 {                                       // 1e15 points down: nothing in view
            #expect(c.visibleCells.count == 7)
            #expect(frames.map(\.minY) == [0, 0, 0, 50, 50, 50, 100])
            #expect(st.engine.diagnostics.count == 1 && st.engine.diagnostics.last?.contains("not finite") == true,
                    "\(st.engine.diagnostics)")
        }
    }

    @Test func insertingOrDeletingOutOfRangeGetsUIKitsMessageAndIsIgnored() {
        let st = ViewStage(300, 300)
        let items = Items([3])
        let c = make(st, items)
        let before = c.visibleCells.map { ObjectIdentifier($0) }
        c.insertItems(at: [IndexPath(item: 7, section: 0)])
        #expect(st.engine.diagnostics == ["UICollectionView.insertItems: attempt to insert item 7 into section 0, but there are only 3 items in section 0 after the update (ignored)"])
        c.deleteItems(at: [IndexPath(item: 3, section: 0)])
        #expect(st.engine.diagnostics.last == "UICollectionView.deleteItems: attempt to delete item 3 from section 0 which only contains 3 items before the update (ignored)")
        c.deleteItems(at: [IndexPath(item: 0, section: 2)])
        #expect(st.engine.diagnostics.last == "UICollectionView.deleteItems: attempt to delete item 0 from section 2, but there are only 1 sections before the update (ignored)")
        c.insertItems(at: [IndexPath(item: -1, section: 0)])
        #expect(st.engine.diagnostics.last == "UICollectionView.insertItems: attempt to insert item -1 into section 0, but there are only 3 items in section 0 after the update (ignored)")
        #expect(st.engine.diagnostics.count == 4)
        for n in 1...30 { st.frame(Double(n) / 60) }
        #expect(c.numberOfItems(inSection: 0) == 3 && c.visibleCells.map { ObjectIdentifier($0) } == before)
        // Inside a batch the bad path is dropped and the rest applies.
        c.performBatchUpdates({
            items.counts = [4]
            c.insertItems(at: [IndexPath(item: 3, section: 0), IndexPath(item: 9, section: 0)])
        })
        #expect(st.engine.diagnostics.count == 5 && st.engine.diagnostics.last?.contains("attempt to insert item 9") == true)
        for n in 31...60 { st.frame(Double(n) / 60) }
        #expect(c.visibleCells.count == 4)
    }

    @Test func scrollingToAnItemPastTheEndGetsUIKitsMessageAndIsIgnored() {
        let st = ViewStage(300, 300)
        let items = Items([40])
        let c = make(st, items)
        c.contentOffset = CGPoint(x: 0, y: 60)
        c.scrollToItem(at: IndexPath(item: 40, section: 0), at: .top, animated: false)
        #expect(st.engine.diagnostics == ["UICollectionView.scrollToItem: Attempted to scroll the collection view to an out-of-bounds item (40) when there are only 40 items in section 0 (ignored)"])
        c.scrollToItem(at: IndexPath(item: 0, section: 3), at: .top, animated: true)
        #expect(st.engine.diagnostics.last == "UICollectionView.scrollToItem: Attempted to scroll the collection view to an out-of-bounds section (3) when there are only 1 sections (ignored)")
        #expect(c.contentOffset == CGPoint(x: 0, y: 60))
        c.scrollToItem(at: IndexPath(item: 39, section: 0), at: .top, animated: false)
        #expect(c.contentOffset.y > 60 && st.engine.diagnostics.count == 2)
    }

    /// A data source reporting `Int.max` items laid every one of them out until memory ran out;
    /// at most `UICollectionView.maximumItemCount` items are laid out, with one reported line.
    @Test(arguments: [(1, Int.max), (1_000_000, 2)])
    func hugeItemCountsAreBounded(_ sections: Int, _ items: Int) {
        let st = ViewStage(300, 300)
        let source = HugeItems(sections: sections, items: items)
        st.engine.reportSink = { _ in }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 44); layout.minimumLineSpacing = 0
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
        c.register(CountingCell.self, forCellWithReuseIdentifier: "cell")
        c.dataSource = source
        st.show(c)
        let total = (0..<c.numberOfSections).reduce(0) { $0 + c.numberOfItems(inSection: $1) }
        #expect(total == UICollectionView.maximumItemCount)
        #expect(st.engine.diagnostics.count == 1 && st.engine.diagnostics.last?.contains("at most") == true, "\(st.engine.diagnostics)")
        #expect(c.visibleCells.count == 7)
        st.frame(0.1)
        #expect(st.engine.diagnostics.count == 1)
    }
}
