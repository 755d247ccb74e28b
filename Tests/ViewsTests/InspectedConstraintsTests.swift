import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// What the inspector reads of a view's Auto Layout (`UIView.inspectedConstraints`): its
/// constraints (its own first), the one a conflict broke, ambiguity — and that reading it moves
/// nothing, since the panel asks every frame.
@Suite(.isolatedEngine) struct InspectedConstraintsTests {
    @Test func ownConstraintsFirstBrokenOnesMarkedAmbiguityFlagged() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = UIView(), b = UIView()
        for v in [a, b] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
        }
        var reports: [String] = []
        CAEngine.current.reportSink = { reports.append($0) }
        NSLayoutConstraint.activate([
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10), a.topAnchor.constraint(equalTo: root.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 50), a.heightAnchor.constraint(equalToConstant: 20),
            a.widthAnchor.constraint(equalToConstant: 60),                               // conflicts: broken
            b.topAnchor.constraint(equalTo: a.bottomAnchor), b.widthAnchor.constraint(equalToConstant: 30),
        ])                                                                                // b has no height: ambiguous
        root.layoutIfNeeded()
        #expect(reports.count == 1)
        let seenA = a.inspectedConstraints, seenB = b.inspectedConstraints
        #expect(seenA?.constraints.map(\.text) == ["UIView.leading == UIView.leading + 10.0", "UIView.width == 50.0", "UIView.width == 60.0",
                                                   "UIView.top == UIView.top", "UIView.height == 20.0",
                                                   "UIView.leading == UIView.trailing + 8.0", "UIView.top == UIView.bottom"])
        #expect(seenA?.constraints.map(\.isBroken) == [false, false, true, false, false, false, false])
        #expect(seenA?.isAmbiguous == false && seenB?.isAmbiguous == true)
        // Asking again and again leaves the solution where it was.
        let frameB = b.frame
        for _ in 0..<3 { _ = b.inspectedConstraints; _ = b.hasAmbiguousLayout }
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(b.frame == frameB)
        #expect(UIView().inspectedConstraints == nil && root.inspectedConstraints?.constraints.count == 2)
    }
}
