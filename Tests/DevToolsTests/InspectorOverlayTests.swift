import FrameLoop
import Flipbook
@testable import DevTools
import Raster
import TestSupport
import Testing

@Suite(.isolatedEngine) struct InspectorOverlayTests {
    /// The card's centre on screen at the last frame (its presented position: it glides).
    func cardCenter(_ rig: ToolsRig) -> CGPoint { rig.stage.card.presented.position }

    @Test func pickingFollowsTransformsAndPresentationValues() throws {
        let rig = ToolsRig(inspector: true)
        try rig.run(toFrame: 30)   // 0.5 s: the card is at x 165 on screen, its model still says 120
        let root = rig.stage.rootLayer
        let c = cardCenter(rig)
        #expect(abs(c.x - 165) < 1e-9 && rig.stage.card.position.x == 120)
        #expect(LayerPicker.pick(at: c, root: root) === rig.stage.card)
        // Inside the card as its model places it (55 left of 120, 250), not where it is drawn.
        #expect(LayerPicker.pick(at: CGPoint(x: 65, y: 250), root: root) === root)
        // The card is turned 30°: a point inside its unturned frame's corner is outside it, and a
        // point beyond that frame along its turned long side is inside.
        let corner = CGPoint(x: c.x - 58, y: c.y - 38)
        #expect(LayerPicker.pick(at: corner, root: root) === root)
        // The card's own point (55, 35) from its centre, turned 30°: 57.8 below the centre, past the
        // unturned frame's half height of 40.
        let a = Double.pi / 6
        let turned = CGPoint(x: c.x + 55 * cos(a) - 35 * sin(a), y: c.y + 55 * sin(a) + 35 * cos(a))
        #expect(turned.y > c.y + 40)
        #expect(LayerPicker.pick(at: turned, root: root) === rig.stage.card)
        // The badge, inside the turned card: its centre, mapped through both transforms.
        let badgeQuad = try #require(LayerPicker.quad(of: rig.stage.badge))
        let bc = CGPoint(x: badgeQuad.map(\.x).reduce(0, +) / 4, y: badgeQuad.map(\.y).reduce(0, +) / 4)
        #expect(LayerPicker.pick(at: bc, root: root) === rig.stage.badge)
        // A click selects what the pick finds and is not the scene's.
        rig.inspector.select(nil)
        rig.driver.enqueue([.pointerDown(bc), .pointerUp(bc)])
        #expect(rig.inspector.selected === rig.stage.badge)
        #expect(rig.stage.received.isEmpty)
    }

    /// Opening the inspector docks its panel beside the scene: the stage is resized to the window
    /// less the panel's width (the scene lays itself out in what remains), the panel fills the room
    /// on the right, and closing gives the width back.
    @Test func openingNarrowsTheStageByThePanelAndClosingGivesItBack() throws {
        let rig = ToolsRig()
        try rig.run(toFrame: 0)
        #expect(rig.driver.stageSizeInPoints == CGSize(width: 640, height: 400) && rig.stage.sizes.last == CGSize(width: 640, height: 400))
        let background = rig.driver.bitmap[500, 20]
        rig.driver.enqueue([.key(.character("i"), isDown: true), .key(.character("i"), isDown: false)])
        try rig.run(toFrame: 1)
        let width = InspectorLayout.dockWidth(forWindowWidth: 640)
        #expect(width == 320 && rig.inspector.docked == DockedSpace(right: 320))
        #expect(rig.stage.sizes.last == CGSize(width: 320, height: 400) && rig.stage.rootLayer.bounds.width == 320)
        #expect(rig.driver.stageSizeInPoints == CGSize(width: 320, height: 400) && rig.driver.stagePixelWidth == 320)
        #expect(rig.inspector.layout.panel == CGRect(x: 320, y: 0, width: 320, height: 400))
        // Beside, not over: the scene's pixels end where the panel's begin.
        #expect(rig.driver.bitmap[319, 20] == background && rig.driver.bitmap[321, 20] != background)
        #expect(rig.driver.bitmap[500, 20] != background)
        rig.driver.enqueue([.key(.escape, isDown: true), .key(.escape, isDown: false)])
        try rig.run(toFrame: 2)
        #expect(!rig.inspector.isOpen && rig.inspector.docked == .none)
        #expect(rig.stage.sizes.last == CGSize(width: 640, height: 400) && rig.driver.stageSizeInPoints.width == 640)
        #expect(rig.driver.bitmap[500, 20] == background)
        #expect(rig.stage.sizes.count == 3)   // the first size, the narrower one, the whole width again
        // A wide window gives the panel 400 points; a size that is not a number, none.
        #expect(InspectorLayout.dockWidth(forWindowWidth: 1600) == 400 && InspectorLayout.dockWidth(forWindowWidth: .nan) == 0)
    }

    /// With the panel docked, a window point is the scene's point: a click on the card selects it,
    /// and a click where the card runs on under the panel is the panel's, not a pick.
    @Test func aPickWithThePanelDockedMapsToTheScenesLayer() throws {
        let rig = ToolsRig(inspector: true)
        try rig.run(toFrame: 120)   // 2 s: the glide's far end, x 300; the turned card reaches past 320
        let root = rig.stage.rootLayer
        let c = cardCenter(rig)
        #expect(abs(c.x - 300) < 1e-9 && rig.driver.stageSizeInPoints.width == 320)
        rig.driver.enqueue([.pointerDown(c), .pointerUp(c)])
        #expect(rig.inspector.selected === rig.stage.card)
        rig.driver.enqueue([.pointerDown(CGPoint(x: 20, y: 100)), .pointerUp(CGPoint(x: 20, y: 100))])
        #expect(rig.inspector.selected === root)
        // The turned card runs on under the panel with its badge, which a pick in the tree finds
        // there, but the point is the panel's: the inspector picks nothing.
        let under = CGPoint(x: 335, y: c.y)
        #expect(LayerPicker.pick(at: under, root: root) === rig.stage.badge)
        #expect(rig.inspector.pick(at: under) == nil)
        rig.driver.enqueue([.pointerDown(under), .pointerUp(under)])
        #expect(rig.inspector.selected === root && rig.stage.received.isEmpty)
    }

    @Test func thePanelShowsModelAgainstPresentationMidAnimation() throws {
        let rig = ToolsRig(inspector: true)
        try rig.run(toFrame: 30)
        let rows = InspectorOverlay.valueRows(rig.stage.card)
        let position = try #require(rows.first { $0.name == "position" })
        #expect(position.model == "120.0, 250.0" && position.presented == "165.0, 250.0")
        let opacity = try #require(rows.first { $0.name == "opacity" })
        #expect(opacity.model == "1.000" && opacity.differs)
        #expect(rows.first { $0.name == "size" }?.differs == false)
        #expect(rows.first { $0.name == "transform" }?.model == "s1.00 r30.0°")
        // Its animations as the timeline shows them: begin, length, repeats, fill, where they are.
        let now = rig.stage.card.inspectedLayerTime
        let bars = rig.stage.card.inspectedAnimations.map { InspectorOverlay.AnimationBar(key: $0.key, animation: $0.animation, now: now) }
        #expect(bars.map(\.key) == ["glide", "fade"])
        #expect(bars[0].begin == 0 && bars[0].active == 8 && bars[0].cycle == 4 && bars[0].autoreverses)
        #expect(bars[0].fillsBackwards && bars[0].fillsForwards && bars[0].status == "0.25")
        #expect(bars[1].active == 1.5 && !bars[1].fillsForwards && bars[1].curveName == "(0.42,0.00,0.58,1.00)")
        let tree = InspectorOverlay.flatten(rig.stage.rootLayer).map { InspectorOverlay.treeLine($0.layer, depth: $0.depth) }
        #expect(tree[0] == "CALayer \"root\" 0,0 320×400")   // laid out beside the docked panel
        #expect(tree[1].hasPrefix(" CALayer \"card\" ") && tree[1].hasSuffix(" ◆"))
        #expect(tree[2] == "  CALayer \"badge\" 80,10 30×20")
    }

    @Test func keysWalkTheTreeAndTheSceneGetsThemBackWhenClosed() throws {
        let rig = ToolsRig()
        try rig.run(toFrame: 0)
        rig.driver.enqueue([.padButton(.y, isDown: true), .padButton(.y, isDown: false)])
        #expect(rig.inspector.isOpen)
        rig.driver.enqueue([.key(.down, isDown: true)])
        #expect(rig.inspector.selected === rig.stage.rootLayer)   // nothing selected: the root first
        rig.driver.enqueue([.padButton(.dpadDown, isDown: true), .key(.down, isDown: true)])
        #expect(rig.inspector.selected === rig.stage.badge)
        rig.driver.enqueue([.key(.left, isDown: true)])
        #expect(rig.inspector.selected === rig.stage.card)
        rig.driver.enqueue([.padButton(.dpadRight, isDown: true)])
        #expect(rig.inspector.selected === rig.stage.badge)
        #expect(rig.stage.received.isEmpty)
        rig.driver.enqueue([.key(.escape, isDown: true), .key(.down, isDown: true)])
        try rig.run(toFrame: 1)
        #expect(!rig.inspector.isOpen && rig.stage.received == [.key(.down, isDown: true)])
    }

    @Test func itWorksWhileThePausedWindowSleeps() throws {
        let rig = ToolsRig(inspector: true)
        try rig.run(toFrame: 30)
        rig.driver.apply(.togglePause)
        try rig.run(toFrame: 31)
        #expect(!rig.driver.hasWork)                        // paused and idle: the window would sleep
        rig.driver.hover(at: cardCenter(rig))
        #expect(rig.driver.hasWork && rig.driver.nextDeadline() != nil) // a hover wakes it for one frame
        try rig.run(toFrame: 32)
        #expect(rig.inspector.hovered === rig.stage.card && !rig.driver.hasWork)
        rig.driver.enqueue([.pointerDown(cardCenter(rig)), .pointerUp(cardCenter(rig))])
        #expect(rig.driver.hasWork && rig.inspector.selected === rig.stage.card)
        #expect(InspectorOverlay.valueRows(rig.stage.card).first { $0.name == "position" }?.presented == "165.0, 250.0")
    }

    @Test func hugeAndDeepTreesNeitherCrashNorStall() throws {
        let rig = ToolsRig(inspector: true)
        try rig.run(toFrame: 0)
        var deepest = rig.stage.rootLayer
        rig.stage.engine.perform {
            CATransaction.performWithoutAnimation {
                for i in 0..<10_000 {
                    let l = CALayer()
                    l.frame = CGRect(x: Double(i % 100) * 6, y: Double(i / 100) * 4, width: 5, height: 3)
                    rig.stage.rootLayer.addSublayer(l)
                }
                for _ in 0..<1_000 {
                    let l = CALayer()
                    l.frame = CGRect(x: 0.05, y: 0.05, width: 300, height: 300)
                    deepest.addSublayer(l)
                    deepest = l
                }
            }
        }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try rig.run(toFrame: 1)
            rig.inspector.select(deepest)
            rig.driver.hover(at: CGPoint(x: 100, y: 100))
            try rig.run(toFrame: 2)
        }
        #expect(rig.inspector.rows.count == 3 + 10_000 + 1_000)
        #expect(rig.inspector.pick(at: CGPoint(x: 100, y: 100)) === deepest)
        #expect(rig.inspector.hovered === deepest)
        // The selection is scrolled into view: the last rows of 11,003.
        #expect(rig.inspector.scrollRow > 10_000)
        #expect(InspectorOverlay.treeLine(deepest, depth: 1_001).contains("[1001]"))
        #expect(elapsed < .seconds(20))   // debug build, shared machine: a stall would be minutes
    }

    /// The inspector over the known scene at 0.5 s with the card selected: the tree, the values
    /// (position and opacity differ), the two animation bars with the time line, and the fade's
    /// ease-in-ease-out curve with its dot. Edges in it: the card's turned rectangle, the outline,
    /// the curve polyline (straight segments; no Bézier flattening) and the dot.
    @Test func inspectorGolden() throws {
        let rig = ToolsRig(inspector: true, width: 800, height: 560)
        try rig.run(toFrame: 29)
        rig.driver.enqueue([.pointerDown(cardCenter(rig)), .pointerUp(cardCenter(rig))])
        rig.driver.hover(at: CGPoint(x: 40, y: 40))
        try rig.run(toFrame: 30)
        let second = rig.inspector.layout.animationRows[1]
        rig.driver.enqueue([.pointerDown(CGPoint(x: second.midX, y: second.midY)), .pointerUp(CGPoint(x: second.midX, y: second.midY))])
        rig.driver.apply(.togglePause)
        rig.source.advance()
        try rig.driver.runFrame()
        #expect(rig.inspector.selectedAnimation == 1 && rig.inspector.selected === rig.stage.card)
        #expect(Snapshot.verify(rig.driver.bitmap, named: "inspector", file: #filePath) == nil)
    }

    /// The panel follows the layer property table: the always-shown rows in the table's order, and
    /// a property left at Core Animation's default only when it is not (the shadow's radius here).
    @Test func valueRowsFollowThePropertyTable() {
        let layer = CALayer()
        let always = ["position", "size", "anchor", "opacity", "transform", "zPosition", "corner", "background", "hidden", "border", "shadow"]
        #expect(InspectorOverlay.valueRows(layer).map(\.name) == always)
        layer.shadowRadius = 12
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let rows = InspectorOverlay.valueRows(layer)
        #expect(rows.map(\.name) == ["position", "size", "anchor", "opacity", "transform", "zPosition", "corner", "background", "hidden",
                                     "border", "borderColor", "shadow", "shadowRadius"])
        #expect(rows.first { $0.name == "shadowRadius" }?.model == "12.0" && rows.first { $0.name == "borderColor" }?.model == "#ff0000ff")
    }
}
