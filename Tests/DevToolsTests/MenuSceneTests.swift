import Flipbook
import FrameLoop
@testable import DevTools
import Raster
import RasterIO
@testable import Scenes
import TestSupport
import Testing

/// The scene menu's grid: centred in the window, as many 250–340-point columns as fit, and
/// scrolled when the cards do not fit — the selection kept in view, clicks found through the scroll.
@Suite(.isolatedEngine) struct MenuSceneTests {
    func menu(_ width: Double, _ height: Double) -> MenuScene {
        let m = MenuScene()
        m.choices = SceneRegistry.all
        m.setUp(size: CGSize(width: width, height: height), time: 0)
        return m
    }

    /// The cards shown, in screen order.
    func cards(_ m: MenuScene) -> [CALayer] { m.rows.joined().map { m.cards[$0].layer } }

    @Test func theGridIsCentredAndItsCardsFitTheWindow() {
        for (w, h) in [(1280.0, 720.0), (640, 480), (1920, 1080), (300, 400)] {
            let m = menu(w, h)
            let frames = cards(m).map(\.frame)
            let left = frames.map(\.minX).min()!, right = frames.map(\.maxX).max()!
            #expect(abs(left - (w - right)) < 1e-9, "\(w)×\(h): \(left) left, \(w - right) right")
            #expect(frames.allSatisfy { $0.width >= min(250, w - 32) && $0.width <= 340 }, "\(w)×\(h)")
            // Every summary wraps and ends with an ellipsis where it is cut, never mid-line.
            #expect(m.cards.allSatisfy { $0.summary.truncationMode == .end && $0.summary.isWrapped })
        }
        #expect(Set(cards(menu(1280, 720)).map(\.frame.minX)).count == 4)
    }

    @Test func keysScrollTheSelectionIntoViewAndClicksFindCardsThroughTheScroll() throws {
        let m = menu(640, 480)
        let content = m.content
        #expect(content.bounds.minY == 0)
        for _ in 0..<SceneRegistry.all.count { m.handle(.key(.down, isDown: true), at: 0.1) }   // down to the last row
        let last = cards(m)[cards(m).count - 1].frame
        #expect(content.bounds.minY > 0 && content.bounds.maxY >= last.maxY)
        // A click where the last card is on screen opens it.
        let onScreen = CGPoint(x: last.midX, y: last.midY - content.bounds.minY + content.frame.minY)
        m.handle(.pointerUp(onScreen), at: 0.2)
        #expect(m.takeChoice() == m.cards[m.rows.last!.last!].type)
        m.handle(.wheel(at: onScreen, delta: CGVector(dx: 0, dy: -10_000)), at: 0.3)
        #expect(content.bounds.minY == 0)
        m.handle(.wheel(at: onScreen, delta: CGVector(dx: 0, dy: 10_000)), at: 0.4)
        #expect(content.bounds.maxY == last.maxY + 14 + 8)      // to the end (the gap below the last row and the section's), not past it
    }

    /// The headings shown, top to bottom.
    func headings(_ m: MenuScene) -> [String] {
        m.content.sublayers!.filter { ($0.name ?? "").hasPrefix("section-") && !$0.isHidden }
            .sorted { $0.frame.minY < $1.frame.minY }.map { ($0 as! CATextLayer).string ?? "" }
    }

    @Test func sectionsComeInOrderEachInRegistryOrderAndEmptyOnesAreNotShown() {
        let m = MenuScene()
        m.choices = [HelloScene.self, OwnScene.self, CountdownScene.self, TableScene.self, GeometryScene.self]
        m.setUp(size: CGSize(width: 1280, height: 720), time: 0)
        #expect(headings(m) == ["From the articles", "Your scenes", "Tools and demos"])
        #expect(cards(m).map(\.name) == ["card-countdown", "card-geometry", "card-own", "card-hello", "card-table"])
        // Each section's cards lie below its heading and above the next one's; a section starts a new row.
        let ys = m.content.sublayers!.filter { ($0.name ?? "").hasPrefix("section-") }.map(\.frame.minY).sorted()
        let rowsY = cards(m).map(\.frame.minY)
        #expect(ys[0] < rowsY[0] && rowsY[1] == rowsY[0] && ys[1] > rowsY[1] && ys[1] < rowsY[2] && ys[2] > rowsY[2] && ys[2] < rowsY[3])
        // The line on what the seed articles are shows under their heading, and only with it.
        let note = m.content.sublayers!.first { ($0 as? CATextLayer)?.string?.contains("Vietnamese articles on iOS animation") == true }
        #expect(note?.isHidden == false)

        let toolsOnly = MenuScene()
        toolsOnly.choices = [HelloScene.self, TableScene.self]
        toolsOnly.setUp(size: CGSize(width: 1280, height: 720), time: 0)
        #expect(headings(toolsOnly) == ["Tools and demos"])
        #expect(toolsOnly.content.sublayers!.contains { $0 === note } == false)
        let notes = toolsOnly.content.sublayers!.filter { ($0 as? CATextLayer)?.string?.contains("Vietnamese") == true }
        #expect(notes.count == 1 && notes.allSatisfy(\.isHidden))
        // A program of one's own: its scenes are "Your scenes".
        let own = MenuScene()
        own.choices = [OwnScene.self]
        own.setUp(size: CGSize(width: 640, height: 480), time: 0)
        #expect(headings(own) == ["Your scenes"])
    }

    @Test func typingFiltersTheCardsBackspaceEditsAndEscapeClearsBeforeItQuits() {
        let p = Playground(registry: SceneRegistry.all, initial: nil)
        p.resize(to: CGSize(width: 1280, height: 720), scale: 1)
        p.beginFrame(at: 0)
        let m = p.scene as! MenuScene
        #expect(p.isTakingTextInput)      // at the menu, letters are the filter's, not playground keys
        let style = UIScreen.main.userInterfaceStyle
        m.handle(.key(.right, isDown: true), at: 0.05)   // the selection on a card the filter hides
        for (i, c) in "CIT".enumerated() { p.handle(.key(.character(c), isDown: true), at: 0.1 + Double(i) / 100) }
        #expect(cards(m).map(\.name) == ["card-cities"])
        #expect(m.title.string == "Scenes matching \u{201C}CIT\u{201D}")
        #expect(m.cards[m.selected].type == CitiesScene.self)   // the selection moved onto a shown card
        p.handle(.key(.backspace, isDown: true), at: 0.2)
        p.handle(.key(.backspace, isDown: true), at: 0.21)
        #expect(m.filter == "C")
        #expect(Set(cards(m).map(\.name)) == Set(SceneRegistry.all.filter { ($0.name + $0.summary).lowercased().contains("c") }.map { "card-\($0.name)" }))
        // Words: every one must be in the name or the summary, in any case.
        for c in "ITIES" { p.handle(.key(.character(c), isDown: true), at: 0.3) }
        p.handle(.key(.space, isDown: true), at: 0.31)
        for c in "expands" { p.handle(.key(.character(c), isDown: true), at: 0.32) }
        #expect(cards(m).map(\.name) == ["card-cities"])
        // Nothing matches: a line says so and Enter opens nothing.
        p.handle(.key(.character("q"), isDown: true), at: 0.4)
        #expect(cards(m).isEmpty && !m.nothing.isHidden)
        p.handle(.key(.enter, isDown: true), at: 0.41)
        #expect(p.currentSceneName == "menu")
        #expect(UIScreen.main.userInterfaceStyle == style)   // "a" was typed, not the appearance key
        _ = p.takeRequests()
        p.handle(.key(.escape, isDown: true), at: 0.5)    // clears the filter…
        #expect(m.filter.isEmpty && m.nothing.isHidden && cards(m).count == SceneRegistry.all.count)
        #expect(m.title.string == "Flipbook \u{2014} choose a scene")
        #expect(p.takeRequests().isEmpty)
        p.handle(.key(.escape, isDown: true), at: 0.6)    // …and then quits
        #expect(p.takeRequests() == [.quit])
    }

    /// The pad's B at the menu clears the filter as Escape does, played as an input script through
    /// the frame driver (as `--input` and the virtual pad give it); with no filter B stays (it never
    /// quits: a pad has no other way back into the menu), where Escape quits.
    @Test func padBClearsTheFilterButNeverQuits() throws {
        let p = Playground(registry: SceneRegistry.all, initial: nil)
        let source = ManualSource(fps: 60)
        let driver = try #require(FrameDriver(stage: p, clock: MediaClock(source: source), pixelWidth: 640, pixelHeight: 360, scale: 1))
        var input = ScheduledInput()
        input.add(try InputScript.parse("""
            0.10 key c
            0.15 key i
            0.30 pad b down
            0.35 pad b up
            0.50 pad b down
            0.55 pad b up
            """, file: "padB"))
        var filterAt: [Int: String] = [:]
        var requests: [HostRequest] = []
        for frame in 0...42 {
            let t = Double(frame) / 60
            driver.enqueue(input.events(dueAt: t))
            try driver.runFrame(at: t)
            requests += p.takeRequests()
            filterAt[frame] = (p.scene as? MenuScene)?.filter
        }
        #expect(filterAt[12] == "ci")        // 0.2 s: typed
        #expect(filterAt[24] == "")          // 0.4 s: B cleared it
        #expect(filterAt[42] == "" && p.currentSceneName == "menu")
        #expect(!requests.contains(.quit), "B quit: \(requests)")
        // Escape, by contrast, quits once there is no filter.
        p.handle(.key(.escape, isDown: true), at: 0.8)
        #expect(p.takeRequests() == [.quit])
    }

    /// A card's summary box is two of its lines as a text layer draws them, at 1 and 2 pixels per
    /// point and in between: both lines whole (their descenders inside the box), no third one
    /// started (a line that starts inside a text layer's height is drawn, cut).
    @Test(arguments: [1.0, 1.25, 1.5, 2.0])
    func theSummaryBoxHoldsTwoWholeLines(_ scale: Double) throws {
        let m = MenuScene()
        m.choices = SceneRegistry.all
        m.pixelScale = scale
        m.setUp(size: CGSize(width: 1280, height: 720), time: 0)
        let px = Int((13 * scale).rounded())
        let line = FontLibrary.shared.lineHeight(face: .regular, pixelSize: px)
        try #require(line > 0)
        for card in m.cards {
            let box = card.summary.frame
            let tall = Int((Double(box.height) * scale).rounded(.up)), wide = Int((Double(box.width) * scale).rounded(.up))
            #expect(tall == 2 * line, "\(card.type.name) at \(scale): \(tall) px for two \(line)-px lines")
            // The layer's own text block: two lines drawn whole, the second ending in "…" where cut.
            let block = TextBlock(string: card.type.summary, fontName: "", pixelSize: px, color: Color(r: 1, g: 1, b: 1),
                                  alignment: .left, wraps: true, width: wide, maxHeight: tall, truncation: .tail)
            let drawn = try #require(FontLibrary.shared.rasterize(block))
            #expect(drawn.height <= tall && drawn.height % line == 0, "\(card.type.name): \(drawn.height) px drawn in \(tall)")
        }
    }

    @Test func arrowsMoveThroughTheShownCardsAcrossSections() {
        let m = menu(1280, 720)
        // Four columns: articles in two rows of four, tools from the third row.
        #expect(m.rows.map(\.count) == [4, 4, 4, 4, 1])
        for _ in 0..<5 { m.handle(.key(.down, isDown: true), at: 0.1) }
        #expect(m.selected == m.rows[4][0])
        m.handle(.key(.up, isDown: true), at: 0.2)
        m.handle(.key(.right, isDown: true), at: 0.3)
        m.handle(.key(.right, isDown: true), at: 0.4)
        #expect(m.selected == m.rows[3][2])
        m.handle(.key(.down, isDown: true), at: 0.5)    // the shorter last row: its last card
        #expect(m.selected == m.rows[4][0])
        m.handle(.key(.left, isDown: true), at: 0.6)    // left from a row's first card: the card before it
        #expect(m.selected == m.rows[3][3])
    }
}

/// A scene of a program's own: no `menuSection`, so "Your scenes".
final class OwnScene: Scene {
    static let name = "own"
    static let summary = "A scene of one's own"
    let rootLayer = CALayer()
    init() {}
    func setUp(size: CGSize, time: Double) {}
}
