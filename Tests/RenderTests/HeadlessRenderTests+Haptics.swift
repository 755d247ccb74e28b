import FrameLoop
import Flipbook
import Foundation
import CSDL2
@testable import Render
import Testing
import TestSupport

// In HeadlessRenderTests' serialized suite: SDL is one per process.
extension HeadlessRenderTests {
    /// A scene's haptic feedback reaching a game controller's motors: SDL's virtual joystick keeps
    /// the rumbles SDL asks of it, so the whole path from `impactOccurred()` to the pad is checked.
    @Suite(.isolatedEngine, .serialized) struct HapticsTests {
        static func motor(_ v: Double) -> UInt16 { UInt16((v * 65535).rounded()) }

        @Test func feedbackRumblesTheOpenControllerAtItsTimes() throws {
            let session = try SDLSession.start(headless: true)
            defer { session.shutdown() }
            let pad = VirtualPad()
            defer { pad.disconnect(); session.closeControllers() }
            SDL_PumpEvents()
            _ = session.pollEvents()                 // the pad's arrival: the session opens it
            #expect(session.hasControllers)
            let engine = CAEngine()
            let player = RumblePlayer(engine: engine, session: session)
            defer { player.close() }
            // SDL calls a pad's motors only when their strengths change, and stops them when a
            // rumble's time is over at its next update: as the window's loop does, let that happen.
            func settle() { SDL_Delay(80); SDL_JoystickUpdate() }
            func taps() -> [(low: UInt16, high: UInt16)] { pad.rumbles.filter { $0.low != 0 || $0.high != 0 } }
            engine.beginFrame(at: 1)
            engine.perform { UIImpactFeedbackGenerator(style: .heavy).impactOccurred() }
            player.play(upTo: 1)
            #expect(taps().count == 1 && taps()[0].low == Self.motor(0.9) && taps()[0].high == Self.motor(0.6))
            settle()
            #expect(pad.rumbles.last.map { $0.low == 0 && $0.high == 0 } == true)   // stopped after 50 ms
            engine.perform { UINotificationFeedbackGenerator().notificationOccurred(.error) }
            player.play(upTo: 1)
            #expect(taps().count == 2 && player.nextTime == 1 + 0.09)   // the second and third taps wait
            settle()
            player.play(upTo: 1.1)
            #expect(taps().count == 3 && player.nextTime == 1 + 0.18)
            settle()
            player.play(upTo: 2)
            #expect(taps().count == 4 && player.nextTime == nil && player.pulsesPlayed == 4)
            #expect(taps().last.map { $0.low == Self.motor(0.8) && $0.high == Self.motor(0.9) } == true)
        }

        @Test func withoutAControllerNothingWaitsAndAClosedPlayerHearsNothing() throws {
            let session = try SDLSession.start(headless: true)
            defer { session.shutdown() }
            session.closeControllers()
            let engine = CAEngine()
            let player = RumblePlayer(engine: engine, session: session)
            engine.perform { UINotificationFeedbackGenerator().notificationOccurred(.warning) }
            #expect(player.nextTime == nil && player.pulsesPlayed == 0)
            player.close()
            engine.perform { UISelectionFeedbackGenerator().selectionChanged() }
            let feedback = engine.attachment { HapticFeedback() }
            #expect(feedback.output == nil && feedback.count == 2)       // still recorded in the engine
        }
    }
}
