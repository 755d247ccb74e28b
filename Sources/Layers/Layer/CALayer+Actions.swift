import Foundation

/// Something a layer runs when a property changes (`CAAction`): animations add themselves.
public protocol CAAction: AnyObject {
    /// Runs the action for `event` on `anObject` (a layer); an animation adds itself to the layer under the key.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAnimation: CAAction {
    /// Adds the animation to the layer under the changed key, as Core Animation does.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// The null action: a delegate returns `NSNull()` to say "no action, stop looking".
extension NSNull: CAAction {
    /// Does nothing: the null action.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CALayer {
    /// The action for a key, by Core Animation's search order: the delegate's `action(for:forKey:)`
    /// (NSNull ends the search with no action), the `actions` dictionary, then the class's
    /// `defaultAction(forKey:)`.
    public func action(forKey event: String) -> CAAction? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        let a = Self.defaultAction(forKey: event)
        return a is NSNull ? nil : a
    }

    /// Runs the action for a property that changed, if actions are enabled. A layer never drawn
    /// runs only an action its delegate gives (a view inside an animation block).
    /// - Parameter old: the presentation value before the change, for the implicit animation's start.
    func runAction<Old>(forKey key: String, from old: AnimationValue?, oldModel: Old?) {
        guard !CAEngine.current.transactions.current.disableActions else { return }
        // Only a delegate (a view) asks for the old model value: box it only then.
        if delegate != nil { changingKey = (key, oldModel.map { $0 as Any }) }
        defer { changingKey = nil }
        let action: CAAction?
        if hasBeenPresented {
            action = self.action(forKey: key)
        } else if let d = delegate, let a = d.action(for: self, forKey: key), !(a is NSNull) {
            // A layer not drawn yet has no implicit animation, but its delegate may still animate it:
            // UIKit animates a view created in the same turn of the run loop from its model value.
            action = a
        } else {
            action = nil
        }
        guard let action else { return }
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let old, isImplicitTemplate(basic) {
            basic.fromValue = old.plainValue
        }
        action.run(forKey: key, object: self, arguments: nil)
    }

    private func isImplicitTemplate(_ a: CABasicAnimation) -> Bool { a.isImplicit }
}

extension CALayer {
    /// Where an implicit animation for `key` starts: the value on screen when an animation of the
    /// key is running (so a change mid-flight continues from where the layer is), otherwise the
    /// model value before the change. Nil for a layer never drawn.
    func actionStartValue(forKey key: String, oldModel: Any?) -> AnimationValue? {
        guard hasBeenPresented else { return nil }
        let k = AnimationKeyPath(key)
        if animationList.contains(where: { ($0.animation as? CAPropertyAnimation)?.parsedKeyPath == k }) {
            return presentedValue(for: k)
        }
        return oldModel.flatMap(AnimationValue.boxing)
    }

    /// Core Animation's implicit animation for an animatable key: a basic animation from the old
    /// presentation value to the new model value, with the transaction's duration (0.25 s by default)
    /// and timing function (the default curve when none is set).
    public class func defaultAction(forKey event: String) -> CAAction? {
        guard case let key = AnimationKeyPath(event), key != .custom(event) else { return nil }
        // An emitter's keys are custom keys on other layers, which have no implicit animation.
        if key.isEmitterKey && !(self is CAEmitterLayer.Type) { return nil }
        let a = CABasicAnimation(keyPath: event)
        a.isImplicit = true
        a.timingFunction = CAEngine.current.transactions.current.timingFunction ?? CAMediaTimingFunction(name: .default)
        return a
    }
}

extension CALayer {
    /// A content property of a subclass changes: apply it, mark the content for redraw and run the
    /// key's action (so `strokeEnd`, `colors`… animate implicitly like the base properties).
    func changeContent(forKey key: String, old: Any?, _ apply: () -> Void) {
        let before = actionStartValue(forKey: key, oldModel: old)
        apply()
        setNeedsDisplay()
        modelValueDidChange(key)
        runAction(forKey: key, from: before, oldModel: old)
    }

    /// While a property's action is looked up and run: its model value before the change (nil
    /// otherwise, or for another key). A delegate that animates additively (UIViewPropertyAnimator)
    /// animates from here, not from the value on screen.
    public func modelValueBeforeChange(forKey key: String) -> AnimationValue? {
        guard let (k, old) = changingKey, k == key, let old else { return nil }
        return AnimationValue.boxing(old)
    }
}
