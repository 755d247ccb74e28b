import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// UIKit's debugging aids (AutoLayout/LayoutEngine+Debugging.swift): the conflict report's text
/// through the engine's report sink, ambiguity, and the constraints that affect a view.
@Suite(.isolatedEngine) struct LayoutEngineDebuggingTests {
    /// Two required widths: one block naming the root's pin, the width that holds and the one
    /// broken, then the one broken again — captured by the sink, not printed.
    @Test func theConflictReport() {
        var captured: [String] = []
        CAEngine.current.reportSink = { captured.append($0) }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = UIView()
        a.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(a)
        let fill = a.widthAnchor.constraint(equalTo: root.widthAnchor)
        let narrow = a.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        NSLayoutConstraint.activate([fill, a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
                                     a.heightAnchor.constraint(equalToConstant: 10), narrow])
        root.layoutIfNeeded()
        #expect(a.frame.width == 400)
        #expect(captured == ["""
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
                "<NSAutoresizingMaskLayoutConstraint h=--& v=--& UIView.minX == 0.0, UIView.width == 400.0>",
                "<NSLayoutConstraint UIView.width == UIView.width>",
                "<NSLayoutConstraint UIView.leading == UIView.leading>",
                "<NSLayoutConstraint narrow UIView.width == 100.0>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint narrow UIView.width == 100.0>
            """])
        #expect(CAEngine.current.diagnostics.last == captured.last)
    }

    /// A view with a width and a left edge but no vertical constraints is ambiguous; pinned, not.
    @Test func ambiguity() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let a = UIView(), b = UIView()
        for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; root.addSubview(v) }
        NSLayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 10),
                                     b.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.widthAnchor.constraint(equalToConstant: 10),
                                     b.topAnchor.constraint(equalTo: root.topAnchor), b.heightAnchor.constraint(greaterThanOrEqualToConstant: 5),
                                     b.heightAnchor.constraint(equalToConstant: 5).withPriority(.defaultLow)])
        root.layoutIfNeeded()
        #expect(a.hasAmbiguousLayout && !b.hasAmbiguousLayout && !root.hasAmbiguousLayout && !UIView().hasAmbiguousLayout)
        #expect(b.constraintsAffectingLayout(for: .horizontal).count == 2 && b.constraintsAffectingLayout(for: .vertical).count == 3)
        #expect(root.constraintsAffectingLayout(for: .vertical).map(\.firstAttribute) == [.top])
    }
}
