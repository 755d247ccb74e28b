import FrameLoop
import Flipbook
import Views
import Raster

/// The layer inspector: picks the layer under the pointer (through transforms, at presentation
/// values), outlines it, and shows a panel docked along the window's right edge with the layer
/// tree, the selected layer's
/// model and presentation values side by side, its animations as bars on a timeline and the
/// selected animation's timing curve with a dot where it is now; for a view laid out by Auto
/// Layout, the constraints that name it (priority and constant in UIKit's words), the ones a
/// conflict broke struck through in red, and a warning when its frame is ambiguous.
///
/// I or the pad's Y opens and closes it; it works while the clock is paused. While it is open it
/// is in "pick" mode: a click or the pad's A at the virtual pointer selects a layer instead of
/// reaching the scene; hovering outlines what a click would pick. Navigation (chosen so the scene
/// keeps its keys when the inspector is closed): while open, ↑/↓ and the d-pad's up/down move the
/// selection through the tree, ←/→ (d-pad left/right) go to the parent and the first sublayer, the
/// wheel scrolls the tree, Escape or B closes the inspector. Scenes use the d-pad and arrows for
/// their focus ring, so they get them back when it closes.
///
/// The panel is docked, not drawn over the scene: while the inspector is open the driver lays the
/// stage out in the window less the panel's width (`docked`, `InspectorLayout.dockWidth`), as a
/// window made narrower would, and the panel fills the room beside it; closing gives the width
/// back. The stage keeps the window's origin, so a pick at a window point is a pick at the same
/// point of the scene.
///
/// Reads only: the scene's layers, values and animations are never changed, and the tree is walked
/// with explicit stacks (10,000 layers or 1,000 levels are fine).
public final class InspectorOverlay: InteractiveOverlay {
    unowned let driver: FrameDriver
    /// Whether the inspector is on (I, the pad's Y, or the handle toggle it).
    public private(set) var isOpen: Bool
    /// The layer the panel shows.
    public private(set) weak var selected: CALayer?
    /// The layer under the pointer (outlined; a click selects it).
    public private(set) weak var hovered: CALayer?
    /// Which of the selected layer's animations the curve shows.
    public private(set) var selectedAnimation = 0
    var hoverPoint: CGPoint?
    var hoverDirty = false
    /// First tree row shown.
    var scrollRow = 0
    /// Rows of the tree as the last frame flattened it (pre-order, with depths).
    var rows: [(layer: CALayer, depth: Int)] = []
    let glyphs = GlyphCache()
    var layout = InspectorLayout()

    /// An inspector over `driver`'s stage, closed unless `open`.
    public init(driver: FrameDriver, open: Bool = false) {
        self.driver = driver
        isOpen = open
    }

    /// Turns the inspector on or off; off forgets the hovered layer.
    public func toggle() {
        isOpen.toggle()
        if !isOpen { hovered = nil }
        hoverDirty = isOpen && hoverPoint != nil
    }

    /// Selects `layer` (nil clears), keeping its tree row in view on the next frame.
    public func select(_ layer: CALayer?) {
        if layer !== selected { selectedAnimation = 0 }
        selected = layer
        revealSelection = true
    }
    var revealSelection = false
    private var capturing = false

    /// True while a hover pick is pending (the pointer moved over the open inspector), so an idle window
    /// makes a frame for it.
    public var wantsFrames: Bool { isOpen && hoverDirty }

    /// Notes the pointer at `point` (window points) for the next frame's hover pick; true when the
    /// inspector is open, so the window draws a frame.
    public func hover(at point: CGPoint) -> Bool {
        hoverPoint = point
        guard isOpen else { return false }
        hoverDirty = true
        return true
    }

    /// The room the open panel takes along the window's right edge; none while closed.
    public var docked: DockedSpace {
        isOpen ? DockedSpace(right: InspectorLayout.dockWidth(forWindowWidth: Double(driver.sizeInPoints.width))) : .none
    }

    /// The layer a click at `point` (window points) selects: nil outside the stage's area (on the
    /// panel or another docked tool).
    public func pick(at point: CGPoint) -> CALayer? {
        guard CGRect(origin: .zero, size: driver.stageSizeInPoints).contains(point) else { return nil }
        return LayerPicker.pick(at: point, root: driver.stage.rootLayer)
    }

    /// Handles I and the pad's Y, and clicks that pick a layer or a row of the panel; true when the
    /// inspector took `event`, so the scene does not get it.
    public func handle(_ event: InputEvent, driver: FrameDriver) -> Bool {
        switch event {
        case .key(.character("i"), let down), .padButton(.y, let down):
            if down { toggle() }
            return true
        default: break
        }
        guard isOpen else { return false }
        switch event {
        case .pointerDown(let p):
            if layout.panel.contains(p) { clickPanel(at: p) } else { select(pick(at: p)) }
            capturing = true
            return true
        case .pointerMove, .pointerUp, .pointerCancel:
            // The rest of a touch the inspector took; one the scene began before it opened stays the scene's.
            guard capturing else { return false }
            if case .pointerMove = event {} else { capturing = false }
            return true
        case .wheel(let at, let delta):
            guard layout.panel.contains(at) else { return false }
            scrollRow = max(0, scrollRow + Int((Double(delta.dy) / Double(OverlayStyle.lineHeight)).rounded(.awayFromZero)))
            return true
        case .key(.up, let down), .padButton(.dpadUp, let down):
            if down { moveSelection(by: -1) }
            return true
        case .key(.down, let down), .padButton(.dpadDown, let down):
            if down { moveSelection(by: 1) }
            return true
        case .key(.left, let down), .padButton(.dpadLeft, let down):
            if down, let s = selected?.superlayer { select(s) }
            return true
        case .key(.right, let down), .padButton(.dpadRight, let down):
            if down, let c = selected?.sublayers?.first { select(c) }
            return true
        case .key(.escape, let down), .padButton(.b, let down):
            if down { toggle() }
            return true
        default:
            return false
        }
    }

    private func moveSelection(by step: Int) {
        let root = driver.stage.rootLayer
        if rows.isEmpty || rows[0].layer !== root { rows = Self.flatten(root) }
        guard let s = selected, let i = rows.firstIndex(where: { $0.layer === s }) else { return select(root) }
        select(rows[max(0, min(rows.count - 1, i + step))].layer)
    }

    private func clickPanel(at p: CGPoint) {
        if let (i, _) = layout.treeRows.enumerated().first(where: { $0.element.contains(p) }), scrollRow + i < rows.count {
            select(rows[scrollRow + i].layer)
        } else if let (i, _) = layout.animationRows.enumerated().first(where: { $0.element.contains(p) }) {
            selectedAnimation = i
        }
    }

    /// The tree in drawing order with depths, by an explicit stack. Masks are not listed.
    /// - Complexity: O(layers).
    public static func flatten(_ root: CALayer) -> [(layer: CALayer, depth: Int)] {
        var out: [(layer: CALayer, depth: Int)] = []
        var stack: [(CALayer, Int)] = [(root, 0)]
        while let (layer, depth) = stack.popLast() {
            out.append((layer, depth))
            if let subs = layer.sublayers { for s in subs.reversed() { stack.append((s, depth + 1)) } }
        }
        return out
    }

    /// The box of what the last `draw` touched (see `FrameOverlay.pixelsDrawn`).
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// Draws the outlines and, for a selected layer, the panel over `bitmap` (`scale` pixels per point),
    /// and records the boxes it touched in `pixelsDrawn`.
    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        guard isOpen else { return }
        let root = driver.stage.rootLayer
        if hoverDirty {
            hoverDirty = false
            hovered = hoverPoint.flatMap { layout.panel.contains($0) ? nil : pick(at: $0) }
        }
        rows = Self.flatten(root)
        if let s = selected, !rows.contains(where: { $0.layer === s }) { selected = nil }
        let touched = TouchedPixels()
        defer { pixelsDrawn = touched.drawn }
        let painter = OverlayPainter(bitmap: bitmap, scale: scale, text: glyphs, touched: touched)
        let size = CGSize(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale)
        let values = selected.map(Self.valueRows) ?? []
        let constraints = (selected?.delegate as? UIView)?.inspectedConstraints
        // The room beside the stage (the driver narrowed it by `docked` before this frame), down to
        // the time-travel band.
        let stage = driver.stageSizeInPoints
        let panel = CGRect(x: stage.width, y: 0, width: max(0, size.width - stage.width), height: stage.height)
        layout = InspectorLayout(panel: panel, valueRows: values.count, animations: selected?.inspectedAnimations.count ?? 0,
                                 constraints: constraints?.constraints.count)
        if revealSelection, let s = selected, let i = rows.firstIndex(where: { $0.layer === s }) {
            let visible = layout.treeRows.count
            if i < scrollRow { scrollRow = i } else if i >= scrollRow + visible { scrollRow = i - visible + 1 }
        }
        revealSelection = false
        scrollRow = max(0, min(scrollRow, rows.count - layout.treeRows.count))
        if let h = hovered, h !== selected, let q = LayerPicker.quad(of: h) { painter.polyline(q, OverlayStyle.hoverOutline, width: 1, closed: true) }
        if let s = selected, let q = LayerPicker.quad(of: s) { painter.polyline(q, OverlayStyle.pickOutline, width: 2, closed: true) }
        drawPanel(painter, values: values, constraints: constraints)
    }
}
