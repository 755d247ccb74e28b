import Flipbook
import FlipbookTesting
import Foundation
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The table scene at 390×640 through the frame loop: its demo's row animations at exact times,
/// and docs/scripts/table.script's taps and swipes (expand, delete by swipe, done by swipe).
@Suite(.isolatedEngine) struct TableSceneTests {
    static func controller(_ d: SceneTester) -> TableScene { d.scene as! TableScene }
    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/table.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "table.script")
    }

    /// The demo's first step (at 0.8 s) inserts a row at the top with `.fade`: 0.3 s easing in
    /// and out, so at 0.95 it is half faded in and the rows below half way down.
    @Test func theDemoFadesANewRowIn() throws {
        let d = try SceneTester(scene: "table", width: 390, height: 640)
        d.advance(to: 0.7)
        let table = Self.controller(d).table!
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(first.frame == CGRect(x: 0, y: 28, width: 390, height: 48))
        d.advance(to: 0.95)
        let new = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(new !== first && new.textLabel?.text == "New task 1")
        #expect(isNear(Double(new.layer.presentation()!.opacity), 0.5, 1e-6))
        #expect(isNear(Double(first.layer.presentation()!.position.y), 52 + 24, 1e-6))   // 52 → 100, half way
    }

    /// The script: a tap expands the row (48 → 96 over 0.3 s), a left swipe opens Delete and Flag
    /// and the tap on Delete removes the row; a right swipe's Done checks one off.
    @Test func theScriptExpandsDeletesAndChecksRowsOff() throws {
        let d = try SceneTester(scene: "table", width: 390, height: 640)
        d.play(try Self.script())
        d.advance(to: 1.0)
        let c = Self.controller(d)
        #expect(c.expanded == ["Call the plumber"])
        #expect(c.table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 96)
        let before = c.sections[0].map(\.title)
        d.advance(to: 2.2)
        let swiped = c.table.cellForRow(at: IndexPath(row: 3, section: 0))!
        #expect(swiped.contentView.transform.tx < -140)                       // Delete and Flag showing
        d.advance(to: 3.0)
        #expect(c.sections[0].map(\.title) == before.enumerated().filter { $0.offset != 3 }.map(\.element))
        d.advance(to: 4.6)
        #expect(c.sections[0][1].done)
        d.advance(to: 6)
        let y = c.table.contentOffset.y
        #expect(y > c.table.rectForHeader(inSection: 1).minY)                 // scrolled past "Later"'s place…
        #expect(c.table.headerView(forSection: 1)?.frame.minY == y)           // …which sticks at the top
        #expect(c.table.headerView(forSection: 0) == nil)
        // Row animations leave the cells' own clipping alone (the notes stay inside their rows).
        let cells = c.table.visibleCells
        #expect(!cells.isEmpty && cells.allSatisfy { $0.clipsToBounds })
    }
}
