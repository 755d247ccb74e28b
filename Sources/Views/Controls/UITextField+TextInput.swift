import Foundation
import Layers

/// A place in a text field's text (UIKit's `UITextPosition`): here a character offset from the
/// start. Positions are values of the text they were made for; one kept past a change of the
/// text is taken within the new text's bounds.
open class UITextPosition: NSObject {
    /// Characters (Swift `Character`s) from the start of the text.
    let offset: Int
    init(offset: Int) { self.offset = offset }
}

/// A range of a text field's text between two positions (UIKit's `UITextRange`); empty, it is the caret.
open class UITextRange: NSObject {
    let range: Range<Int>
    init(_ range: Range<Int>) { self.range = range }
    /// The position at the range's start.
    open var start: UITextPosition { UITextPosition(offset: range.lowerBound) }
    /// The position at the range's end.
    open var end: UITextPosition { UITextPosition(offset: range.upperBound) }
    /// Whether the range holds no characters (a caret).
    open var isEmpty: Bool { range.isEmpty }
}

/// The subset of UIKit's `UITextInput` and `UIKeyInput` that moves the caret and selection from
/// code: positions and ranges by character offsets, `selectedTextRange`, `insertText` and
/// `deleteBackward`.
extension UITextField {
    /// The position before the first character.
    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    /// The position after the last character.
    public var endOfDocument: UITextPosition { UITextPosition(offset: (text ?? "").count) }

    /// The selected characters; an empty range is the caret. Setting it moves the caret or selects
    /// (typing then replaces the selection; an arrow key collapses it). Positions past the text
    /// are taken at its end; nil is ignored. Default: the caret at the end of the text.
    public var selectedTextRange: UITextRange? {
        get { UITextRange(selection) }
        set {
            guard let r = newValue else { return }
            let n = (text ?? "").count
            let a = min(max(0, r.range.lowerBound), n), b = min(max(0, r.range.upperBound), n)
            selection = min(a, b)..<max(a, b)
        }
    }

    /// The position `offset` characters from `position`, or nil past either end of the text (as UIKit).
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let (o, overflow) = position.offset.addingReportingOverflow(offset)
        guard !overflow, (0...(text ?? "").count).contains(o) else { return nil }
        return UITextPosition(offset: o)
    }
    /// The characters from `from` to `toPosition` (negative when `toPosition` comes first).
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }
    /// The range between two positions, in either order; nil when one is past the text.
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let n = (text ?? "").count, a = fromPosition.offset, b = toPosition.offset
        guard (0...n).contains(a), (0...n).contains(b) else { return nil }
        return UITextRange(min(a, b)..<max(a, b))
    }
    /// The characters in `range`, or nil when it reaches past the text.
    public func text(in range: UITextRange) -> String? {
        let t = text ?? ""
        guard range.range.lowerBound >= 0, range.range.upperBound <= t.count else { return nil }
        return String(t.dropFirst(range.range.lowerBound).prefix(range.range.count))
    }

    /// Types `text` at the caret (replacing the selection), as the keyboard does: `.editingChanged` is sent.
    public func insertText(_ text: String) { replace(selection, with: text) }
    /// Deletes the selection, or the character before the caret, as Backspace does.
    public func deleteBackward() { _ = type(.backspace) }
    /// Whether the field holds any text.
    public var hasText: Bool { !(text ?? "").isEmpty }
}
