import Flipbook
import FlipbookTesting
import FlipbookResources
import Foundation
import FrameLoop
@testable import Scenes
import Testing
import TestSupport

/// The modal scene at 960×540 driven by docs/scripts/modal.script through the frame loop.
@Suite(.isolatedEngine) struct ModalSceneTests {
    static func nav(_ d: SceneTester) -> ModalScene { d.scene as! ModalScene }
    static func people(_ d: SceneTester) -> PeopleViewController { nav(d).viewControllers[0] as! PeopleViewController }
    static func script() throws -> InputScript {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/scripts/modal.script")
        return try InputScript.parse(String(contentsOf: url, encoding: .utf8), file: "modal.script")
    }
    static func tester() throws -> SceneTester { try SceneTester(scene: "modal", width: 960, height: 540) }

    /// Vector 1 with the seed's code: the navigation controller presents, the zoom runs 0.4 s, and
    /// afterwards the list is out of the window and both avatars show again.
    /// The avatars are pictures in Resources/Avatars, found through the bundle as an app finds its
    /// images: 240 points, 1× and 2×.
    @Test func everyAvatarLoadsFromTheBundleAtBothScales() throws {
        for person in PeopleViewController.people {
            let one = try #require(UIImage(named: "Avatars/" + person.picture, in: FlipbookResources.bundle,
                                           compatibleWith: UITraitCollection(displayScale: 1)), "\(person.name)")
            let two = try #require(UIImage(named: "Avatars/" + person.picture, in: FlipbookResources.bundle,
                                           compatibleWith: UITraitCollection(displayScale: 2)), "\(person.name)")
            #expect(one.size == CGSize(width: 240, height: 240) && one.scale == 1)
            #expect(two.size == CGSize(width: 240, height: 240) && two.scale == 2)
        }
    }

    @Test func tappingAnAvatarZoomsItIntoThePersonsPage() throws {
        let d = try Self.tester()
        d.play(try Self.script())
        d.advance(to: 0.45)
        let detail = try #require(Self.nav(d).presentedViewController as? PersonViewController)
        #expect(detail.presentingViewController === Self.nav(d) && detail.person.name == "Linh")
        #expect(detail.isBeingPresented && Self.people(d).cells[0].avatar.layer.opacity == 0)
        let container = try #require(detail.view.superview)
        #expect(container.subviews.count == 2)                                  // the page and the fake avatar
        d.advance(to: 0.8)
        #expect(!detail.isBeingPresented && container.subviews.count == 1 && container.subviews[0] === detail.view && detail.view.alpha == 1)
        #expect(Self.nav(d).view.window == nil && Self.people(d).cells[0].avatar.layer.opacity == 1)
        #expect(detail.avatar.layer.opacity == 1)
        // The page's avatar is never drawn larger than its picture (0.42 of 540 is 227 ≤ 240 points).
        let picture = try #require(detail.avatar.image)
        #expect(detail.avatar.bounds.width <= picture.size.width && detail.avatar.bounds.width > 200)
    }

    /// On a large window the page's avatar stops at its picture's own size instead of upscaling it.
    @Test func thePagesAvatarKeepsItsNativeSizeOnALargeWindow() throws {
        let d = try SceneTester(scene: "modal", width: 1920, height: 1080)
        d.advance(to: 0.1)
        let cell = Self.people(d).cells[0]
        d.tap(cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil), at: 0.2)
        d.advance(to: 0.8)
        let detail = try #require(Self.nav(d).presentedViewController as? PersonViewController)
        #expect(detail.avatar.bounds.size == CGSize(width: 240, height: 240))
    }

    /// A short drag springs back (cancelled, everything restored); a long one dismisses.
    @Test func aShortDragCancelsAndALongOneDismisses() throws {
        let d = try Self.tester()
        d.play(try Self.script())
        d.advance(to: 1.0)
        let detail = try #require(Self.nav(d).presentedViewController as? PersonViewController)
        let before = detail.view.window?.layer.treeDescription()
        d.advance(to: 1.5)
        #expect(detail.transitionCoordinator?.isInteractive == true && Self.nav(d).view.window != nil)
        d.advance(to: 2.4)
        #expect(Self.nav(d).presentedViewController === detail && Self.nav(d).view.window == nil)
        #expect(detail.view.layer.opacity == 1 && detail.view.window?.layer.treeDescription() == before)
        d.advance(to: 3.2)
        #expect(Self.nav(d).presentedViewController == nil && detail.view.window == nil)
        #expect(Self.nav(d).view.frame == CGRect(x: 0, y: 0, width: 960, height: 540))
    }

    /// The style buttons, the card and the pushed page with its edge swipe end where they began.
    @Test func stylesCardAndPushReturnToTheList() throws {
        let d = try Self.tester()
        d.play(try Self.script())
        d.advance(to: 4.0)
        #expect((Self.nav(d).presentedViewController as? StylePage)?.modalTransitionStyle == .flipHorizontal)
        d.advance(to: 5.5)
        #expect(Self.nav(d).presentedViewController == nil)
        d.advance(to: 6.2)
        #expect(Self.nav(d).presentedViewController?.presentationController is CardPresentationController)
        d.advance(to: 7.1)
        #expect(Self.nav(d).presentedViewController == nil)
        d.advance(to: 7.8)
        #expect(Self.nav(d).viewControllers.count == 2 && Self.nav(d).navigationBar.title == "Pushed")
        d.advance(to: 9)
        #expect(Self.nav(d).viewControllers.count == 1 && Self.nav(d).navigationBar.title == "People")
        #expect(CAEngine.current.diagnostics.isEmpty)
    }

    /// The gamepad: the D-pad focuses an avatar, A presents it, B held with the stick down scrubs
    /// the dismissal, released past half-way it finishes; a plain B dismisses.
    @Test func gamepadFocusPresentsAndBDismisses() throws {
        let d = try Self.tester()
        d.send([.key(.right, isDown: true)], at: 0.2)
        d.send([.key(.right, isDown: false)], at: 0.25)
        d.advance(to: 0.3)
        #expect(Self.people(d).cells.contains { $0.isFocused })
        d.send([.key(.enter, isDown: true)], at: 0.4)
        d.send([.key(.enter, isDown: false)], at: 0.45)
        d.advance(to: 1.0)
        let detail = try #require(Self.nav(d).presentedViewController as? PersonViewController)
        d.pad(.b, isDown: true, at: 1.1)
        d.pad(.leftY, value: 0.4, at: 1.2)
        d.advance(to: 1.3)
        #expect(detail.transitionCoordinator?.isInteractive == true)
        #expect(abs(Double(detail.view.layer.presentation()!.opacity) - 0.6) < 0.02)   // 40 % of the fade out
        // The whole page fades, its labels and ✕ with it (as UIKit fades a view's subtree): each
        // one's opacity on screen is the product of its own and its ancestors' presented opacity.
        for sub in detail.view.subviews where sub !== detail.avatar {
            var shown = 1.0, layer: CALayer? = sub.layer
            while let l = layer { shown *= Double(l.presentation()?.opacity ?? l.opacity); layer = l.superlayer }
            #expect(abs(shown - 0.6) < 0.02, "\(type(of: sub))")
        }
        d.pad(.leftY, value: 0.8, at: 1.4)
        d.pad(.b, isDown: false, at: 1.5)
        d.advance(to: 2.2)
        #expect(Self.nav(d).presentedViewController == nil && Self.nav(d).view.window != nil)
        // A plain B on a style page dismisses it; on the list it leaves for the menu.
        d.send([.key(.enter, isDown: true)], at: 2.3)
        d.send([.key(.enter, isDown: false)], at: 2.35)
        d.advance(to: 3.2)
        #expect(Self.nav(d).presentedViewController is PersonViewController)
        d.pad(.b, isDown: true, at: 3.3)
        d.pad(.b, isDown: false, at: 3.35)
        d.advance(to: 4)
        #expect(Self.nav(d).presentedViewController == nil)
    }

    @Test(arguments: [0.45, 1.5, 2.65, 3.8, 5.95, 8.05])
    func golden(_ t: Double) throws {
        let d = try Self.tester()
        d.play(try Self.script())
        d.advance(to: t)
        d.assertSnapshot(named: "modal-\(t)")
    }
}
