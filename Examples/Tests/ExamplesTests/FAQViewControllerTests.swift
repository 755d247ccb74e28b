import FlipbookTesting
import Testing
@testable import Examples

/// The faq scene, a screen of anchors and stack views, tested as a user tests an iOS screen.
struct FAQViewControllerTests {
    let size = CGSize(width: 480, height: 360)

    func controller(_ t: SceneTester) -> FAQViewController { t.viewController as! FAQViewController }

    /// After the screen appeared, `DispatchQueue.main.async` opens the first answer (in the first
    /// frame's main-queue turn): its section grows by the answer and the spacing, the sections
    /// below slide down on a spring that has settled by 1.5 s.
    @Test func theFirstAnswerOpensAfterTheScreenAppears() throws {
        let tester = try SceneTester(FAQViewController.self, size: size)
        let c = controller(tester)
        let first = c.sections[0], second = c.sections[1]
        #expect(first.isOpen && !second.isOpen)
        let moving = second.layer.presentation()!.position.y
        #expect(moving < second.layer.position.y)                     // still on its way down
        tester.advance(to: 1.5)
        let question = first.questionButton.frame.height, answer = first.answerLabel.frame.height
        #expect(answer > 30 && first.frame.height == 12 + question + 8 + answer + 12)
        #expect(second.frame.minY == first.frame.maxY + 12)
        #expect(second.layer.presentation()?.position == second.layer.position)   // the spring has settled
    }

    /// Tapping a question opens its answer; the press recognizer (a subclass that sets its own
    /// `state`) shrinks the section while the finger is down and lets it go on release.
    @Test func aTapOpensAnAnswerAndThePressShrinksTheSection() throws {
        let tester = try SceneTester(FAQViewController.self, size: size)
        tester.advance(to: 1.5)
        let c = controller(tester)
        let section = c.sections[2]
        let point = section.convert(CGPoint(x: 40, y: section.questionButton.frame.midY + 12), to: nil)
        tester.send([.pointerDown(point)], at: 2)
        tester.advance(to: 2.3)
        #expect(abs(section.transform.a - 0.97) < 1e-9)
        tester.send([.pointerUp(point)], at: 2.4)
        tester.advance(to: 3.5)
        #expect(section.transform == .identity && section.isOpen)
    }
}
