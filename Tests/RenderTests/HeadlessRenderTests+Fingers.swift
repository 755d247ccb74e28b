import FrameLoop
import Flipbook
import Foundation
@testable import DevTools
@testable import Render
@testable import Window
import TestSupport
import Testing

extension HeadlessRenderTests {
    /// A render plays a `pinch` line as a person makes it in the window: Alt and the mouse, through
    /// SDL and the router, which make it two fingers mirrored about the line's point.
    @Test func aScriptedPinchIsTheMouseWithAlt() throws {
        let events = try Self.record("0.1 pinch 100 50 2 0.5", width: 200, height: 100, frames: 45).map(\.1)
        #expect(events.contains(.key(.named("Left Alt"), isDown: true)))
        #expect(events.contains(.touches([.init(.first, .down, CGPoint(x: 60, y: 50)), .init(.second, .down, CGPoint(x: 140, y: 50))])))
        #expect(events.contains(.touches([.init(.first, .up, CGPoint(x: 20, y: 50)), .init(.second, .up, CGPoint(x: 180, y: 50))])))
        let moves = events.filter { if case .touches(let s) = $0 { s.first?.phase == .move } else { false } }
        #expect(moves.count > 20, "\(moves.count)") // a move on every frame between
        #expect(!events.contains { if case .pointerDown = $0 { true } else { false } })
    }
}
