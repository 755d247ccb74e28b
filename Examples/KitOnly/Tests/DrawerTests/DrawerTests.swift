import Drawer
import FlipbookTesting
import Testing

/// The drawer as a user tests it with the kit alone: frames made without a window or SDL.
struct DrawerTests {
    let size = CGSize(width: 300, height: 200)

    @Test func theConstraintsPlaceTheDrawerAndItsConstantAnimates() throws {
        let controller = DrawerViewController()
        let tester = try SceneTester(viewController: controller, size: size)
        let drawer = try #require(tester.presentationLayer(named: "drawer"))
        #expect(drawer.frame == CGRect(x: 20, y: 160, width: 260, height: 40))
        tester.perform { controller.open(to: 140, duration: 1) }
        tester.advance(by: 0.5)
        // The animation begins at the next frame's commit (1/60 s), as on iOS; at 0.5 s it has run
        // 29/60 of its linear second: 40 + 100 × 29/60 points tall, its bottom still on the view's.
        let half = try #require(tester.presentationLayer(named: "drawer"))
        #expect(abs(half.frame.height - (40 + 100 * 29.0 / 60)) < 1e-6 && abs(half.frame.maxY - 200) < 1e-6,
                "\(half.frame) at \(tester.time)")
        tester.advance(by: 0.6)
        #expect(controller.drawer.frame == CGRect(x: 20, y: 60, width: 260, height: 140))
        let p = try #require(tester.pixel(x: 150, y: 100))            // inside the open drawer
        #expect(p.blue > 200 && p.red < 100)
    }
}
