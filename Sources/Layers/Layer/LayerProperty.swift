import Foundation

/// A property of `LayerValues` as key paths reach it: one row of the table every reader and writer
/// by key goes through.
///
/// The table serves animations' reads and writes of presentation values (`presentedValue(for:)`,
/// sub-paths such as `position.x` through `AnimationKeyPath.component(of:)`), the model values
/// animation blocks and property animators read and put back (`modelValue(forKey:)`), key-value
/// coding (`value(forKey:)`, `setValue(_:forKeyPath:)`), the animate phase's field-by-field restore
/// (a row's bit in `LayerValues.Fields` is its place in the table) and the trace.
///
/// Adding an animatable layer property: its field in `LayerValues`, its accessor on `CALayer`, its
/// case in `AnimationKeyPath`, one row here (with the next free bit), then its use in drawing.
/// Subclasses' own content keys (`strokeEnd`, `colors`, `fontSize`) stay with the subclass, which
/// answers them in `presentedValue(for:)` / `setPresentedValue(_:for:)`.
public struct LayerProperty: @unchecked Sendable {
    /// The whole property's key path (`.position`, `.transform(.whole)`).
    public let key: AnimationKeyPath
    /// Apple's name of the property (`"position"`).
    public var name: String { key.description }
    /// The kind of value it holds.
    public var kind: AnimationValueKind { key.valueKind }
    /// True when UIView animation blocks and property animators animate it (UIKit does not animate
    /// `isHidden`).
    public let animatesInBlocks: Bool
    /// The property's bit: restored alone from the model when an animation wrote it last frame.
    let field: LayerValues.Fields
    /// When the trace writes it: always, or only when it differs from Core Animation's default.
    let tracedAlways: Bool
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

    private init<L: CALayer, T: Equatable>(_ key: AnimationKeyPath, _ field: LayerValues.Fields, blocks: Bool = true, traced: Bool = false,
                               _ accessor: ReferenceWritableKeyPath<L, T>,
                               get: @escaping (LayerValues) -> T, set: @escaping (inout LayerValues, T) -> Void,
                               box: @escaping (T) -> AnimationValue, unbox: @escaping (AnimationValue) -> T?,
                               plain plainValue: ((T) -> Any)? = nil) {
        self.key = key
        self.field = field
        animatesInBlocks = blocks
        tracedAlways = traced
        read = { box(get($0)) }
        write = { values, value in if let v = unbox(value) { set(&values, v) } }
        restore = { values, from in set(&values, get(from)) }
        plain = plainValue.map { p in { p(get($0)) } } ?? { get($0) }
        let defaults = LayerValues()
        isDefault = { get($0) == get(defaults) }
        setModel = { any, value in
            // A subclass's row (a replicator's) sets nothing on other layers.
            guard let layer = any as? L else { return false }
            if let v = value as? T {
                layer[keyPath: accessor] = v
            } else if let boxed = value.flatMap(AnimationValue.boxing), let v = unbox(boxed) {
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
        func number<T: BinaryFloatingPoint>(_ v: T) -> AnimationValue { .number(Double(v)) }
        func color(_ c: CGColor?) -> AnimationValue { .other(AnyInterpolatable(c ?? .clear)) }
        func unboxColor(_ v: AnimationValue) -> CGColor?? { v.other(as: CGColor.self).map { .some($0) } }
        let rows: [LayerProperty] = [
            .init(.position, .position, traced: true, \.position, get: { $0.position }, set: { $0.position = $1 },
                  box: { .point($0) }, unbox: { $0.point }),
            .init(.bounds, .bounds, traced: true, \.bounds, get: { $0.bounds }, set: { $0.bounds = $1 },
                  box: { .rect($0) }, unbox: { $0.rect }),
            .init(.anchorPoint, .anchorPoint, traced: true, \.anchorPoint, get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 },
                  box: { .point($0) }, unbox: { $0.point }),
            .init(.opacity, .opacity, traced: true, \.opacity, get: { $0.opacity }, set: { $0.opacity = $1 },
                  box: number, unbox: { $0.number.map(Float.init) }),
            .init(.transform(.whole), .transform, \.transform, get: { $0.transform }, set: { $0.transform = $1 },
                  box: { .transform($0) }, unbox: { $0.transform }),
            .init(.zPosition, .zPosition, \.zPosition, get: { $0.zPosition }, set: { $0.zPosition = $1 },
                  box: number, unbox: { $0.number.map { CGFloat($0) } }),
            .init(.cornerRadius, .cornerRadius, \.cornerRadius, get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 },
                  box: number, unbox: { $0.number.map { CGFloat($0) } }),
            .init(.backgroundColor, .backgroundColor, \.backgroundColor, get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 },
                  box: color, unbox: unboxColor),
            .init(.hidden, .hidden, blocks: false, \.isHidden, get: { $0.isHidden }, set: { $0.isHidden = $1 },
                  box: { .bool($0) }, unbox: { $0.bool }),
            .init(.sublayerTransform(.whole), .sublayerTransform, \.sublayerTransform, get: { $0.sublayerTransform },
                  set: { $0.sublayerTransform = $1 }, box: { .transform($0) }, unbox: { $0.transform }),
            .init(.borderWidth, .borderWidth, \.borderWidth, get: { $0.borderWidth }, set: { $0.borderWidth = $1 },
                  box: number, unbox: { $0.number.map { CGFloat($0) } }),
            .init(.borderColor, .borderColor, \.borderColor, get: { $0.borderColor }, set: { $0.borderColor = $1 },
                  box: color, unbox: unboxColor),
            .init(.shadowColor, .shadowColor, \.shadowColor, get: { $0.shadowColor }, set: { $0.shadowColor = $1 },
                  box: color, unbox: unboxColor),
            .init(.shadowOpacity, .shadowOpacity, \.shadowOpacity, get: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 },
                  box: number, unbox: { $0.number.map(Float.init) }),
            .init(.shadowOffset, .shadowOffset, \.shadowOffset, get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 },
                  box: { .size($0) }, unbox: { $0.size }),
            .init(.shadowRadius, .shadowRadius, \.shadowRadius, get: { $0.shadowRadius }, set: { $0.shadowRadius = $1 },
                  box: number, unbox: { $0.number.map { CGFloat($0) } }),
            // CAReplicatorLayer's animatable values (`LayerValues.replicator`).
            .init(.instanceTransform, .instanceTransform, \CAReplicatorLayer.instanceTransform, get: { $0.replicator.instanceTransform },
                  set: { $0.replicator.instanceTransform = $1 }, box: { .transform($0) }, unbox: { $0.transform }),
            .init(.instanceDelay, .instanceDelay, \CAReplicatorLayer.instanceDelay, get: { $0.replicator.instanceDelay },
                  set: { $0.replicator.instanceDelay = $1 }, box: number, unbox: { $0.number }),
            .init(.instanceColor, .instanceColor, \CAReplicatorLayer.instanceColor, get: { $0.replicator.instanceColor },
                  set: { $0.replicator.instanceColor = $1 }, box: color, unbox: unboxColor),
            .init(.instanceRedOffset, .instanceRedOffset, \CAReplicatorLayer.instanceRedOffset, get: { $0.replicator.instanceRedOffset },
                  set: { $0.replicator.instanceRedOffset = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.instanceGreenOffset, .instanceGreenOffset, \CAReplicatorLayer.instanceGreenOffset, get: { $0.replicator.instanceGreenOffset },
                  set: { $0.replicator.instanceGreenOffset = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.instanceBlueOffset, .instanceBlueOffset, \CAReplicatorLayer.instanceBlueOffset, get: { $0.replicator.instanceBlueOffset },
                  set: { $0.replicator.instanceBlueOffset = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.instanceAlphaOffset, .instanceAlphaOffset, \CAReplicatorLayer.instanceAlphaOffset, get: { $0.replicator.instanceAlphaOffset },
                  set: { $0.replicator.instanceAlphaOffset = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            // UIKit animates none of the contents keys in blocks (a view's contents is its drawing).
            .init(.contents, .contents, blocks: false, \.contentsValue, get: { $0.contents }, set: { $0.contents = $1 },
                  box: { .other(AnyInterpolatable($0)) }, unbox: { $0.other(as: LayerContents.self) }, plain: { $0.dominant as Any }),
            .init(.contentsRect, .contentsRect, blocks: false, \.contentsRect, get: { $0.contentsRect }, set: { $0.contentsRect = $1 },
                  box: { .rect($0) }, unbox: { $0.rect }),
            .init(.contentsCenter, .contentsCenter, blocks: false, \.contentsCenter, get: { $0.contentsCenter },
                  set: { $0.contentsCenter = $1 }, box: { .rect($0) }, unbox: { $0.rect }),
            // CAEmitterLayer's animatable values (`LayerValues.emitter`); other layers read these
            // names as custom keys (`AnimationKeyPath.resolved(for:)`).
            .init(.birthRate, .emitterBirthRate, \CAEmitterLayer.birthRate, get: { $0.emitter.birthRate },
                  set: { $0.emitter.birthRate = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.lifetime, .emitterLifetime, \CAEmitterLayer.lifetime, get: { $0.emitter.lifetime },
                  set: { $0.emitter.lifetime = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.emitterPosition, .emitterPosition, \CAEmitterLayer.emitterPosition, get: { $0.emitter.emitterPosition },
                  set: { $0.emitter.emitterPosition = $1 }, box: { .point($0) }, unbox: { $0.point }),
            .init(.emitterZPosition, .emitterZPosition, \CAEmitterLayer.emitterZPosition, get: { $0.emitter.emitterZPosition },
                  set: { $0.emitter.emitterZPosition = $1 }, box: number, unbox: { $0.number.map { CGFloat($0) } }),
            .init(.emitterSize, .emitterSize, \CAEmitterLayer.emitterSize, get: { $0.emitter.emitterSize },
                  set: { $0.emitter.emitterSize = $1 }, box: { .size($0) }, unbox: { $0.size }),
            .init(.emitterDepth, .emitterDepth, \CAEmitterLayer.emitterDepth, get: { $0.emitter.emitterDepth },
                  set: { $0.emitter.emitterDepth = $1 }, box: number, unbox: { $0.number.map { CGFloat($0) } }),
            .init(.velocity, .emitterVelocity, \CAEmitterLayer.velocity, get: { $0.emitter.velocity },
                  set: { $0.emitter.velocity = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.scale, .emitterScale, \CAEmitterLayer.scale, get: { $0.emitter.scale },
                  set: { $0.emitter.scale = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
            .init(.spin, .emitterSpin, \CAEmitterLayer.spin, get: { $0.emitter.spin },
                  set: { $0.emitter.spin = $1 }, box: number, unbox: { $0.number.map(Float.init) }),
        ]
        for (i, row) in rows.enumerated() {
            precondition(row.field.rawValue == 1 << i, "LayerProperty.all: \(row.name)'s bit must be 1 << \(i), its place in the table")
        }
        return rows
    }()

    /// Row indices by whole-property key.
    private static let index: [AnimationKeyPath: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })

    /// The row of the property `key` names as a whole (`.position`; not `.positionX`, whose row is
    /// `key.property`'s); nil for other keys.
    /// - Complexity: one dictionary lookup.
    public static func row(for key: AnimationKeyPath) -> LayerProperty? { index[key].map { all[$0] } }

    /// The row of `key` as `layer` reads it: nil for an emitter's key on another layer (a custom
    /// key there).
    static func row(for key: AnimationKeyPath, of layer: CALayer) -> LayerProperty? { row(for: key.resolved(for: layer)) }
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
