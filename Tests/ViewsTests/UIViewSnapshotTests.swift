import TestSupport
import Foundation
import Layers
import Raster
import Testing
@testable import Views

/// `snapshotView(afterScreenUpdates:)` as custom transitions use it: a picture of a view that stays
/// when the view changes or leaves, placed and animated on its own.
@Suite(.isolatedEngine) struct UIViewSnapshotTests {
    func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt32] { [Pixel.r(b[x, y]), Pixel.g(b[x, y]), Pixel.b(b[x, y])] }

    /// A red card with a blue badge and a line of text, on screen.
    func card(in st: ViewStage) -> (UIView, UIView, UILabel) {
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
        card.backgroundColor = .red
        let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        badge.backgroundColor = .blue
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 10))
        label.text = "Card"
        card.addSubview(badge)
        card.addSubview(label)
        st.show(card)
        return (card, badge, label)
    }

    @Test func theSnapshotLooksLikeTheViewAndStaysWhenTheViewChanges() throws {
        let st = ViewStage(200, 200)
        let (card, badge, label) = card(in: st)
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: false))
        #expect(snapshot !== card && snapshot.frame == CGRect(x: 0, y: 0, width: 60, height: 40))
        #expect(!snapshot.isUserInteractionEnabled)
        // As a transition does: put the picture elsewhere, then change or remove the view.
        snapshot.frame.origin = CGPoint(x: 100, y: 120)
        st.window.addSubview(snapshot)
        card.backgroundColor = .green
        badge.backgroundColor = .yellow
        label.text = "Changed"
        badge.removeFromSuperview()
        let b = st.render(at: 1)
        #expect(rgb(b, 103, 145) == [255, 0, 0])         // the card's red, outside the badge
        #expect(rgb(b, 115, 135) == [0, 0, 255])         // the badge, still in the picture
        #expect(rgb(b, 35, 45) == [0, 255, 0])           // the view itself changed: green, no badge
        // The label's text layer in the picture still says what it said.
        let text = snapshot.layer.sublayers?.first?.sublayers?.last?.sublayers?.first as? CATextLayer
        #expect(text?.string == "Card" && label.textLayer.string == "Changed")
    }

    @Test func falseShowsTheScreenMidAnimationAndTrueThePendingChanges() throws {
        let st = ViewStage(200, 200)
        let (card, badge, _) = card(in: st)
        st.at(0.1) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { badge.center.x = 40 } // from 20
        }
        st.frame(0.6)                                     // half way: presented centre 30
        let onScreen = try #require(card.snapshotView(afterScreenUpdates: false))
        let updated = try #require(card.snapshotView(afterScreenUpdates: true))
        func badgeCopy(_ s: UIView) -> CALayer? { s.layer.sublayers?.first?.sublayers?.first }
        #expect(abs(Double(badgeCopy(onScreen)?.position.x ?? 0) - 30) < 0.01)
        #expect(badgeCopy(updated)?.position.x == 40)
        // A change made after the last frame is in the `true` picture only.
        card.backgroundColor = .green
        let pending = try #require(card.snapshotView(afterScreenUpdates: true))
        #expect(pending.layer.sublayers?.first?.backgroundColor == UIColor.green.cgColor)
        #expect(card.snapshotView(afterScreenUpdates: false)?.layer.sublayers?.first?.backgroundColor == UIColor.red.cgColor)
    }

    @Test func theViewsOwnTransformAlphaAndShadowAreNotInThePicture() throws {
        let st = ViewStage(200, 200)
        let (card, _, _) = card(in: st)
        card.transform = CGAffineTransform(rotationAngle: 0.5)
        card.alpha = 0.5
        card.layer.shadowOpacity = 1
        st.frame(0.2)
        let copy = try #require(card.snapshotView(afterScreenUpdates: false)?.layer.sublayers?.first)
        #expect(copy.opacity == 1 && copy.shadowOpacity == 0 && CATransform3DIsIdentity(copy.transform))
        #expect(copy.position == CGPoint(x: 30, y: 20) && copy.bounds == CGRect(x: 0, y: 0, width: 60, height: 40))
    }

    @Test func aViewNeverOnScreenGivesAnEmptySnapshotUnlessAfterUpdates() throws {
        let st = ViewStage(200, 200)
        _ = st
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        v.backgroundColor = .red
        let count = CAEngine.current.diagnostics.count
        let empty = try #require(v.snapshotView(afterScreenUpdates: false))
        #expect(empty.frame.size == CGSize(width: 30, height: 30) && (empty.layer.sublayers ?? []).isEmpty)
        #expect(CAEngine.current.diagnostics.count == count + 1)
        #expect(CAEngine.current.diagnostics.last?.hasPrefix("snapshotting a view that has not been rendered") == true)
        let rendered = try #require(v.snapshotView(afterScreenUpdates: true))
        #expect(rendered.layer.sublayers?.first?.backgroundColor == UIColor.red.cgColor)
    }

    /// #35 item 8: with `afterScreenUpdates: true` the view is laid out first (a pending
    /// `layoutSubviews` places its parts) and content it draws but never drew shows.
    @Test func afterUpdatesLaysTheViewOutAndDrawsPendingContent() throws {
        final class Panel: UIView {
            let bar = UIView()
            override init(frame: CGRect) {
                super.init(frame: frame)
                bar.backgroundColor = .blue
                addSubview(bar)
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() { bar.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 10) }
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                UIRectFill(CGRect(x: 0, y: 20, width: bounds.width, height: 10))
            }
        }
        let st = ViewStage(100, 100)
        let panel = Panel(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        panel.setNeedsDisplay()
        let snapshot = try #require(panel.snapshotView(afterScreenUpdates: true))
        #expect(panel.bar.frame.width == 40)                     // laid out before the picture
        st.show(snapshot)
        let bmp = st.render(at: 0.1)
        #expect(rgb(bmp, 20, 5) == [0, 0, 255])                  // the bar, where layout put it
        #expect(rgb(bmp, 20, 25) == [255, 0, 0])                 // the drawing the panel never showed
    }
}
