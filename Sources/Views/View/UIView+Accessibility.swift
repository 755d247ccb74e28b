/// UIKit's `UIAccessibilityIdentification`: a string that names an element for tests and
/// automation, never read aloud and never shown. Flipbook's input scripts name their targets with
/// it (`tap @random`, README "Input scripts"); `UIView` adopts it.
public protocol UIAccessibilityIdentification: AnyObject {
    /// A string that identifies the element; nil (the default) when it has none.
    var accessibilityIdentifier: String? { get set }
}

extension UIView: UIAccessibilityIdentification {}
