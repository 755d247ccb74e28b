import Foundation
import Layers
import Raster
import TestSupport
import Testing
@testable import Views

/// UITextField's caret: keys move it, typing and deleting happen at it, it is drawn where it is,
/// a tap on an editing field puts it there, and `selectedTextRange` moves it or selects from code.
@Suite(.isolatedEngine) struct UITextFieldTests {
    /// A 200 × 30 rounded field at (10, 10) (its text box starts 6 points in), editing.
    func make(_ st: ViewStage, width: CGFloat = 200) -> UITextField {
        let f = UITextField(frame: CGRect(x: 10, y: 10, width: width, height: 30))
        f.borderStyle = .roundedRect
        st.show(f)
        #expect(f.becomeFirstResponder())
        return f
    }
    func type(_ st: ViewStage, _ keys: [InputEvent.Key], at t: Double) {
        for k in keys {
            st.input(.key(k, isDown: true), at: t)
            st.input(.key(k, isDown: false), at: t)
        }
        st.frame(t)
    }
    func chars(_ s: String) -> [InputEvent.Key] { s.map { $0 == " " ? .space : .character($0) } }
    func width(_ f: UITextField, _ s: String) -> CGFloat { (f.font ?? .systemFont(ofSize: 17)).size(of: s).width }

    @Test func keysMoveTheCaretAndTypingAndDeletingHappenThere() {
        let st = ViewStage(300, 100)
        let f = make(st)
        var changes = 0
        f.addAction(for: .editingChanged) { changes += 1 }
        type(st, chars("helo"), at: 0.1)
        #expect(f.text == "helo" && f.selection == 4..<4 && changes == 4)
        type(st, [.left] + chars("l"), at: 0.2)
        #expect(f.text == "hello" && f.selection == 4..<4 && changes == 5)      // the arrow changed nothing
        type(st, [.named("Home")] + chars(">"), at: 0.3)
        type(st, [.named("End")] + chars("!"), at: 0.4)
        #expect(f.text == ">hello!")
        type(st, [.left, .left, .backspace], at: 0.5)
        #expect(f.text == ">helo!" && f.selection == 4..<4)
        type(st, [.named("Delete")], at: 0.6)
        #expect(f.text == ">hel!" && f.selection == 4..<4)
        type(st, [.up, .left, .backspace], at: 0.7)                              // nothing before the start
        #expect(f.text == ">hel!" && f.selection == 0..<0)
        type(st, [.down, .right, .named("Delete")], at: 0.8)                     // nothing after the end
        #expect(f.text == ">hel!" && f.selection == 5..<5 && changes == 9)
        f.text = "set"                                                           // the caret goes to the end
        #expect(f.selection == 3..<3)
        // A combining accent joins the letter before it: the caret stays after that one character.
        type(st, [.left, .character("e"), .character("\u{301}")], at: 0.9)
        #expect(f.text == "see\u{301}t" && f.text?.count == 4 && f.selection == 3..<3)
    }

    @Test func theCaretIsDrawnWhereItIs() {
        let st = ViewStage(300, 100)
        let f = make(st)
        type(st, chars("hello") + [.left, .left], at: 0.1)
        #expect(!f.caret.isHidden && f.caret.frame.minX == width(f, "hel") - 1)   // it straddles the boundary
        let x = Int(f.caret.convert(CGPoint(x: 1, y: f.caret.bounds.midY), to: nil).x)
        let bmp = st.render(at: 0.2)
        let blue = Color(hex: 0x007AFF).premultipliedPixel
        #expect(bmp[x, 25] == blue)                                              // the bar, after "hel"
        #expect(bmp[16 + Int(width(f, "hello")) + 3, 25] != blue)               // not after the text
        // Centred text: the caret follows the text's start.
        f.textAlignment = .center
        st.frame(0.3)
        #expect(isNear(Double(f.caret.frame.minX), Double((188 - width(f, "hello")) / 2 + width(f, "hel") - 1), 1e-6))
        f.resignFirstResponder()
        st.frame(0.4)
        #expect(f.caret.isHidden)
    }

    @Test func textWiderThanTheFieldSlidesToShowTheCaret() {
        let st = ViewStage(300, 100)
        let f = make(st, width: 100)
        type(st, chars("a rather long line of text"), at: 0.1)
        let box = f.textBox.bounds.width
        #expect(f.caret.frame.maxX <= box && f.caret.frame.maxX > box - 4)       // at the right edge
        #expect(isNear(Double(f.caret.convert(CGPoint.zero, to: f.textBox).x), Double(f.caret.frame.minX), 1e-9))
        type(st, [.named("Home")], at: 0.2)
        #expect(f.caret.frame.minX == 0 && f.textBox.subviews.contains { $0 is UILabel && $0.frame.minX == 0 })
        type(st, chars("X"), at: 0.3)
        #expect(f.text?.hasPrefix("Xa rather") == true && f.caret.frame.minX == width(f, "X") - 1)
    }

    @Test func aTapOnAnEditingFieldPutsTheCaretAtTheNearestBoundary() {
        let st = ViewStage(300, 100)
        let f = make(st)
        f.text = "hello world"
        st.frame(0.1)
        func tap(_ x: CGFloat, at t: Double) {
            let p = CGPoint(x: 10 + 6 + x, y: 25)
            st.input(.pointerDown(p), at: t); st.frame(t)
            st.input(.pointerUp(p), at: t + 0.05); st.frame(t + 0.05)
        }
        tap(width(f, "hello") + 1, at: 0.2)
        #expect(f.selection == 5..<5)
        tap(width(f, "hello w") - 1, at: 0.4)
        #expect(f.selection == 7..<7)
        tap(-3, at: 0.6)
        #expect(f.selection == 0..<0)
        type(st, chars("A"), at: 0.7)
        #expect(f.text == "Ahello world")
    }

    @Test func selectedTextRangeSelectsFromCodeAndTypingReplacesTheSelection() throws {
        let st = ViewStage(300, 100)
        let f = make(st)
        f.text = "hello world"
        let six = try #require(f.position(from: f.beginningOfDocument, offset: 6))
        f.selectedTextRange = f.textRange(from: f.endOfDocument, to: six)
        let r = try #require(f.selectedTextRange)
        #expect(!r.isEmpty && f.text(in: r) == "world" && f.offset(from: r.start, to: r.end) == 5)
        st.frame(0.1)
        #expect(!f.selectionBand.isHidden && f.caret.isHidden && isNear(Double(f.selectionBand.frame.width), Double(width(f, "hello world") - width(f, "hello ")), 1e-6))
        type(st, chars("there"), at: 0.2)
        #expect(f.text == "hello there" && f.selectedTextRange?.isEmpty == true && f.offset(from: f.beginningOfDocument, to: f.selectedTextRange!.start) == 11)
        f.selectedTextRange = f.textRange(from: f.beginningOfDocument, to: f.position(from: f.beginningOfDocument, offset: 5)!)
        type(st, [.backspace], at: 0.3)
        #expect(f.text == " there")
        f.insertText("Hi")
        f.deleteBackward()
        #expect(f.text == "H there" && f.hasText)
        // An arrow collapses a selection to its side; positions past the text are refused or clamped.
        f.selectedTextRange = f.textRange(from: f.beginningOfDocument, to: f.endOfDocument)
        type(st, [.right], at: 0.4)
        #expect(f.selection == 7..<7)
        #expect(f.position(from: f.endOfDocument, offset: 1) == nil && f.position(from: f.beginningOfDocument, offset: Int.max) == nil)
        f.selectedTextRange = UITextRange(2..<40)
        #expect(f.selection == 2..<7)
    }
}
