import Foundation
import Layers

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl` (iOS 13's look).
///
/// A tap on an enabled segment selects it: the white selection indicator slides to it (0.25 s,
/// ease-in-out; Apple publishes no timing) and `.valueChanged` is sent. Setting
/// `selectedSegmentIndex` moves the indicator at once and sends nothing, as in UIKit. A momentary
/// control (`isMomentary`) sends the event and shows no lasting selection. Dragging the indicator
/// along the segments is not modelled.
///
/// Drawing: a `.systemFill`-grey track with 9-point corners, 32 points high by default; the
/// indicator is inset 2 points with 7-point corners, `selectedSegmentTintColor` (default white)
/// and a soft shadow; titles 13 pt, the selected one semibold; thin separators between segments
/// that are not beside the selection. Segments share the width equally.
///
/// Misuse UIKit raises for (an index out of range for get/set of a segment's title, image or
/// enabled state; a selected index beyond the segments) is reported and ignored; an insert index
/// is clamped into 0…numberOfSegments, as UIKit clamps it.
open class UISegmentedControl: UIControl {
    /// The index meaning "no segment selected".
    public static let noSegment = -1
    /// The indicator's slide, in seconds.
    static let slideDuration: TimeInterval = 0.25

    /// One segment's content.
    struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        let label = UILabel()
        let imageView = UIImageView()
    }
    private var segments: [Segment] = []
    private var separators: [UIView] = []
    let indicator = UIView()

    private var selected = UISegmentedControl.noSegment
    /// The selected segment, or `noSegment`. Setting it moves the indicator at once and sends no
    /// event; an index outside the segments is reported and ignored.
    open var selectedSegmentIndex: Int {
        get { selected }
        set {
            guard newValue == Self.noSegment || segments.indices.contains(newValue) else {
                return report("selectedSegmentIndex \(newValue) ignored: the control has \(segments.count) segments")
            }
            select(newValue, animated: false)
        }
    }
    /// When true a tap sends `.valueChanged` but leaves no segment selected. Default: false.
    open var isMomentary = false
    /// The selection indicator's colour. Default: nil (white).
    open var selectedSegmentTintColor: UIColor? { didSet { style() } }
    /// The number of segments.
    open var numberOfSegments: Int { segments.count }

    /// A control with one segment per item: a `String` is a title, a `UIImage` an image; other
    /// items are reported and skipped. Height 32 points; the width fits the titles.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        commonInit()
        for item in items ?? [] {
            switch item {
            case let s as String: appendSegment(title: s, image: nil)
            case let i as UIImage: appendSegment(title: nil, image: i)
            default: report("item \(type(of: item)) skipped: a segment is a String or a UIImage")
            }
        }
        frame.size = intrinsicContentSize
    }
    /// An empty control in `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }
    /// Archives are not supported: an empty control.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        backgroundColor = .systemFill
        layer.cornerRadius = 9
        indicator.isUserInteractionEnabled = false
        indicator.layer.cornerRadius = 7
        indicator.layer.shadowColor = UIColor.black.cgColor
        indicator.layer.shadowOpacity = 0.12
        indicator.layer.shadowOffset = CGSize(width: 0, height: 3)
        indicator.layer.shadowRadius = 4
        addSubview(indicator)
        addAction(UIAction(identifier: "UISegmentedControl.tap") { [weak self] a in self?.tapped() }, for: .touchUpInside)
        style()
    }

    private func report(_ message: String) { CAEngine.current.report("UISegmentedControl: \(message)") }

    private func appendSegment(title: String?, image: UIImage?) { insert(title: title, image: image, at: segments.count, animated: false) }

    private func insert(title: String?, image: UIImage?, at index: Int, animated: Bool) {
        let i = min(max(0, index), segments.count)
        let s = Segment(title: title, image: image)
        s.label.textAlignment = .center
        s.label.isUserInteractionEnabled = false
        s.imageView.isUserInteractionEnabled = false
        s.imageView.contentMode = .center
        addSubview(s.label)
        addSubview(s.imageView)
        segments.insert(s, at: i)
        let sep = UIView()
        sep.isUserInteractionEnabled = false
        sep.backgroundColor = .separator
        insertSubview(sep, belowSubview: indicator)
        separators.append(sep)
        if selected != Self.noSegment && selected >= i { selected += 1 }
        relayout(animated: animated)
    }

    /// Inserts a titled segment at `segment` (clamped into 0…numberOfSegments); the others slide
    /// to their new places when `animated`.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(title: title, image: nil, at: segment, animated: animated)
    }
    /// Inserts an image segment at `segment` (clamped).
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(title: nil, image: image, at: segment, animated: animated)
    }
    /// Removes the segment at `segment`; an index out of range is reported and ignored. Removing
    /// the selected segment leaves none selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return report("removeSegment(at: \(segment)) ignored: the control has \(segments.count) segments") }
        let s = segments.remove(at: segment)
        s.label.removeFromSuperview()
        s.imageView.removeFromSuperview()
        separators.removeLast().removeFromSuperview()
        if selected == segment { selected = Self.noSegment } else if selected > segment { selected -= 1 }
        relayout(animated: animated)
    }
    /// Removes every segment.
    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
    }

    /// Sets a segment's title (it then shows no image).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard check(segment, "setTitle") else { return }
        segments[segment].title = title
        segments[segment].image = nil
        relayout(animated: false)
    }
    /// A segment's title, or nil (also for an index out of range, reported).
    open func titleForSegment(at segment: Int) -> String? { check(segment, "titleForSegment") ? segments[segment].title : nil }
    /// Sets a segment's image (it then shows no title).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard check(segment, "setImage") else { return }
        segments[segment].image = image
        segments[segment].title = nil
        relayout(animated: false)
    }
    /// A segment's image, or nil.
    open func imageForSegment(at segment: Int) -> UIImage? { check(segment, "imageForSegment") ? segments[segment].image : nil }
    /// Enables or disables one segment: a disabled one draws grey and ignores taps.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard check(segment, "setEnabled") else { return }
        segments[segment].isEnabled = enabled
        style()
    }
    /// Whether a segment takes taps.
    open func isEnabledForSegment(at segment: Int) -> Bool { check(segment, "isEnabledForSegment") ? segments[segment].isEnabled : false }

    private func check(_ segment: Int, _ what: String) -> Bool {
        if segments.indices.contains(segment) { return true }
        report("\(what)(at: \(segment)) ignored: the control has \(segments.count) segments")
        return false
    }

    // MARK: Touch

    private var touchX: CGFloat = 0
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let t = touches.first { touchX = t.location(in: self).x }
        super.touchesBegan(touches, with: event)
    }

    /// The segment under `x` (in the control's coordinates), or nil outside them.
    func segment(atX x: CGFloat) -> Int? {
        guard !segments.isEmpty, bounds.width > 0, x >= bounds.minX, x < bounds.maxX else { return nil }
        return min(segments.count - 1, Int((x - bounds.minX) / (bounds.width / CGFloat(segments.count))))
    }

    private func tapped() {
        guard isEnabled, let i = segment(atX: touchX), segments[i].isEnabled else { return }
        if isMomentary {
            sendActions(for: .valueChanged)
            return
        }
        guard i != selected else { return }
        select(i, animated: true)
        sendActions(for: .valueChanged)
    }

    private func select(_ index: Int, animated: Bool) {
        let appearing = selected == Self.noSegment
        selected = index
        // An indicator appearing from no selection fades in where it lands rather than sliding.
        relayout(animated: animated && !appearing)
    }

    // MARK: Layout and look

    private func relayout(animated: Bool) {
        invalidateIntrinsicContentSize()
        if animated {
            UIView.animate(withDuration: Self.slideDuration, delay: 0, options: [.beginFromCurrentState, .curveEaseInOut]) { self.place() }
        } else {
            UIView.performWithoutAnimation { place() }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        place()
    }

    /// The frame of segment `i` in the control.
    func segmentFrame(_ i: Int) -> CGRect {
        let w = segments.isEmpty ? 0 : bounds.width / CGFloat(segments.count)
        return CGRect(x: bounds.minX + CGFloat(i) * w, y: bounds.minY, width: w, height: bounds.height)
    }

    private func place() {
        for (i, s) in segments.enumerated() {
            let f = segmentFrame(i)
            s.label.frame = f.insetBy(dx: 4, dy: 0)
            s.imageView.frame = f
        }
        for (i, sep) in separators.enumerated() {
            // Separator i sits after segment i; the last one (none after it) and those beside the
            // selection are hidden.
            let f = segmentFrame(i)
            sep.frame = CGRect(x: f.maxX - 0.5, y: bounds.minY + 8, width: 1, height: max(0, bounds.height - 16))
            let hidden = i == segments.count - 1 || (selected != Self.noSegment && (i == selected || i == selected - 1))
            sep.alpha = hidden ? 0 : 1
        }
        if selected != Self.noSegment, !isMomentary, segments.indices.contains(selected) {
            indicator.frame = segmentFrame(selected).insetBy(dx: 2, dy: 2)
            indicator.alpha = 1
        } else {
            indicator.alpha = 0
        }
        style()
    }

    /// The indicator without a tint: white, or grey (99, 99, 102) in the dark appearance, as iOS.
    private static let defaultIndicator = UIColor.adaptive(UIColor(white: 1, alpha: 1),
                                                           UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1))

    private func style() {
        indicator.backgroundColor = selectedSegmentTintColor ?? Self.defaultIndicator
        for (i, s) in segments.enumerated() {
            let on = i == selected && !isMomentary
            s.label.text = s.title
            s.label.font = .systemFont(ofSize: 13, weight: on ? .semibold : .regular)
            s.label.textColor = isEnabled && s.isEnabled ? .label : .tertiaryLabel
            s.imageView.image = s.image
            s.imageView.alpha = isEnabled && s.isEnabled ? 1 : 0.3
        }
    }

    open override func stateDidChange() { style() }

    /// Each segment as wide as the widest title plus 16 points (at least 44), 32 points high.
    open override var intrinsicContentSize: CGSize {
        let font = UIFont.systemFont(ofSize: 13, weight: .semibold)
        let widest = segments.map { s -> CGFloat in
            if let t = s.title { return font.size(of: t).width }
            return s.image?.size.width ?? 0
        }.max() ?? 0
        return CGSize(width: CGFloat(segments.count) * max(44, ceil(widest) + 16), height: 32)
    }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
