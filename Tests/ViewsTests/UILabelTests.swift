import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UILabelTests {
    /// Setting the text a label shows already changes nothing, as in UIKit (a read-out set every
    /// frame is not measured again); another text, or the same text over attributed text, does.
    @Test func settingTheSameTextLaysNothingOut() {
        let st = ViewStage(200, 60)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "fraction 0.000"
        st.show(label)
        #expect(!label.layer.needsLayout())
        label.text = "fraction 0.000"
        #expect(!label.layer.needsLayout())
        label.text = "fraction 0.001"
        #expect(label.layer.needsLayout() && label.textLayer.string == "fraction 0.001")
        st.frame(1.0 / 60)
        label.attributedText = NSAttributedString(string: "fraction 0.001", attributes: [.foregroundColor: UIColor.red])
        st.frame(2.0 / 60)
        label.text = "fraction 0.001"   // plain again: the attributes go
        #expect(label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) == nil)
        #expect(label.layer.needsLayout() && label.textLayer.string == "fraction 0.001")
    }
}
