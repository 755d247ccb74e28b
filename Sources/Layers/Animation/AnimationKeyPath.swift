import Foundation

/// Apple's string key paths (`"position.x"`, `"transform.rotation.z"`, `"strokeEnd"`…) parsed once into
/// a typed key, so the engine switches over cases instead of comparing strings every frame.
///
/// `AnimationKeyPath("…")` never fails: an unknown path is `.custom(path)`, kept verbatim for custom
/// properties (`"progress"` on a user layer). `description` gives Apple's string back, so
/// `AnimationKeyPath(k.description) == k` for every key; `"isHidden"` is accepted as an alias of `"hidden"`.
public enum AnimationKeyPath: Hashable, Sendable, CustomStringConvertible {
    /// `"position"`, `"position.x"`, `"position.y"`.
    case position, positionX, positionY
    /// `"bounds"` and its fields `"bounds.origin"`, `"bounds.origin.x"`/`.y`, `"bounds.size"`, `"bounds.size.width"`/`.height`.
    case bounds, boundsOrigin, boundsOriginX, boundsOriginY, boundsSize, boundsSizeWidth, boundsSizeHeight
    /// `"anchorPoint"` and `"anchorPoint.x"`/`.y`; `anchorPointZ` is `"anchorPointZ"`.
    case anchorPoint, anchorPointX, anchorPointY, anchorPointZ
    /// `"zPosition"`.
    case zPosition
    /// `"opacity"`; `"hidden"` (alias `"isHidden"`).
    case opacity, hidden
    /// `"transform"` and its field paths (`"transform.scale.x"`…).
    case transform(TransformField)
    /// `"sublayerTransform"` and its field paths.
    case sublayerTransform(TransformField)
    /// The layer's border and background: `"cornerRadius"`, `"borderWidth"`, `"borderColor"`, `"backgroundColor"`.
    case cornerRadius, borderWidth, borderColor, backgroundColor
    /// The layer's shadow properties.
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, shadowPath
    /// `CAShapeLayer`'s properties.
    case strokeStart, strokeEnd, lineWidth, lineDashPhase, miterLimit, strokeColor, fillColor, path
    /// `CAGradientLayer`'s properties.
    case colors, locations, startPoint, endPoint
    /// `"contents"` (the image), `"contentsRect"` and `"contentsCenter"`.
    case contents, contentsRect, contentsCenter
    /// `CATextLayer`'s animatable properties.
    case fontSize, foregroundColor
    /// `CAReplicatorLayer`'s animatable properties.
    case instanceTransform, instanceDelay, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset
    /// `CABackdropLayer`'s: `"backdropBlurRadius"`, `"backdropTintColor"`, `"backdropSaturation"`.
    case backdropBlurRadius, backdropTintColor, backdropSaturation
    /// `CAEmitterLayer`'s animatable properties (Apple's header marks these nine): the multipliers
    /// `"birthRate"`, `"lifetime"`, `"velocity"`, `"scale"`, `"spin"` and the emission shape's
    /// `"emitterPosition"`, `"emitterZPosition"`, `"emitterSize"`, `"emitterDepth"`. On any other
    /// layer these names are custom keys (`isEmitterKey`): a custom layer's `"scale"` stays its own.
    case birthRate, lifetime, velocity, scale, spin, emitterPosition, emitterZPosition, emitterSize, emitterDepth
    /// Any other key path, verbatim.
    case custom(String)

    /// The fields of a transform that key paths can address (Apple's "transform field value key paths").
    public enum TransformField: String, CaseIterable, Hashable, Sendable {
        /// The whole matrix.
        case whole = ""
        /// The average of the three scale factors.
        case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
        /// Rotation about z, in radians (same as `rotation.z`).
        case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
        /// Translation in x and y, as a size.
        case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    }

    /// Parses Apple's key path string. - Complexity: one dictionary lookup.
    public init(_ string: String) {
        self = Self.table[string] ?? (string == "isHidden" ? .hidden : .custom(string))
    }

    /// Apple's key path string (`"position.x"`, `"transform.rotation.z"`); `.custom` gives its own string.
    public var description: String {
        switch self {
        case .transform(let f): return f == .whole ? "transform" : "transform." + f.rawValue
        case .sublayerTransform(let f): return f == .whole ? "sublayerTransform" : "sublayerTransform." + f.rawValue
        case .custom(let s): return s
        default: return Self.names[self] ?? ""
        }
    }

    /// The layer property the path reads and writes (`"position.x"` → `"position"`, `.custom` → its first
    /// component).
    public var property: AnimationKeyPath {
        switch self {
        case .positionX, .positionY: return .position
        case .boundsOrigin, .boundsOriginX, .boundsOriginY, .boundsSize, .boundsSizeWidth, .boundsSizeHeight: return .bounds
        case .anchorPointX, .anchorPointY: return .anchorPoint
        case .transform: return .transform(.whole)
        case .sublayerTransform: return .sublayerTransform(.whole)
        case .custom(let s): return .custom(String(s.split(separator: ".", omittingEmptySubsequences: false).first ?? ""))
        default: return self
        }
    }

    /// True for `CAEmitterLayer`'s keys, which other layers read and write as custom keys.
    public var isEmitterKey: Bool {
        switch self {
        case .birthRate, .lifetime, .velocity, .scale, .spin, .emitterPosition, .emitterZPosition, .emitterSize, .emitterDepth: return true
        default: return false
        }
    }

    /// The key as `layer` reads it: an emitter key on a layer that is not an emitter is the custom
    /// key of the same name.
    func resolved(for layer: CALayer) -> AnimationKeyPath {
        isEmitterKey && !(layer is CAEmitterLayer) ? .custom(description) : self
    }

    /// The kind of value the path animates, so from/to values can be checked once.
    /// A property of `LayerValues` takes its row's kind (the field's type); the switch answers
    /// the parts of properties and subclasses' content keys.
    public var valueKind: AnimationValueKind {
        if let i = LayerProperty.index(of: self) { return LayerProperty.all[i].kind }
        switch self {
        case .boundsOrigin, .startPoint, .endPoint: return .point
        case .boundsSize: return .size
        case .transform(let f), .sublayerTransform(let f):
            switch f {
            case .whole: return .transform
            case .translation: return .size
            default: return .number
            }
        case .strokeColor, .fillColor, .foregroundColor, .backdropTintColor: return .color
        case .path, .shadowPath: return .path
        case .colors: return .colors
        case .locations: return .numbers
        case .contents: return .contents
        case .custom: return .unknown
        default: return .number
        }
    }

    private static let simple: [(String, AnimationKeyPath)] = [
        ("position", .position), ("position.x", .positionX), ("position.y", .positionY),
        ("bounds", .bounds), ("bounds.origin", .boundsOrigin), ("bounds.origin.x", .boundsOriginX),
        ("bounds.origin.y", .boundsOriginY), ("bounds.size", .boundsSize), ("bounds.size.width", .boundsSizeWidth),
        ("bounds.size.height", .boundsSizeHeight),
        ("anchorPoint", .anchorPoint), ("anchorPoint.x", .anchorPointX), ("anchorPoint.y", .anchorPointY),
        ("anchorPointZ", .anchorPointZ), ("zPosition", .zPosition),
        ("opacity", .opacity), ("hidden", .hidden),
        ("cornerRadius", .cornerRadius), ("borderWidth", .borderWidth), ("borderColor", .borderColor),
        ("backgroundColor", .backgroundColor),
        ("shadowOpacity", .shadowOpacity), ("shadowRadius", .shadowRadius), ("shadowOffset", .shadowOffset),
        ("shadowColor", .shadowColor), ("shadowPath", .shadowPath),
        ("strokeStart", .strokeStart), ("strokeEnd", .strokeEnd), ("lineWidth", .lineWidth),
        ("lineDashPhase", .lineDashPhase), ("miterLimit", .miterLimit), ("strokeColor", .strokeColor),
        ("fillColor", .fillColor), ("path", .path),
        ("colors", .colors), ("locations", .locations), ("startPoint", .startPoint), ("endPoint", .endPoint),
        ("contents", .contents), ("contentsRect", .contentsRect), ("contentsCenter", .contentsCenter),
        ("fontSize", .fontSize), ("foregroundColor", .foregroundColor),
        ("instanceTransform", .instanceTransform), ("instanceDelay", .instanceDelay), ("instanceColor", .instanceColor),
        ("instanceRedOffset", .instanceRedOffset), ("instanceGreenOffset", .instanceGreenOffset),
        ("instanceBlueOffset", .instanceBlueOffset), ("instanceAlphaOffset", .instanceAlphaOffset),
        ("backdropBlurRadius", .backdropBlurRadius), ("backdropTintColor", .backdropTintColor), ("backdropSaturation", .backdropSaturation),
        ("birthRate", .birthRate), ("lifetime", .lifetime), ("velocity", .velocity), ("scale", .scale), ("spin", .spin),
        ("emitterPosition", .emitterPosition), ("emitterZPosition", .emitterZPosition), ("emitterSize", .emitterSize),
        ("emitterDepth", .emitterDepth),
    ]

    private static let table: [String: AnimationKeyPath] = {
        var t = Dictionary(uniqueKeysWithValues: simple)
        for f in TransformField.allCases {
            t[AnimationKeyPath.transform(f).description] = .transform(f)
            t[AnimationKeyPath.sublayerTransform(f).description] = .sublayerTransform(f)
        }
        return t
    }()

    private static let names: [AnimationKeyPath: String] = Dictionary(uniqueKeysWithValues: simple.map { ($1, $0) })

    /// Every key path with a name of its own (everything but `.custom`), for tests and tooling.
    public static var allNamed: [AnimationKeyPath] {
        simple.map(\.1) + TransformField.allCases.flatMap { [AnimationKeyPath.transform($0), .sublayerTransform($0)] }
    }
}

extension AnimationKeyPath: ExpressibleByStringLiteral {
    /// Parses a string literal as `init(_:)` does, so `"position.x"` can stand for a key path.
    public init(stringLiteral value: String) { self.init(value) }
}

/// The kind of value a key path animates.
public enum AnimationValueKind: Hashable, Sendable {
    /// The kind of each layer property: scalar, point, size, rectangle, transform, Boolean, colour, path, colour array, scalar array, image.
    case number, point, size, rect, transform, bool, color, path, colors, numbers, contents
    /// A custom key path: the kind is whatever the values are.
    case unknown
}
