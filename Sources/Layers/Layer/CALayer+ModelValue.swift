import Foundation

extension CALayer {
    /// The model value of a property that UIView animation blocks and property animators animate
    /// (a row of `LayerProperty` with `animatesInBlocks`, or a subclass's content key such as a shape
    /// layer's stroke ends), as an animation value; nil for other keys.
    package func modelValue(forKey key: String) -> AnimationValue? {
        let path = AnimationKeyPath(key)
        if let row = LayerProperty.row(for: path, of: self) { return row.animatesInBlocks ? row.read(modelValues) : nil }
        return contentModelValue(for: path)
    }

    /// Writes a model value read by `modelValue(forKey:)`, without an action (a property animator
    /// putting its views at the start, the end or where they are). Values of another kind are ignored.
    package func setModelValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let path = AnimationKeyPath(key)
        if let row = LayerProperty.row(for: path, of: self) {
            if row.animatesInBlocks { _ = row.setModel(self, value) }
        } else {
            setContentModelValue(value, for: path)
        }
    }

}
