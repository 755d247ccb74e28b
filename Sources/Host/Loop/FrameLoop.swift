import Flipbook
import Raster

/// Runs one frame through the phases of `FramePhase`, in order, and keeps the frame bitmap.
///
/// The window and the headless driver share this type: both produce frames with the same code,
/// so a headless PNG is exactly what the window shows.
public final class FrameLoop {
    public let stage: Stage
    public let clock: MediaClock
    public private(set) var bitmap: Bitmap
    public private(set) var sizeInPoints: CGSize
    public private(set) var scale: Double
    /// Wall seconds spent per phase in the last frame, when timing is switched on (bench).
    public private(set) var lastPhaseSeconds: [FramePhase: Double] = [:]
    public var phaseTimer: (() -> Double)?
    /// Drawn over the stage in the render phase (the controller's pointer).
    public var overlay: ((Bitmap, Double) -> Void)?
    /// Media time of the last frame produced.
    public private(set) var frameTime: Double = 0

    /// - Parameters:
    ///   - pixelWidth, pixelHeight: the drawable's size in pixels (points × scale).
    public init?(stage: Stage, clock: MediaClock, pixelWidth: Int, pixelHeight: Int, scale: Double) {
        guard let bmp = Bitmap(width: pixelWidth, height: pixelHeight), scale > 0 else { return nil }
        self.stage = stage
        self.clock = clock
        self.bitmap = bmp
        self.scale = scale
        self.sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        stage.resize(to: sizeInPoints, scale: scale)
    }

    /// Resizes the drawable; returns false (and keeps the old size) when the size is not allowed.
    @discardableResult
    public func resize(pixelWidth: Int, pixelHeight: Int, scale: Double) -> Bool {
        guard pixelWidth != bitmap.width || pixelHeight != bitmap.height || scale != self.scale else { return true }
        guard let bmp = Bitmap(width: pixelWidth, height: pixelHeight), scale > 0 else { return false }
        bitmap = bmp
        self.scale = scale
        sizeInPoints = CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        stage.resize(to: sizeInPoints, scale: scale)
        return true
    }

    /// Produces one frame at the clock's current time from the events gathered since the last one.
    /// `present` runs last, with the finished bitmap.
    public func runFrame(events: [InputEvent], present: (Bitmap) -> Void) {
        runFrame(events: events, drawing: true, present: present)
    }

    /// Advances the scene by one frame without drawing it (`.render` and `.present` skipped): for
    /// tests and tools that only need the frames they look at. Animations, timers and layout run
    /// exactly as in a drawn frame.
    public func advanceWithoutDrawing(events: [InputEvent]) {
        runFrame(events: events, drawing: false) { _ in }
    }

    private func runFrame(events: [InputEvent], drawing: Bool, present: (Bitmap) -> Void) {
        let time = clock.now
        frameTime = time
        for phase in FramePhase.allCases {
            if !drawing && (phase == .render || phase == .present) { continue }
            let start = phaseTimer?()
            switch phase {
            case .input: for e in events { stage.handle(e, at: time) }
            case .timers, .displayLink, .commit, .animate, .layout: stage.advance(phase, to: time)
            case .render:
                stage.render(into: bitmap, scale: scale)
                overlay?(bitmap, scale)
            case .present: present(bitmap)
            }
            if let start, let now = phaseTimer?() { lastPhaseSeconds[phase] = now - start }
        }
    }
}
