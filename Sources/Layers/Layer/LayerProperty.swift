import Foundation

/// A property of `LayerValues` as key paths reach it: one row of the table every reader and writer
/// by key goes through.
///
/// The table serves animations' reads and writes of presentation values (`presentedValue(for:)`,
/// sub-paths such as `position.x` through `AnimationKeyPath.component(of:)`), the animate phase's
/// direct writes (`DirectField`: a basic animation of a scalar or point row writes the bytes the
/// row's key path names), the model values animation blocks and property animators read and put
/// back (`modelValue(forKey:)`), key-value coding (`value(forKey:)`, `setValue(_:forKeyPath:)`), the
/// kind of value a key takes (`AnimationKeyPath.valueKind`), the animate phase's field-by-field
/// restore (a row's place in the table is its bit in `LayerValues.Fields`) and the trace.
///
/// Adding an animatable layer property: its field in `LayerValues` and its accessor on the layer
/// class (Swift declarations), its name as an `AnimationKeyPath` case, then one row here —
/// `.init(.name, \.field, \CALayer.accessor)`, the value kind, boxing, bit and direct-write slot
/// follow from the field's type — then its use in drawing. Subclasses' own content keys
/// (`strokeEnd`, `colors`, `fontSize`) stay with the subclass, which answers them in
/// `presentedValue(for:)` / `setPresentedValue(_:for:)`.
public struct LayerProperty: @unchecked Sendable {
    /// The whole property's key path (`.position`, `.transform(.whole)`).
    public let key: AnimationKeyPath
    /// Apple's name of the property (`"position"`).
    public var name: String { key.description }
    /// The kind of value it holds (from the field's type).
    public let kind: AnimationValueKind
    /// True when UIView animation blocks and property animators animate it (UIKit does not animate
    /// `isHidden`).
    public let animatesInBlocks: Bool
    /// The property's bit: its place in the table. Restored alone from the model when an animation
    /// wrote it last frame.
    fileprivate(set) var field = LayerValues.Fields.other
    /// When the trace writes it: always, or only when it differs from Core Animation's default.
    let tracedAlways: Bool
    /// Where the field's bytes sit in `LayerValues`, for the animate phase's direct writes; nil
    /// when the field is not stored there (a replicator's values live out of line).
    let offset: Int?
    /// How a direct write of the whole field stores it; nil when the whole field is not a scalar or
    /// a point (a rectangle's parts still may be: `bounds.size.width`).
    let storage: DirectField.Storage?
    /// The property of `values` as an animation value (the inspector reads model and screen so).
    public let read: (LayerValues) -> AnimationValue
    /// Writes `value` into `values`; a value of another kind changes nothing.
    let write: (inout LayerValues, AnimationValue) -> Void
    /// Copies the property from the second values into the first.
    let restore: (inout LayerValues, LayerValues) -> Void
    /// The property as the Swift value its `CALayer` accessor has (`Float` for opacity, `CGColor?`…).
    let plain: (LayerValues) -> Any
    /// True when `values` holds Core Animation's default for it.
    public let isDefault: (LayerValues) -> Bool
    /// Sets the layer's model value through its accessor (so actions run as for any change); false
    /// when `value` is not of the property's kind.
    let setModel: (CALayer, Any?) -> Bool

    /// A row for the field `values` names, set on layers of class `L` through `accessor`.
    private init<L: CALayer, T: LayerPropertyValue>(_ key: AnimationKeyPath, _ values: WritableKeyPath<LayerValues, T>,
                                                    _ accessor: ReferenceWritableKeyPath<L, T>, blocks: Bool = true,
                                                    traced: Bool = false, plain plainValue: ((T) -> Any)? = nil) {
        self.key = key
        kind = T.kind
        animatesInBlocks = blocks
        tracedAlways = traced
        offset = MemoryLayout<LayerValues>.offset(of: values)
        storage = T.directStorage
        read = { $0[keyPath: values].boxed }
        write = { v, value in if let t = T(unboxing: value) { v[keyPath: values] = t } }
        restore = { v, from in v[keyPath: values] = from[keyPath: values] }
        plain = plainValue.map { p in { p($0[keyPath: values]) } } ?? { $0[keyPath: values] }
        let defaults = LayerValues()[keyPath: values]
        isDefault = { $0[keyPath: values] == defaults }
        setModel = { any, value in
            // A subclass's row (a replicator's) sets nothing on other layers.
            guard let layer = any as? L else { return false }
            if let v = value as? T {
                layer[keyPath: accessor] = v
            } else if let boxed = value.flatMap(AnimationValue.boxing), let v = T(unboxing: boxed) {
                layer[keyPath: accessor] = v
            } else {
                return false
            }
            return true
        }
    }

    /// Every row; a row's index is its bit in `LayerValues.Fields`.
    /// The first four are traced on every line, in this order; the trace follows the table's order.
    public static let all: [LayerProperty] = {
        var rows: [LayerProperty] = [
            .init(.position, \.position, \.position, traced: true),
            .init(.bounds, \.bounds, \.bounds, traced: true),
            .init(.anchorPoint, \.anchorPoint, \.anchorPoint, traced: true),
            .init(.opacity, \.opacity, \.opacity, traced: true),
            .init(.transform(.whole), \.transform, \.transform),
            .init(.zPosition, \.zPosition, \.zPosition),
            .init(.cornerRadius, \.cornerRadius, \.cornerRadius),
            .init(.backgroundColor, \.backgroundColor, \.backgroundColor),
            .init(.hidden, \.isHidden, \.isHidden, blocks: false),
            .init(.sublayerTransform(.whole), \.sublayerTransform, \.sublayerTransform),
            .init(.borderWidth, \.borderWidth, \.borderWidth),
            .init(.borderColor, \.borderColor, \.borderColor),
            .init(.shadowColor, \.shadowColor, \.shadowColor),
            .init(.shadowOpacity, \.shadowOpacity, \.shadowOpacity),
            .init(.shadowOffset, \.shadowOffset, \.shadowOffset),
            .init(.shadowRadius, \.shadowRadius, \.shadowRadius),
            // CAReplicatorLayer's animatable values (`LayerValues.replicator`).
            .init(.instanceTransform, \.replicator.instanceTransform, \CAReplicatorLayer.instanceTransform),
            .init(.instanceDelay, \.replicator.instanceDelay, \CAReplicatorLayer.instanceDelay),
            .init(.instanceColor, \.replicator.instanceColor, \CAReplicatorLayer.instanceColor),
            .init(.instanceRedOffset, \.replicator.instanceRedOffset, \CAReplicatorLayer.instanceRedOffset),
            .init(.instanceGreenOffset, \.replicator.instanceGreenOffset, \CAReplicatorLayer.instanceGreenOffset),
            .init(.instanceBlueOffset, \.replicator.instanceBlueOffset, \CAReplicatorLayer.instanceBlueOffset),
            .init(.instanceAlphaOffset, \.replicator.instanceAlphaOffset, \CAReplicatorLayer.instanceAlphaOffset),
            // UIKit animates none of the contents keys in blocks (a view's contents is its drawing).
            .init(.contents, \.contents, \.contentsValue, blocks: false, plain: { $0.dominant as Any }),
            .init(.contentsRect, \.contentsRect, \.contentsRect, blocks: false),
            .init(.contentsCenter, \.contentsCenter, \.contentsCenter, blocks: false),
            // CAEmitterLayer's animatable values (`LayerValues.emitter`); other layers read these
            // names as custom keys (`AnimationKeyPath.resolved(for:)`).
            .init(.birthRate, \.emitter.birthRate, \CAEmitterLayer.birthRate),
            .init(.lifetime, \.emitter.lifetime, \CAEmitterLayer.lifetime),
            .init(.emitterPosition, \.emitter.emitterPosition, \CAEmitterLayer.emitterPosition),
            .init(.emitterZPosition, \.emitter.emitterZPosition, \CAEmitterLayer.emitterZPosition),
            .init(.emitterSize, \.emitter.emitterSize, \CAEmitterLayer.emitterSize),
            .init(.emitterDepth, \.emitter.emitterDepth, \CAEmitterLayer.emitterDepth),
            .init(.velocity, \.emitter.velocity, \CAEmitterLayer.velocity),
            .init(.scale, \.emitter.scale, \CAEmitterLayer.scale),
            .init(.spin, \.emitter.spin, \CAEmitterLayer.spin),
        ]
        precondition(rows.count < 64, "LayerProperty.all: \(rows.count) rows; LayerValues.Fields has 63 bits for them")
        for i in rows.indices { rows[i].field = LayerValues.Fields(rawValue: 1 << i) }
        return rows
    }()

    /// Row indices by whole-property key.
    private static let index: [AnimationKeyPath: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })

    /// The row of the property `key` names as a whole (`.position`; not `.positionX`, whose row is
    /// `key.property`'s); nil for other keys.
    /// - Complexity: one dictionary lookup.
    public static func row(for key: AnimationKeyPath) -> LayerProperty? { index[key].map { all[$0] } }

    /// The place in the table of the property `key` names as a whole; nil for other keys.
    static func index(of key: AnimationKeyPath) -> Int? { index[key] }

    /// The row of `key` as `layer` reads it: nil for an emitter's key on another layer (a custom
    /// key there).
    static func row(for key: AnimationKeyPath, of layer: CALayer) -> LayerProperty? { row(for: key.resolved(for: layer)) }
}

/// A type a `LayerValues` field can have: how its values box into animation values and back, and
/// whether the animate phase may write it directly.
protocol LayerPropertyValue: Equatable {
    /// The kind of animation value it boxes into.
    static var kind: AnimationValueKind { get }
    /// How a direct write stores it; nil (the default) when it is not written directly.
    static var directStorage: DirectField.Storage? { get }
    /// The value as an animation value.
    var boxed: AnimationValue { get }
    /// The value inside `value`; nil when `value` is of another kind.
    init?(unboxing value: AnimationValue)
}

extension LayerPropertyValue {
    static var directStorage: DirectField.Storage? { nil }
}

extension Float: LayerPropertyValue {
    static var kind: AnimationValueKind { .number }
    static var directStorage: DirectField.Storage? { .float32 }
    var boxed: AnimationValue { .number(Double(self)) }
    init?(unboxing value: AnimationValue) { guard let n = value.number else { return nil }; self.init(n) }
}

extension CGFloat: LayerPropertyValue {
    static var kind: AnimationValueKind { .number }
    static var directStorage: DirectField.Storage? { .float64 }
    var boxed: AnimationValue { .number(Double(self)) }
    init?(unboxing value: AnimationValue) { guard let n = value.number else { return nil }; self.init(n) }
}

extension Double: LayerPropertyValue {
    static var kind: AnimationValueKind { .number }
    static var directStorage: DirectField.Storage? { .float64 }
    var boxed: AnimationValue { .number(self) }
    init?(unboxing value: AnimationValue) { guard let n = value.number else { return nil }; self = n }
}

extension CGPoint: LayerPropertyValue {
    static var kind: AnimationValueKind { .point }
    static var directStorage: DirectField.Storage? { .point }
    var boxed: AnimationValue { .point(self) }
    init?(unboxing value: AnimationValue) { guard let p = value.point else { return nil }; self = p }
}

extension CGSize: LayerPropertyValue {
    static var kind: AnimationValueKind { .size }
    var boxed: AnimationValue { .size(self) }
    init?(unboxing value: AnimationValue) { guard let s = value.size else { return nil }; self = s }
}

extension CGRect: LayerPropertyValue {
    static var kind: AnimationValueKind { .rect }
    var boxed: AnimationValue { .rect(self) }
    init?(unboxing value: AnimationValue) { guard let r = value.rect else { return nil }; self = r }
}

extension CATransform3D: LayerPropertyValue {
    static var kind: AnimationValueKind { .transform }
    var boxed: AnimationValue { .transform(self) }
    init?(unboxing value: AnimationValue) { guard let t = value.transform else { return nil }; self = t }
}

extension Bool: LayerPropertyValue {
    static var kind: AnimationValueKind { .bool }
    var boxed: AnimationValue { .bool(self) }
    init?(unboxing value: AnimationValue) { guard let b = value.bool else { return nil }; self = b }
}

/// A colour field: nil (clear) boxes as the clear colour, as Core Animation interpolates it.
extension Optional: LayerPropertyValue where Wrapped == CGColor {
    static var kind: AnimationValueKind { .color }
    var boxed: AnimationValue { .other(AnyInterpolatable(self ?? .clear)) }
    init?(unboxing value: AnimationValue) { guard let c = value.other(as: CGColor.self) else { return nil }; self = .some(c) }
}

extension LayerContents: LayerPropertyValue {
    static var kind: AnimationValueKind { .contents }
    var boxed: AnimationValue { .other(AnyInterpolatable(self)) }
    init?(unboxing value: AnimationValue) { guard let c = value.other(as: LayerContents.self) else { return nil }; self = c }
}

extension LayerValues {
    /// The value `key` addresses (a whole property or a part of one, `position.x`), or nil when
    /// the key is not a `LayerValues` property.
    func value(for key: AnimationKeyPath) -> AnimationValue? {
        let whole = key.property
        guard let row = LayerProperty.row(for: whole) else { return nil }
        let v = row.read(self)
        return whole == key ? v : key.component(of: v)
    }

    /// Writes `value` where `key` addresses it; a key that is not a `LayerValues` property or a value
    /// of another kind changes nothing.
    mutating func set(_ value: AnimationValue, for key: AnimationKeyPath) {
        let whole = key.property
        guard let row = LayerProperty.row(for: whole) else { return }
        row.write(&self, whole == key ? value : key.replacingComponent(in: row.read(self), with: value))
    }
}
