import Flipbook
@testable import DevTools
import Scenes
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

    func cards(_ m: MenuScene) -> [CALayer] { m.rootLayer.sublayers!.last!.sublayers! }

    @Test func theGridIsCentredAndItsCardsFitTheWindow() {
        for (w, h) in [(1280.0, 720.0), (640, 480), (1920, 1080), (300, 400)] {
            let m = menu(w, h)
            let frames = cards(m).map(\.frame)
            let left = frames.map(\.minX).min()!, right = frames.map(\.maxX).max()!
            #expect(abs(left - (w - right)) < 1e-9, "\(w)×\(h): \(left) left, \(w - right) right")
            #expect(frames.allSatisfy { $0.width >= min(250, w - 32) && $0.width <= 340 }, "\(w)×\(h)")
            // Every summary wraps and ends with an ellipsis where it is cut, never mid-line.
            #expect(cards(m).allSatisfy { ($0.sublayers?[1] as? CATextLayer)?.truncationMode == .end })
        }
        #expect(Set(cards(menu(1280, 720)).map(\.frame.minX)).count == 4)
    }

    @Test func keysScrollTheSelectionIntoViewAndClicksFindCardsThroughTheScroll() throws {
        let m = menu(640, 480)
        let content = m.rootLayer.sublayers!.last!
        #expect(content.bounds.minY == 0)
        for _ in 0..<SceneRegistry.all.count { m.handle(.key(.down, isDown: true), at: 0.1) }   // down to the last row
        let last = cards(m)[cards(m).count - 1].frame
        #expect(content.bounds.minY > 0 && content.bounds.maxY >= last.maxY)
        // A click where the last card is on screen opens it.
        let onScreen = CGPoint(x: last.midX, y: last.midY - content.bounds.minY + content.frame.minY)
        m.handle(.pointerUp(onScreen), at: 0.2)
        #expect(m.takeChoice() == SceneRegistry.all[cards(m).count - 1])
        m.handle(.wheel(at: onScreen, delta: CGVector(dx: 0, dy: -10_000)), at: 0.3)
        #expect(content.bounds.minY == 0)
        m.handle(.wheel(at: onScreen, delta: CGVector(dx: 0, dy: 10_000)), at: 0.4)
        #expect(content.bounds.maxY == last.maxY + 4 + 14)      // to the end (4 below the last card, then the gap), not past it
    }
}
