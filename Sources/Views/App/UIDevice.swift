import Foundation
import Layers

/// The device as iOS code asks about it (`UIDevice.current`). Flipbook plays a phone: the idiom is
/// `.phone`, and the orientation follows the shape of the current engine's screen (portrait when it
/// is at least as tall as wide, else landscape left, as a phone turned with its top to the left).
/// The names say Flipbook, not an iPhone, so code that logs them is not misled.
public final class UIDevice: Sendable {
    /// The one device.
    public static let current = UIDevice()

    /// The kind of interface an app runs in, as UIKit's.
    public enum UserInterfaceIdiom: Int, Sendable {
        /// Not known.
        case unspecified = -1
        /// An iPhone's interface (Flipbook's).
        case phone
        /// An iPad's.
        case pad
        /// Apple TV's.
        case tv
        /// CarPlay's.
        case carPlay
        /// A Mac's (Catalyst).
        case mac = 5
        /// Vision Pro's.
        case vision
    }

    /// Which way up the device is held, as UIKit's.
    public enum Orientation: Int, Sendable {
        /// Not known.
        case unknown
        /// Upright, the home button (or bottom edge) down.
        case portrait
        /// Upside down.
        case portraitUpsideDown
        /// Turned with its top to the left.
        case landscapeLeft
        /// Turned with its top to the right.
        case landscapeRight
        /// Lying flat, screen up.
        case faceUp
        /// Lying flat, screen down.
        case faceDown
        /// Portrait either way up.
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        /// Landscape either way.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        /// Portrait, upside down or not, or landscape.
        public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
        /// Lying flat.
        public var isFlat: Bool { self == .faceUp || self == .faceDown }
    }

    /// "Flipbook".
    public let name = "Flipbook"
    /// "Flipbook".
    public let model = "Flipbook"
    /// "Flipbook".
    public let localizedModel = "Flipbook"
    /// "Linux": the system Flipbook runs on.
    public let systemName = "Linux"
    /// `.phone`.
    public let userInterfaceIdiom = UserInterfaceIdiom.phone
    /// False: no battery is read.
    public let isBatteryMonitoringEnabled = false
    /// -1, UIKit's "unknown".
    public let batteryLevel: Float = -1
    /// True: UIKit's answer on every current device.
    public let isMultitaskingSupported = true

    /// The system's version, e.g. "6.1.0" for Linux 6.1 (from the kernel Flipbook runs on).
    public var systemVersion: String {
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "\(v.majorVersion).\(v.minorVersion).\(v.patchVersion)"
    }

    /// Portrait when the current engine's screen is at least as tall as wide, else landscape left.
    public var orientation: Orientation {
        let b = UIScreen.main.bounds
        return b.height >= b.width ? .portrait : .landscapeLeft
    }

    /// Kept for iOS code that asks for orientation notifications; Flipbook posts none.
    public func beginGeneratingDeviceOrientationNotifications() {}
    /// See `beginGeneratingDeviceOrientationNotifications()`.
    public func endGeneratingDeviceOrientationNotifications() {}

    private init() {}
}
