import Foundation
import Layers
import Testing
import TestSupport
@testable import Views

/// UIButton.Configuration: each style's colours, sizes from insets, corner styles, the update
/// handler on state changes, and the highlight fading in on touch-down and out on release.
@Suite(.isolatedEngine) struct UIButtonConfigurationTests {
    @Test func stylesColourTheBackgroundAndText() throws {
        var filled = UIButton.Configuration.filled()
        filled.title = "Buy"
        let b = UIButton(configuration: filled)
        let parts = try #require(b.configured)
        #expect(parts.background.backgroundColor == b.tintColor && parts.title.textColor == .white)
        var tinted = UIButton.Configuration.tinted()
        tinted.baseBackgroundColor = .systemRed
        b.configuration = tinted
        #expect(parts.background.backgroundColor == UIColor.systemRed.withAlphaComponent(0.15))
        #expect(parts.title.textColor == b.tintColor)
        b.configuration = .gray()
        #expect(parts.background.backgroundColor == .systemGray5)
        var plain = UIButton.Configuration.plain()
        plain.baseForegroundColor = .systemGreen
        b.configuration = plain
        #expect(parts.background.backgroundColor == nil && parts.title.textColor == .systemGreen)
        b.isEnabled = false
        #expect(parts.title.textColor == .tertiaryLabel)
        b.configuration = nil
        #expect(b.configured == nil && b.titleLabel?.isHidden == false)
    }

    @Test func sizeInsetsAndCorners() {
        var c = UIButton.Configuration.filled()
        c.title = "Title"
        c.subtitle = "Subtitle"
        c.cornerStyle = .capsule
        let b = UIButton(configuration: c, primaryAction: nil)
        let (t, s) = b.configured!.textSizes()
        #expect(t.width > 30 && s.width > t.width)                   // both measured
        #expect(b.frame.size == CGSize(width: ceil(max(t.width, s.width) + 24), height: ceil(t.height + 2 + s.height + 14)))
        b.layoutIfNeeded()
        #expect(b.configured?.background.layer.cornerRadius == b.bounds.height / 2)
        c.buttonSize = .large
        c.cornerStyle = .dynamic
        b.configuration = c
        b.layoutIfNeeded()
        #expect(c.contentInsets == NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20))
        #expect(b.configured?.background.layer.cornerRadius == 12)
    }

    @Test func primaryActionTitlesAndRunsAndTheUpdateHandlerSeesHighlights() {
        let stage = ViewStage(300, 200)
        var ran = 0
        let b = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Go") { _ in ran += 1 })
        var seen: [Bool] = []
        b.configurationUpdateHandler = { button in
            seen.append(button.isHighlighted)
            button.configuration?.subtitle = button.isHighlighted ? "pressed" : nil
        }
        b.frame = CGRect(x: 50, y: 50, width: 120, height: 50)
        stage.show(b)
        #expect(b.configuration?.title == "Go")
        let base = b.configured!.background.backgroundColor!
        stage.input(.pointerDown(CGPoint(x: 100, y: 70)), at: 0.1); stage.frame(0.1)
        #expect(b.configuration?.subtitle == "pressed" && seen.last == true)
        let dark = UIButton.Configuration.darkened(base)
        #expect(b.configured!.background.backgroundColor == dark)
        stage.frame(0.1 + 0.05)                                      // half of the 0.1 s fade in
        let mid = b.configured!.background.layer.presentation()!.backgroundColor!
        #expect(mid != base.cgColor && mid != dark.cgColor)
        stage.frame(0.3)
        #expect(b.configured!.background.layer.presentation()!.backgroundColor == dark.cgColor)
        stage.input(.pointerUp(CGPoint(x: 100, y: 70)), at: 0.4); stage.frame(0.4)
        #expect(ran == 1 && seen.last == false && b.configuration?.subtitle == nil)
        stage.frame(0.4 + 0.125)                                      // half of the 0.25 s fade out
        let back = b.configured!.background.layer.presentation()!.backgroundColor!
        #expect(back != base.cgColor && back != dark.cgColor)
        stage.frame(0.8)
        #expect(b.configured!.background.layer.presentation()!.backgroundColor == base.cgColor)
    }

    @Test func configurationsGolden() {
        let st = ViewStage(420, 110)
        st.window.backgroundColor = .white
        let styles: [(String, UIButton.Configuration)] = [("Filled", .filled()), ("Tinted", .tinted()), ("Gray", .gray()), ("Plain", .plain())]
        for (i, (title, base)) in styles.enumerated() {
            var c = base
            c.title = title
            let b = UIButton(configuration: c)
            b.frame.origin = CGPoint(x: 10 + CGFloat(i) * 100, y: 10)
            st.show(b)
        }
        var pill = UIButton.Configuration.filled()
        pill.title = "Capsule"
        pill.subtitle = "with a subtitle"
        pill.cornerStyle = .capsule
        pill.baseBackgroundColor = .systemPurple
        let b = UIButton(configuration: pill)
        b.frame.origin = CGPoint(x: 10, y: 56)
        st.show(b)
        #expect(Snapshot.verify(st.render(at: 0.1, scale: 2), named: "fourStylesAndACapsule") == nil)
    }
}
