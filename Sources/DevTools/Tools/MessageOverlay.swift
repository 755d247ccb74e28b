import FrameLoop
import Flipbook
import Raster

/// A panel of text lines over the bottom of the frame, just above the time-travel band
/// (`TimelineOverlay.bandHeight`, 30 points, then an 8-point margin): `watch` shows
/// a failed build's errors here (file:line:column, the message, a few lines of source) while the
/// last good build keeps running underneath. The first line is the title, in red; nothing is drawn
/// while `lines` is empty.
///
/// Like the HUD it draws into the finished frame only: nothing of it reaches the scene's layer
/// tree, input or recordings.
public final class MessageOverlay: FrameOverlay {
    /// The title line, then the body; empty hides the panel.
    public var lines: [String] = []
    let glyphs = GlyphCache()
    /// The box of what the last `draw` touched (see `FrameOverlay.pixelsDrawn`).
    public private(set) var pixelsDrawn: [PixelRect]? = []
    static let titleColor = Color(r: 1, g: 0.45, b: 0.4)

    /// An empty panel.
    public init() {}

    /// Draws `lines` in a panel along the bottom edge, as many as fit.
    public func draw(into bitmap: Bitmap, scale: Double) {
        let touched = TouchedPixels()
        defer { pixelsDrawn = touched.drawn }
        guard !lines.isEmpty else { return }
        let p = OverlayPainter(bitmap: bitmap, scale: scale, text: glyphs, touched: touched)
        let size = CGSize(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale)
        let margin: CGFloat = 8, padding: CGFloat = 8
        // The band's room and a margin above it: the panel ends 8 points over the band, as it
        // starts 8 points in from the sides (it drew 72 points up, over the scene, when the
        // timeline was a strip drawn over the scene).
        let reserve = TimelineOverlay.bandHeight + margin
        let room = size.height - reserve - margin - 2 * padding
        let shown = Array(lines.prefix(max(1, Int(room / OverlayStyle.lineHeight))))
        let height = CGFloat(shown.count) * OverlayStyle.lineHeight + 2 * padding
        let panel = CGRect(x: margin, y: max(margin, size.height - reserve - height),
                           width: max(0, size.width - 2 * margin), height: height)
        p.fill(panel, OverlayStyle.panel)
        p.frame(panel, Self.titleColor)
        let chars = max(1, Int((panel.width - 2 * padding) / p.advance()))
        for (i, line) in shown.enumerated() {
            let text = line.count > chars ? String(line.prefix(chars - 1)) + "…" : line
            p.text(text, at: CGPoint(x: panel.minX + padding, y: panel.minY + padding + CGFloat(i) * OverlayStyle.lineHeight),
                   i == 0 ? Self.titleColor : OverlayStyle.text)
        }
    }
}
