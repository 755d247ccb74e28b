import Foundation
import Raster

/// A rectangle on screen with position, bounds, opacity, a background and sublayers, as Core
/// Animation's `CALayer`.
///
/// The properties read and write the layer's model values; the presentation values (what is on
/// screen at the current frame) come from `presentation()`. Geometry follows Apple: `position` is
/// where the `anchorPoint` of the bounds sits in the superlayer, and `frame` is derived.
open class CALayer {
    // Stored properties are laid out in declaration order: what the animate phase reads for every
    // layer comes first, so a frame touches the fewest cache lines per layer (BENCHMARKS.md).
    // The properties each frame reads per layer are `@exclusivity(unchecked)`: a dynamic check on
    // every access was ~0.3% of a scene's frame, and layers are used from one thread at a time
    // (docs/ARCHITECTURE.md, Threading rules); none is passed `inout` while the layer runs code.

    /// The layer's own time base (CAMediaTiming): beginTime, speed, timeOffset.
    @exclusivity(unchecked) public internal(set) var timing = LayerTiming()
    /// The layer's local time at the last animate phase (the display step reads transitions at it).
    @exclusivity(unchecked) var lastLayerTime: Double = 0
    /// Running animations in the order added.
    @exclusivity(unchecked) var animationList: [AnimationEntry] = []
    /// The child layers, back to front (nil when there are none). Setting it removes the old
    /// sublayers and adds the new ones in order, as Core Animation does (see `setSublayers`).
    public var sublayers: [CALayer]? {
        get { sublayerList }
        set { setSublayers(newValue) }
    }
    /// The storage of `sublayers`.
    @exclusivity(unchecked) var sublayerList: [CALayer]?
    /// A layer whose alpha masks this layer's content and sublayers. Default: nil.
    /// A layer whose alpha masks this one. A mask that is this layer or one of its ancestors would
    /// make a cycle: it is refused with one reported line and the old mask stays. A layer has one
    /// parent: a mask leaves its superlayer, and a mask later added as a sublayer stops being one.
    @exclusivity(unchecked) public var mask: CALayer? {
        didSet {
            if let m = mask, m !== oldValue, hasAncestorOrSelf(m) {
                CAEngine.current.report("mask refused: \(m.debugName) is \(m === self ? "the layer itself" : "an ancestor of \(debugName)")")
                mask = oldValue
                return
            }
            if oldValue !== mask { oldValue?.maskOwner = nil }
            mask?.removeFromSuperlayer()
            mask?.maskOwner = self
            mask?.carryPendingMarks()
        }
    }
    /// Values for custom keys (`setValue(_:forKey:)`).
    @exclusivity(unchecked) var customValues: [String: Any] = [:]
    /// Custom key values on screen at the last frame (model values + animations of custom keys).
    @exclusivity(unchecked) var presentedCustomValues: [String: Any] = [:]
    /// The fields of `presented` that animations wrote at the last animate phase; they differ from
    /// the model until restored.
    @exclusivity(unchecked) var animatedFields: LayerValues.Fields = []
    /// True when the model changed since the last animate phase copied it into `presented`.
    @exclusivity(unchecked) var modelChangedSincePresent = true
    /// True once an animate phase computed `presented`.
    @exclusivity(unchecked) public internal(set) var hasBeenPresented = false
    /// True for a layer whose `presentAfterAnimations()` must run each frame (an emitter). Read by
    /// every layer's animate step, so it sits in the object's first lines: declared after the
    /// model values, 1.5 KB in, it was a cache miss per layer once no layout walk touched that
    /// line every frame (two thirds of the phase over 10,000 layers, perf).
    @exclusivity(unchecked) var presentsAfterAnimations = false
    /// The values on screen at the last animate phase (model + animations).
    @exclusivity(unchecked) public internal(set) var presented = LayerValues()
    /// The model values. Subclasses keep their own content values alongside.
    @exclusivity(unchecked) public internal(set) var modelValues = LayerValues() { didSet { modelChangedSincePresent = true } }

    /// Non-nil on a presentation copy: the model layer it shows.
    @exclusivity(unchecked) public internal(set) weak var modelLayerRef: CALayer?
    weak var maskOwner: CALayer?
    /// A name to find the layer by (traces, `SceneTester.layer(named:)`). Default: nil.
    public var name: String?
    /// The layer this one is a sublayer (or mask) of.
    public internal(set) weak var superlayer: CALayer?
    /// Draws the content and lays out the sublayers when set (a view is its layer's delegate), and
    /// supplies actions (`action(for:forKey:)`). Default: nil.
    @exclusivity(unchecked) public weak var delegate: CALayerDelegate?
    /// Counts content redraws of this layer (the content cache's test hook and a profiling aid).
    public package(set) var displayCount = 0
    /// True when the layer's own content must be redrawn before the next composite.
    @exclusivity(unchecked) public package(set) var needsContentRedraw = true

    /// A layer with Core Animation's defaults: zero bounds at position (0, 0), anchor point (0.5, 0.5),
    /// opaque (`opacity` 1), no background.
    public init() {}

    /// Releases the layer's sublayers and mask without recursing through their deinits (see
    /// `releaseSubtree`): Swift's own release of a 100,000-deep tree overflowed the stack.
    deinit { CALayer.releaseSubtree(self) }

    /// Copies `layer`'s properties (Core Animation calls this to make presentation layers).
    public required init(layer: Any) {
        if let other = layer as? CALayer {
            contentsValues = other.contentsValues
            shadowPathStorage = other.shadowPathStorage
            modelValues = other.modelValues
            name = other.name
            timing = other.timing
            customValues = other.customValues
        }
    }

    // MARK: Geometry

    /// The layer's own coordinate space: its size and the origin its sublayers are placed against.
    /// Animatable. Default: `.zero`.
    public var bounds: CGRect { get { modelValues.bounds } set { update(\.bounds, newValue, "bounds") } }
    /// Where the anchor point sits in the superlayer's coordinates. Animatable. Default: (0, 0).
    public var position: CGPoint { get { modelValues.position } set { update(\.position, newValue, "position") } }
    /// The point transforms turn and scale about, in unit coordinates of the bounds (0…1).
    /// Animatable. Default: (0.5, 0.5), the centre.
    public var anchorPoint: CGPoint { get { modelValues.anchorPoint } set { update(\.anchorPoint, newValue, "anchorPoint") } }
    /// Sublayers draw in ascending `zPosition`, then in order. Animatable. Default: 0.
    public var zPosition: CGFloat { get { modelValues.zPosition } set { update(\.zPosition, newValue, "zPosition") } }

    /// The transform applied about the anchor point (key paths `transform.scale`, `transform.rotation.z`…).
    /// Animatable. Default: identity.
    public var transform: CATransform3D { get { modelValues.transform } set { update(\.transform, newValue, "transform") } }
    /// A transform applied to the sublayers about the bounds' centre; set `m34 = -1 / d` for
    /// perspective. Animatable. Default: identity.
    public var sublayerTransform: CATransform3D {
        get { modelValues.sublayerTransform } set { update(\.sublayerTransform, newValue, "sublayerTransform") }
    }
    /// `transform` as an affine transform (Core Animation's convenience accessors).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets `transform` from a 2D affine transform.
    public func setAffineTransform(_ t: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(t) }

    /// The layer's rectangle in its superlayer's coordinates: the bounding box of the bounds under
    /// anchorPoint, position and transform. Setting it (meaningful with an identity transform, as
    /// Apple documents) moves `position` and resizes `bounds`.
    public var frame: CGRect {
        get {
            let b = bounds
            let untransformed = CGRect(x: position.x - b.width * anchorPoint.x, y: position.y - b.height * anchorPoint.y,
                                       width: b.width, height: b.height)
            if transform == .identity { return untransformed }
            let toParent = transformToSuperlayer
            let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY),
                           CGPoint(x: b.minX, y: b.maxY), CGPoint(x: b.maxX, y: b.maxY)].compactMap { toParent.project($0) }
            guard corners.count == 4 else { return untransformed }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds = CGRect(origin: bounds.origin, size: newValue.size)
            position = CGPoint(x: newValue.minX + newValue.width * anchorPoint.x, y: newValue.minY + newValue.height * anchorPoint.y)
        }
    }

    // MARK: Appearance

    /// Opacity of the layer and its sublayers as a group, 0…1. Animatable. Default: 1.
    public var opacity: Float { get { modelValues.opacity } set { update(\.opacity, newValue, "opacity") } }
    /// When true the layer and its sublayers are not drawn. Default: false.
    public var isHidden: Bool { get { modelValues.isHidden } set { update(\.isHidden, newValue, "hidden") } }
    /// The colour filling the bounds (with `cornerRadius`). Animatable. Default: nil (clear).
    public var backgroundColor: CGColor? { get { modelValues.backgroundColor } set { update(\.backgroundColor, newValue, "backgroundColor") } }
    /// The radius of the bounds' rounded corners for the background, border and, with
    /// `masksToBounds`, the clip. Animatable. Default: 0.
    public var cornerRadius: CGFloat { get { modelValues.cornerRadius } set { update(\.cornerRadius, newValue, "cornerRadius") } }
    /// The corners `cornerRadius` rounds (`[.layerMinXMinYCorner, .layerMaxXMinYCorner]`: the top
    /// two); the others stay square. Not animatable, as in Core Animation. Default: all four.
    public var maskedCorners: CACornerMask { get { modelValues.maskedCorners } set { update(\.maskedCorners, newValue, "maskedCorners") } }
    /// The width of the border drawn inside the bounds, over the sublayers. Animatable. Default: 0.
    public var borderWidth: CGFloat { get { modelValues.borderWidth } set { update(\.borderWidth, newValue, "borderWidth") } }
    /// The border's colour. Animatable. Default: opaque black.
    public var borderColor: CGColor? { get { modelValues.borderColor } set { update(\.borderColor, newValue, "borderColor") } }
    /// When true the content and sublayers are clipped to the (rounded) bounds. Default: false.
    public var masksToBounds: Bool { get { modelValues.masksToBounds } set { update(\.masksToBounds, newValue, "masksToBounds") } }
    /// The shadow's colour. Animatable. Default: opaque black.
    public var shadowColor: CGColor? { get { modelValues.shadowColor } set { update(\.shadowColor, newValue, "shadowColor") } }
    /// The shadow's opacity, 0…1; 0 draws no shadow. Animatable. Default: 0.
    public var shadowOpacity: Float { get { modelValues.shadowOpacity } set { update(\.shadowOpacity, newValue, "shadowOpacity") } }
    /// Where the shadow falls from the layer. Animatable. Default: (0, -3), as Core Animation's.
    public var shadowOffset: CGSize { get { modelValues.shadowOffset } set { update(\.shadowOffset, newValue, "shadowOffset") } }
    /// The blur radius of the shadow. Animatable. Default: 3.
    public var shadowRadius: CGFloat { get { modelValues.shadowRadius } set { update(\.shadowRadius, newValue, "shadowRadius") } }
    /// Default: nil (the shadow follows the background and content). Giving a path also saves the
    /// display step from drawing the content just to find the shadow's shape.
    /// (Not animated; kept out of `LayerValues` so presentation snapshots stay plain values.)
    public var shadowPath: CGPath? {
        get { shadowPathStorage }
        set { shadowPathStorage = newValue.map { CGPath(path: $0.path) } }
    }

    /// Writes one model value and tells the engine which key changed.
    func update<T: Equatable>(_ path: WritableKeyPath<LayerValues, T>, _ value: T, _ key: String) {
        let old = modelValues[keyPath: path]
        guard old != value else { return }
        let before = actionStartValue(forKey: key, oldModel: old)
        modelValues[keyPath: path] = value
        modelValueDidChange(key)
        runAction(forKey: key, from: before, oldModel: old)
    }

    /// Actions by key, searched after the delegate. Default: nil.
    public var actions: [String: CAAction]? {
        get { actionsStorage }
        set { actionsStorage = newValue }
    }

    /// The presentation value for a key path, for animations to start from (see CALayer+KeyedValues).
    /// Subclasses answer their own keys and call super for the rest.
    open func presentedValue(for key: AnimationKeyPath) -> AnimationValue? { basePresentedValue(for: key) }
    /// Writes an animated value into the presentation values.
    open func setPresentedValue(_ value: AnimationValue, for key: AnimationKeyPath) { setBasePresentedValue(value, for: key) }
    /// A subclass's content key that animation blocks animate, as a model value (see
    /// `modelValue(forKey:)`); nil by default (CAShapeLayer answers its stroke ends).
    func contentModelValue(for key: AnimationKeyPath) -> AnimationValue? { nil }
    /// Writes a content key read by `contentModelValue(for:)`; nothing by default.
    func setContentModelValue(_ value: AnimationValue, for key: AnimationKeyPath) {}

    @exclusivity(unchecked) var needsLayoutFlag = false
    /// This layer or one below it waits for layout / display (`markPending`).
    @exclusivity(unchecked) var layoutPendingBelow = false, displayPendingBelow = false
    var actionsStorage: [String: CAAction]?
    /// The key whose action runs now and its old model value (see `modelValueBeforeChange`).
    var changingKey: (key: String, old: Any?)?
    var shadowPathStorage: CGPath?
    /// Lays out the sublayers; the default asks the delegate (a view lays out its subviews there).
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Content properties for `treeDescription`; subclasses describe theirs.
    open func contentDescription() -> [String] { [] }

    /// The presentation values written to a trace line; subclasses add their content keys.
    open func tracedValues() -> [(String, TraceValue)] { baseTracedValues() }

    /// Subclasses copy their own presented content values in `presentContent()` and a presentation
    /// copy takes them in `copyPresentedContent(from:)`.
    open func presentContent() {}
    /// Runs in the animate phase after the layer's animations were applied, when
    /// `presentsAfterAnimations` (an emitter steps its particles from the animated values).
    func presentAfterAnimations() {}
    /// Copies a subclass's own content values into a presentation copy; subclasses with stored
    /// content override it. Default: nothing.
    open func copyPresentedContent(from layer: CALayer) {}

    /// Called after a model value changed; subclasses that draw content mark it for redraw.
    open func modelValueDidChange(_ key: String) {
        if key == "bounds" {
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            setNeedsLayout()
        }
    }

    // MARK: Content

    /// Default: false. When true, a change of the bounds redraws the content.
    open var needsDisplayOnBoundsChange = false
    /// Accepted so that iOS code sets it unchanged; it changes nothing. Default: false.
    ///
    /// On iOS it queues `draw(in:)`'s commands to be played on a background thread. Flipbook
    /// already records `draw(in:)` as a display list in the display step and rasterizes it off the
    /// layer tree (the compositor reads only the render snapshot), so the frame is the same either
    /// way, byte for byte.
    open var drawsAsynchronously = false
    /// Marks the content for redrawing before the next frame (`display()` runs in the layout
    /// phase, `draw(in:)` in the render phase's display step).
    open func setNeedsDisplay() {
        needsContentRedraw = true
        contentVersion &+= 1
        needsDisplayFlag = true
        drawsCustomContent = true
        markPending(layout: false, display: true)
    }
    /// True until `display()` has run for the last `setNeedsDisplay()`.
    public func needsDisplay() -> Bool { needsDisplayFlag }
    @exclusivity(unchecked) var needsDisplayFlag = false
    /// Set by the first `setNeedsDisplay()`: from then on the layer draws through `draw(in:)`
    /// (a layer never asked to display draws nothing of its own, as on Apple's platforms).
    @exclusivity(unchecked) var drawsCustomContent = false

    /// Updates the layer's content: the delegate's `display(_:)` when it has one (it usually sets
    /// `contents`); the display step then draws `contents` and calls `draw(in:)` into the layer's bitmap.
    open func display() { delegate?.display(self) }
    /// Runs `display()` now if `setNeedsDisplay()` was called since the last one.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }
    /// Draws the layer's own content with Core Graphics calls; the default asks the delegate's
    /// `draw(_:in:)`. The context's user space is the layer's bounds space.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// What the display step keeps for this layer between frames (its cached content and shadow
    /// bitmaps, how often the content changed); owned and read by the display step only.
    @exclusivity(unchecked) package var displayState: AnyObject?
    /// Bumped by `setNeedsDisplay`, so content drawn by code redraws even when no value changed.
    @exclusivity(unchecked) public package(set) var contentVersion = 0
    /// The `contents` image and its placement.
    @exclusivity(unchecked) var contentsValues = ContentsValues(gravity: .resize, scale: 1)

    /// True when the layer draws content besides its background (shape, gradient, text, an image,
    /// or drawing in `draw(in:)` after a `setNeedsDisplay()`).
    open var drawsContent: Bool { hasContentsImage || drawsCustomContent }
    /// True when the content alone covers the bounds with fully opaque pixels (an opaque gradient).
    open var drawsOpaqueContent: Bool { false }
    /// The presented content values the cached bitmap depends on.
    open func presentedContentSnapshot() -> LayerContentSnapshot { LayerContentSnapshot(drawnContents) }
    /// The part of the layer's space the content covers (it may reach outside the bounds).
    open func presentedContentExtent() -> CGRect {
        presented.contents.image == nil ? presented.bounds : presented.bounds.union(contentsRectInBounds)
    }
    /// Draws the presented content into the display step's recording (the base class: `contents`,
    /// then whatever `draw(in:)` paints). Runs on the main thread, in the render phase.
    open func drawPresentedContent(in context: LayerDrawingContext) {
        drawContentsImage(in: context)
        guard drawsCustomContent else { return }
        let ctx = CGContext(drawingInto: context)
        draw(in: ctx)
        if ctx.drawingOperations == 0 && !hasContentsImage {
            drawsCustomContent = false // nothing drawn: no bitmap kept from the next frame on
        }
    }

    // MARK: Tree

    /// Adds `layer` on top of the sublayers, taking it from its previous superlayer.
    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }

    /// Inserts `layer` at `index` among the sublayers (clamped to the count).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard !refusesAsSublayer(layer) else { return }
        layer.removeFromSuperlayer()
        // One parent: a mask that becomes a sublayer stops being a mask (the cycle check climbs
        // one link per layer; with both, a mask's owner could be added below it).
        if let owner = layer.maskOwner, owner.mask === layer { owner.mask = nil }
        var list = sublayers ?? []
        sublayerList = nil // the array stays uniquely referenced: inserting does not copy it (O(n), not O(n²) to fill)
        list.insert(layer, at: min(Int(index), list.count))
        sublayerList = list
        layer.superlayer = self
        layer.carryPendingMarks()
    }

    /// The `sublayers` setter: the old sublayers leave, the new ones are added in order (each taken
    /// from its previous superlayer, or from being a mask). Apple leaves duplicates undefined: a
    /// layer listed twice is added once, where it first appears. A layer that would make a cycle
    /// (this layer or an ancestor) is refused with one reported line, as `addSublayer` refuses it.
    /// - Complexity: O(old + new), plus removing each new layer from another superlayer.
    func setSublayers(_ new: [CALayer]?) {
        for layer in sublayerList ?? [] { layer.superlayer = nil }
        sublayerList = nil
        var seen = Set<ObjectIdentifier>()
        var list: [CALayer] = []
        for layer in new ?? [] where seen.insert(ObjectIdentifier(layer)).inserted {
            guard !refusesAsSublayer(layer) else { continue }
            layer.removeFromSuperlayer()
            if let owner = layer.maskOwner, owner.mask === layer { owner.mask = nil }
            list.append(layer)
            layer.superlayer = self
            layer.carryPendingMarks()
        }
        sublayerList = list.isEmpty ? nil : list
    }

    /// Inserts `layer` just below `sibling` (at the bottom when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let i = sublayers?.firstIndex(where: { $0 === sibling }) else { return insertSublayer(layer, at: 0) }
        insertSublayer(layer, at: UInt32(i))
        // Re-find: removing `layer` from this same parent may have shifted the sibling.
        if let j = sublayers?.firstIndex(where: { $0 === sibling }), let k = sublayers?.firstIndex(where: { $0 === layer }), k > j {
            sublayerList?.remove(at: k); sublayerList?.insert(layer, at: j)
        }
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is nil or not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, sublayers?.contains(where: { $0 === sibling }) == true else { return addSublayer(layer) }
        guard !refusesAsSublayer(layer) else { return }
        layer.removeFromSuperlayer()
        let i = sublayers!.firstIndex(where: { $0 === sibling })!
        insertSublayer(layer, at: UInt32(i + 1))
    }

    /// Puts `new` where `old` is; `old` leaves the tree.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = sublayers?.firstIndex(where: { $0 === old }), !refusesAsSublayer(new) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }

    /// True (and reported) when adding `layer` below this layer would make a cycle: it is this
    /// layer or an ancestor. Core Animation has undefined behaviour here; UIKit raises.
    private func refusesAsSublayer(_ layer: CALayer) -> Bool {
        guard hasAncestorOrSelf(layer) else { return false }
        CAEngine.current.report("addSublayer refused: \(layer.debugName) is \(layer === self ? "the layer itself" : "an ancestor of \(debugName)")")
        return true
    }

    /// The layer's name in quotes, or its class, for messages.
    var debugName: String { name.map { "\"\($0)\"" } ?? "a \(type(of: self))" }

    /// Takes the layer out of its superlayer (or stops it being its owner's mask).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayerList?.removeAll { $0 === self }
        if parent.sublayerList?.isEmpty == true { parent.sublayerList = nil }
        superlayer = nil
    }

    // MARK: Key-value coding

    /// Sets a property by name, as key-value coding does on iOS: a layer property of the table
    /// (`"opacity"`, `"position"`, `"backgroundColor"`…) through its accessor, so actions run as for
    /// any change; any other key is a custom value (seed 003's `progress`). A value of the wrong
    /// type for a layer property is refused with one reported line and changes nothing.
    open func setValue(_ value: Any?, forKey key: String) {
        if let row = LayerProperty.row(for: AnimationKeyPath(key), of: self) {
            if !row.setModel(self, value) {
                CAEngine.current.report("setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(row.kind) value; \(debugName) is unchanged")
            }
            return
        }
        if let kind = setOwnValue(value, forKey: key) {
            if !kind.isEmpty {
                CAEngine.current.report("setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(kind) value; \(debugName) is unchanged")
            }
            return
        }
        let old = customValues[key]
        let before = actionStartValue(forKey: key, oldModel: old)
        customValues[key] = value
        if Self.needsDisplay(forKey: key) { setNeedsDisplay() }
        modelValueDidChange(key)
        runAction(forKey: key, from: before, oldModel: old)
    }
    /// A property by name: a layer property of the table as its accessor's type (`Float` for
    /// `"opacity"`, `CGPoint` for `"position"`, `CGColor?` for `"backgroundColor"`), else the custom
    /// value set with `setValue(_:forKey:)`, as key-value coding gives on iOS.
    open func value(forKey key: String) -> Any? {
        if let row = LayerProperty.row(for: AnimationKeyPath(key), of: self) { return row.plain(modelValues) }
        if let own = ownValue(forKey: key) { return own }
        return customValues[key]
    }
    /// A subclass's own property by its key-value coding name (a shape layer's `"strokeEnd"`), as
    /// its accessor's type; nil (not `.some(nil)`) when `key` names none of them. Default: nil.
    func ownValue(forKey key: String) -> Any?? { nil }
    /// Sets a subclass's own property by name through its accessor: nil when `key` names none of
    /// them, "" when set, else the kind of value it takes (the value was refused). Default: nil.
    func setOwnValue(_ value: Any?, forKey key: String) -> String? { nil }
    /// A value by key path, a part of a property included (`"transform.rotation.z"`, `"position.x"`,
    /// `"bounds.size.width"`): numbers as `CGFloat`. On a presentation layer, what is on screen.
    public func value(forKeyPath keyPath: String) -> Any? {
        let path = AnimationKeyPath(keyPath).resolved(for: self)
        if case .custom = path { return value(forKey: keyPath) }
        if path == path.property {
            if LayerProperty.row(for: path) != nil { return value(forKey: keyPath) }
            if let own = ownValue(forKey: keyPath) { return own }
        }
        return modelValues.value(for: path)?.plainValue
    }
    /// Sets a value by key path, a part of a property included (`"transform.scale"`, `"position.y"`):
    /// the whole property is set with that part replaced, through its accessor.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let path = AnimationKeyPath(keyPath).resolved(for: self)
        let whole = path.property
        guard path != whole, let row = LayerProperty.row(for: whole) else { return setValue(value, forKey: keyPath) }
        let part = value.flatMap { AnimationValue($0) }
        let fits: Bool
        switch (path.valueKind, part) {
        case (.number, .number?), (.point, .point?), (.size, .size?), (.rect, .rect?), (.transform, .transform?): fits = true
        default: fits = false
        }
        guard fits, let part else {
            CAEngine.current.report("setValue(_:forKeyPath: \"\(keyPath)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(path.valueKind) value; \(debugName) is unchanged")
            return
        }
        let replaced = path.replacingComponent(in: row.read(modelValues), with: part)
        _ = row.setModel(self, replaced)
    }
    /// Whether changing `key` needs the content redrawn (Apple's class method; a custom layer
    /// returns true for its own animatable keys, as seed 003 does for `progress`).
    open class func needsDisplay(forKey key: String) -> Bool { false }
}

/// Methods a layer's delegate may implement (Core Animation's `CALayerDelegate`).
public protocol CALayerDelegate: AnyObject {
    /// Updates the layer's content when it needs display (the layer's `display()` calls it); usually
    /// sets `contents`.
    func display(_ layer: CALayer)
    /// Lays out the layer's sublayers (the layer's `layoutSublayers()` calls it); a view lays out its
    /// subviews here.
    func layoutSublayers(of layer: CALayer)
    /// The action for a change of `event`, `NSNull()` for none, or nil to keep searching.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// Draws the layer's content (called by the layer's `draw(in:)`).
    func draw(_ layer: CALayer, in ctx: CGContext)
}

public extension CALayerDelegate {
    /// Default: nothing (the layer then draws through `draw(in:)`).
    func display(_ layer: CALayer) {}
    /// Default: nothing.
    func layoutSublayers(of layer: CALayer) {}
    /// Default: nil (keep searching: the layer's `actions`, then the default animation).
    func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Default: nothing.
    func draw(_ layer: CALayer, in ctx: CGContext) {}
}

extension CALayer: Hashable {
    /// Identity, as NSObject's default `isEqual(_:)` (Core Animation code finds sublayers with
    /// `firstIndex(of:)` and keeps layers in sets and as dictionary keys).
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    /// The layer's identity, as NSObject's default `hash`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
