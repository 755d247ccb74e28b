import Foundation

/// A `CAEmitterCell` property as key-value coding and animations reach it by name: one row of the
/// cell's table, so `setValue(_:forKey:)`, `value(forKey:)`, an emitter layer's
/// `emitterCells.NAME.PROPERTY` key paths and their animations all go through the same rows.
///
/// The animatable rows are those Apple's header marks animatable (every rate, range, speed and
/// acceleration, the emission angles, `scale`, `spin`, `color`, `contentsRect`); `enabled`,
/// `contentsScale`, `beginTime` and `duration` are set by key too but do not animate.
struct EmitterCellProperty {
    /// Apple's key (`"birthRate"`; `"enabled"` for `isEnabled`).
    let name: String
    /// The kind of value an animation of it interpolates.
    let kind: AnimationValueKind
    /// True when Apple's header marks it animatable.
    let animatable: Bool
    /// The cell's value, boxed.
    let read: (CAEmitterCell) -> AnimationValue
    /// Writes a value of the row's kind; false (nothing written) for another kind.
    let write: (CAEmitterCell, AnimationValue) -> Bool
    /// The value as its accessor's Swift type (`Float` for `birthRate`, `CGColor?` for `color`).
    let plain: (CAEmitterCell) -> Any?

    private init<T>(_ name: String, _ kind: AnimationValueKind, animatable: Bool = true, _ path: ReferenceWritableKeyPath<CAEmitterCell, T>,
                    box: @escaping (T) -> AnimationValue, unbox: @escaping (AnimationValue) -> T?) {
        self.name = name
        self.kind = kind
        self.animatable = animatable
        read = { box($0[keyPath: path]) }
        write = { cell, value in
            guard let v = unbox(value) else { return false }
            cell[keyPath: path] = v
            return true
        }
        plain = { $0[keyPath: path] }
    }

    private static func float(_ name: String, _ path: ReferenceWritableKeyPath<CAEmitterCell, Float>) -> Self {
        .init(name, .number, path, box: { .number(Double($0)) }, unbox: { $0.number.map(Float.init) })
    }
    private static func cgFloat(_ name: String, _ path: ReferenceWritableKeyPath<CAEmitterCell, CGFloat>, animatable: Bool = true) -> Self {
        .init(name, .number, animatable: animatable, path, box: { .number(Double($0)) }, unbox: { $0.number.map { CGFloat($0) } })
    }
    private static func double(_ name: String, _ path: ReferenceWritableKeyPath<CAEmitterCell, Double>) -> Self {
        .init(name, .number, animatable: false, path, box: { .number($0) }, unbox: { $0.number })
    }

    /// Every row, in the header's order.
    static let all: [EmitterCellProperty] = [
        .init("enabled", .bool, animatable: false, \.isEnabled, box: { .bool($0) }, unbox: { $0.bool }),
        float("birthRate", \.birthRate), float("lifetime", \.lifetime), float("lifetimeRange", \.lifetimeRange),
        cgFloat("emissionLatitude", \.emissionLatitude), cgFloat("emissionLongitude", \.emissionLongitude),
        cgFloat("emissionRange", \.emissionRange), cgFloat("velocity", \.velocity), cgFloat("velocityRange", \.velocityRange),
        cgFloat("xAcceleration", \.xAcceleration), cgFloat("yAcceleration", \.yAcceleration), cgFloat("zAcceleration", \.zAcceleration),
        cgFloat("scale", \.scale), cgFloat("scaleRange", \.scaleRange), cgFloat("scaleSpeed", \.scaleSpeed),
        cgFloat("spin", \.spin), cgFloat("spinRange", \.spinRange),
        .init("color", .color, \.color, box: { .other(AnyInterpolatable($0 ?? .white)) }, unbox: { $0.other(as: CGColor.self).map { .some($0) } }),
        float("redRange", \.redRange), float("greenRange", \.greenRange), float("blueRange", \.blueRange), float("alphaRange", \.alphaRange),
        float("redSpeed", \.redSpeed), float("greenSpeed", \.greenSpeed), float("blueSpeed", \.blueSpeed), float("alphaSpeed", \.alphaSpeed),
        .init("contentsRect", .rect, \.contentsRect, box: { .rect($0) }, unbox: { $0.rect }),
        cgFloat("contentsScale", \.contentsScale, animatable: false),
        double("beginTime", \.beginTime), double("duration", \.duration),
    ]

    private static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

    /// The row named `key`; nil for keys that are not a cell property of the table.
    /// - Complexity: one dictionary lookup.
    static func row(_ key: String) -> EmitterCellProperty? { index[key].map { all[$0] } }
}

extension CAEmitterCell {
    /// Sets a property by name, as key-value coding does on iOS (`"birthRate"`, `"color"`,
    /// `"enabled"`…; `"name"`, `"contents"` and `"emitterCells"` too). A value of the wrong type
    /// for a property is refused with one reported line and changes nothing; any other key is
    /// kept as a custom value (`value(forKey:)` gives it back).
    public func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name": name = value as? String; return
        case "contents": contents = value; return
        case "emitterCells": emitterCells = value as? [CAEmitterCell]; return
        default: break
        }
        guard let row = EmitterCellProperty.row(key) else {
            customValues[key] = value
            return
        }
        if let value, let boxed = AnimationValue.boxing(value), row.write(self, boxed) { return }
        CAEngine.current.report("CAEmitterCell.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(row.kind) value; the cell is unchanged")
    }

    /// A property by name as its accessor's type (`Float` for `"birthRate"`, `CGColor?` for
    /// `"color"`, `Bool` for `"enabled"`), else a custom value set with `setValue(_:forKey:)`.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "contents": return contents
        case "emitterCells": return emitterCells
        default: return EmitterCellProperty.row(key).map { $0.plain(self) } ?? customValues[key]
        }
    }

    /// A copy of the cell's own values (its sub-cells are shared, as `copy()` on iOS copies the
    /// array, not the cells in it): what an emitter reads when animations change a cell's values
    /// for one frame, so the model cell stays as it is.
    public func copy() -> CAEmitterCell {
        let c = CAEmitterCell()
        for row in EmitterCellProperty.all { _ = row.write(c, row.read(self)) }
        c.name = name
        c.contents = contents
        c.emitterCells = emitterCells
        c.customValues = customValues
        return c
    }
}
