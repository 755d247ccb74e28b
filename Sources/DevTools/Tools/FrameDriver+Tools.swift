import FrameLoop
import Flipbook

extension FrameDriver {
    /// Puts the HUD and the inspector over this driver's frames: the inspector under the HUD, both
    /// under the controller's pointer. The window installs them closed with the handle showing; a
    /// headless render only when `--hud` or `--inspector` asks (they are then open from frame 0).
    /// - Returns: the two overlays, for the host or a test to drive.
    @discardableResult
    public func installTools(hudOpen: Bool, inspectorOpen: Bool, showsHandle: Bool) -> (hud: HUDOverlay, inspector: InspectorOverlay) {
        let inspector = InspectorOverlay(driver: self, open: inspectorOpen)
        let hud = HUDOverlay(driver: self, open: hudOpen)
        hud.inspector = inspector
        hud.showsHandle = showsHandle
        let pointer = overlays.filter { $0 is PointerOverlay }
        overlays = overlays.filter { !($0 is PointerOverlay) } + [inspector, hud] + pointer
        return (hud, inspector)
    }
}
