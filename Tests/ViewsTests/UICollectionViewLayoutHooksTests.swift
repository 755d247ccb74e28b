import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// #35 item 7: the layout hooks carousel and cover-flow code uses — a layout's stopping point when
/// the finger lifts, 3-D attributes, settings made in `prepare()`, cells made at their real size.
@Suite(.isolatedEngine) struct UICollectionViewLayoutHooksTests {
    /// A horizontal carousel that snaps to the card nearest where the content would rest.
    final class SnappingLayout: UICollectionViewFlowLayout {
        var asked: [(CGPoint, CGPoint)] = []
        var prepares = 0
        override func prepare() {
            super.prepare()
            prepares += 1
            scrollDirection = .horizontal
            // A size from the collection view's height: set here, in effect in the same frame.
            let h = collectionView?.bounds.height ?? 100
            itemSize = CGSize(width: h * 0.75, height: h * 0.8)
            minimumLineSpacing = 10
        }
        override func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
            asked.append((proposed, velocity))
            let pitch = itemSize.width + minimumLineSpacing
            return CGPoint(x: (proposed.x / pitch).rounded() * pitch, y: proposed.y)
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            super.layoutAttributesForElements(in: rect)?.map { a in
                let c = a.copy()
                var t = CATransform3DIdentity
                t.m34 = -1 / 500
                c.transform3D = CATransform3DRotate(t, 0.3, 0, 1, 0)
                return c
            }
        }
    }

    /// A cell that records the size `init(frame:)` saw.
    final class SizedCell: UICollectionViewCell {
        static var sizesAtInit: [CGSize] = []
        override init(frame: CGRect) {
            super.init(frame: frame)
            Self.sizesAtInit.append(bounds.size)
            layer.cornerRadius = bounds.width / 2
        }
        required init?(coder: NSCoder) { nil }
    }

    final class Source: NSObject, UICollectionViewDataSource, UIScrollViewDelegate {
        var delegateTargets: [CGPoint] = []
        func collectionView(_ c: UICollectionView, numberOfItemsInSection s: Int) -> Int { 30 }
        func collectionView(_ c: UICollectionView, cellForItemAt ip: IndexPath) -> UICollectionViewCell {
            c.dequeueReusableCell(withReuseIdentifier: "card", for: ip)
        }
        func scrollViewWillEndDragging(_ s: UIScrollView, withVelocity v: CGPoint, targetContentOffset t: UnsafeMutablePointer<CGPoint>) {
            delegateTargets.append(t.pointee)
        }
    }

    @Test func aCarouselSnapsToTheCardItsLayoutChoosesAndTheDelegateSeesIt() {
        let st = ViewStage(400, 200)
        let layout = SnappingLayout()
        let c = UICollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 200), collectionViewLayout: layout)
        c.register(SizedCell.self, forCellWithReuseIdentifier: "card")
        let source = Source()
        c.dataSource = source
        c.delegate = source
        SizedCell.sizesAtInit = []
        st.show(c)
        // prepare() set the size from the height: the first cells already have it, and were made at it.
        let card = CGSize(width: 150, height: 160)
        #expect(c.visibleCells.first?.bounds.size == card)
        #expect(!SizedCell.sizesAtInit.isEmpty && SizedCell.sizesAtInit.allSatisfy { $0 == card })
        #expect(c.visibleCells.first?.layer.cornerRadius == 75)
        // Its own settings did not invalidate it: one prepare over several frames.
        for k in 1...5 { st.frame(Double(k) / 60) }
        #expect(layout.prepares == 1)
        // The 3-D attributes reach the cells.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let turned = CATransform3DRotate(perspective, 0.3, 0, 1, 0)
        #expect(c.visibleCells.allSatisfy { CATransform3DEqualToTransform($0.layer.transform, turned) })
        #expect(turned.m34 != 0)
        // A flick to the left: the content would rest between cards; it stops on one.
        var t = 0.2
        st.input(.pointerDown(CGPoint(x: 300, y: 100)), at: t); st.frame(t)
        for k in 1...6 {
            t += 1.0 / 60
            st.input(.pointerMove(CGPoint(x: 300 - Double(k) * 23, y: 100)), at: t); st.frame(t)
        }
        st.input(.pointerUp(CGPoint(x: 300 - 6 * 23, y: 100)), at: t); st.frame(t)
        #expect(layout.asked.count == 1)
        let (proposed, velocity) = layout.asked[0]
        #expect(velocity.x > 0.5)                                   // points per millisecond, content moving right
        let pitch: CGFloat = 160
        #expect(source.delegateTargets.count == 1)
        #expect(source.delegateTargets[0].x == (proposed.x / pitch).rounded() * pitch)   // the layout's answer
        for k in 1...240 { st.frame(t + Double(k) / 60) }
        #expect(!c.isDecelerating)
        #expect(abs(c.contentOffset.x - source.delegateTargets[0].x) < 0.5)
        #expect(c.contentOffset.x > 0 && abs(c.contentOffset.x.truncatingRemainder(dividingBy: pitch)) < 0.5)
    }

    @Test func attributesMadeWithoutAnIndexPathAndTheirTwoTransforms() {
        let a = UICollectionViewLayoutAttributes()
        #expect(a.indexPath == IndexPath(item: 0, section: 0))
        a.indexPath = IndexPath(item: 3, section: 1)
        a.transform = CGAffineTransform(scaleX: 2, y: 3)
        #expect(a.transform3D.m11 == 2 && a.transform3D.m22 == 3 && a.transform3D.m33 == 1)
        var t = CATransform3DIdentity
        t.m34 = -0.002
        a.transform3D = CATransform3DRotate(t, 0.5, 0, 1, 0)
        let c = a.copy()
        #expect(c.indexPath == IndexPath(item: 3, section: 1) && c.transform3D.m34 == a.transform3D.m34)
        let view = UIView()
        view.transform3D = a.transform3D
        #expect(view.layer.transform.m34 == a.transform3D.m34)
        var bad = CATransform3DIdentity
        bad.m11 = .nan
        view.transform3D = bad
        #expect(view.layer.transform.m34 == a.transform3D.m34)      // a NaN matrix is ignored
    }
}
