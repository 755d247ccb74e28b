import FrameLoop
import Flipbook
import Foundation
import Raster

/// The heads-up display: frame times by phase with the frame rate, clock controls (pause, single
/// step, slow motion ×2 ×5 ×10, a speed slider), the media time, and a line of the keys.
///
/// Closed, it shows a small handle in the top-left corner — "HUD (H)" and "Inspect (I)" — that a
/// new user can click, so every tool can be found from the screen: only while the pointer is near
/// that corner (`handleReach`), so it hides nothing of the scene the rest of the time. Not while
/// the inspector is open either: its docked panel names its own keys (I, Esc), and a handle kept
/// there covered the scene's top-left corner — the expanded cities card's title, the very thing
/// one inspects. H or the pad's Back (Select) opens and closes it. It sits at
/// the top, away from the time-travel band along the bottom.
///
/// It draws into the finished frame and acts on the driver's clock only: it adds nothing to the
/// scene's layer tree, engine, traces or goldens (a headless render shows it only with `--hud`).
/// Clicks on it never reach the scene.
public final class HUDOverlay: InteractiveOverlay {
    unowned let driver: FrameDriver
    /// The inspector its handle and hint line open, if any.
    public weak var inspector: InspectorOverlay?
    /// Whether the HUD's panel is shown (H, the pad's Back, or the handle toggle it).
    public var isOpen: Bool
    /// False hides even the handle (headless renders without `--hud`).
    public var showsHandle = true
    /// The pointer is near the top-left corner, so the closed HUD shows its handle.
    public private(set) var isHandleHovered = false
    /// How far from the top-left corner, in points, the pointer shows the handle: a little past
    /// the handle's two buttons.
    static let handleReach = CGSize(width: 200, height: 56)
    /// One-line notes shown under the handle or the open panel whenever either shows, each in a box
    /// of its own: what the user should know about this session (a debug build's slowness, a
    /// `watch` replay that no longer applied). Default: none.
    public var notes: [String] = []
    /// How the window shows its frames, one short line at the open panel's foot ("present: surface
    /// (opengl is software: llvmpipe)"): the window sets it. Nil (headless renders): no line, and
    /// the panel is as before.
    public var presentation: String?
    var history = FrameTimeHistory()
    let glyphs = GlyphCache()
    /// Where the last frame drew each control, in window points.
    var layout = HUDLayout()
    /// The control a press started on: the rest of that touch is the HUD's.
    private var captured: HUDLayout.Control?

    /// The time scales the slow-motion buttons set (×2, ×5, ×10 slower).
    static let slowFactors: [Double] = [2, 5, 10]
    /// The speed slider's range, logarithmic: 1/20 … 2.
    static let speedRange = (min: 0.05, max: 2.0)

    /// A HUD over `driver`'s frames, closed unless `open`.
    public init(driver: FrameDriver, open: Bool = false) {
        self.driver = driver
        isOpen = open
    }

    /// Opens the HUD when closed, closes it when open.
    public func toggle() { isOpen.toggle() }

    /// Always false: the HUD never needs a frame of its own while the stage is idle.
    public var wantsFrames: Bool { false }
    /// Notes whether the pointer at `point` (window points) is near the handle's corner; true when
    /// that shows or hides the handle, so the window draws a frame.
    public func hover(at point: CGPoint) -> Bool {
        let near = point.x >= 0 && point.y >= 0 && point.x <= Self.handleReach.width && point.y <= Self.handleReach.height
        guard near != isHandleHovered else { return false }
        isHandleHovered = near
        return showsHandle && !isOpen
    }

    /// True when the closed HUD draws its handle: it may (`showsHandle`) and the pointer is near
    /// its corner.
    var handleShown: Bool { showsHandle && isHandleHovered }

    /// Handles H and the pad's Back, and clicks on the handle and the panel's buttons and slider;
    /// true when the HUD took `event`, so the scene does not get it.
    public func handle(_ event: InputEvent, driver: FrameDriver) -> Bool {
        switch event {
        case .key(.character("h"), let down), .padButton(.back, let down):
            if down { toggle() }
            return true
        case .pointerDown(let p):
            guard let control = layout.control(at: p, open: isOpen, handle: handleShown) else { return false }
            captured = control
            press(control, at: p)
            return true
        case .pointerMove(let p):
            guard let c = captured else { return false }
            if c == .slider { setSpeed(fromSliderAt: p) }
            return true
        case .pointerUp, .pointerCancel:
            guard captured != nil else { return false }
            captured = nil
            return true
        default:
            return false
        }
    }

    private func press(_ control: HUDLayout.Control, at p: CGPoint) {
        let clock = driver.clock
        switch control {
        case .panel: break
        case .openHUD, .close: toggle()
        case .inspect: inspector?.toggle()
        case .pause: driver.apply(.togglePause)
        case .step:
            // A step from a running clock freezes it first: the step is what one sees next.
            if !clock.isPaused { driver.apply(.togglePause) }
            driver.apply(.stepFrame)
        case .slow(let i):
            let scale = 1 / Self.slowFactors[i]
            driver.apply(.setTimeScale(clock.timeScale == scale ? 1 : scale))
        case .slider: setSpeed(fromSliderAt: p)
        }
    }

    private func setSpeed(fromSliderAt p: CGPoint) {
        let r = layout.sliderTrack
        guard r.width > 0 else { return }
        let t = min(1, max(0, Double((p.x - r.minX) / r.width)))
        var scale = Self.speed(atSliderPosition: t)
        if abs(scale - 1) < 0.04 { scale = 1 } // a detent at normal speed
        driver.apply(.setTimeScale(scale))
    }

    /// Time scale at slider position t in 0…1 (logarithmic).
    static func speed(atSliderPosition t: Double) -> Double {
        speedRange.min * pow(speedRange.max / speedRange.min, t)
    }

    /// Slider position in 0…1 of a time scale.
    static func sliderPosition(ofSpeed s: Double) -> Double {
        min(1, max(0, log(s / speedRange.min) / log(speedRange.max / speedRange.min)))
    }

    /// The box of what the last `draw` touched (see `FrameOverlay.pixelsDrawn`).
    public private(set) var pixelsDrawn: [PixelRect]? = []

    /// Draws the handle and, when open, the panel over `bitmap` (`scale` pixels per point), and records
    /// the boxes it touched in `pixelsDrawn`.
    public func draw(into bitmap: Bitmap, scale: Double) {
        pixelsDrawn = []
        // The previous frame's times: this frame's are still being measured.
        history.record(phases: driver.lastPhaseSeconds, overlays: driver.lastOverlaySeconds, at: driver.clock.source.seconds)
        let touched = TouchedPixels()
        defer { pixelsDrawn = touched.drawn }
        let painter = OverlayPainter(bitmap: bitmap, scale: scale, text: glyphs, touched: touched)
        let size = CGSize(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale)
        if isOpen {
            layout = HUDLayout.open(size: size, painter: painter, extraLines: presentation == nil ? 0 : 1)
            drawPanel(painter)
        } else if handleShown {
            layout = HUDLayout.handle(painter: painter)
            drawHandle(painter)
        } else {
            layout = HUDLayout()
        }
        if isOpen || showsHandle { drawNotes(painter, below: layout.panel.maxY) }
    }
}
