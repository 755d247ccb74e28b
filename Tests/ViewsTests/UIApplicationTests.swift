import Foundation
import Layers
import TestSupport
import Testing
@testable import Views

/// `UIApplication.shared` and `UIDevice.current` as iOS code asks them: the windows and the one
/// key window of this engine's app, the device's idiom and an orientation that follows the screen.
@Suite(.isolatedEngine) struct UIApplicationTests {
    @Test func theAppListsItsWindowsAndOneKeyWindow() {
        let app = UIApplication.shared
        #expect(app.windows.isEmpty && app.keyWindow == nil)
        let a = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var b: UIWindow? = UIWindow(frame: .zero)
        #expect(app.windows.count == 2 && app.windows[0] === a && app.keyWindow == nil)
        a.makeKeyAndVisible()
        #expect(app.keyWindow === a)
        b!.makeKey()
        #expect(app.keyWindow === b && !a.isKeyWindow)      // one key window, as UIKit
        b = nil
        #expect(app.windows.count == 1 && app.windows[0] === a && app.keyWindow == nil)
        #expect(app.applicationState == .active && !app.canOpenURL(URL(string: "https://example.com")!))
        var opened: Bool?
        app.open(URL(string: "https://example.com")!) { opened = $0 }
        #expect(opened == false && CAEngine.current.diagnostics.last?.contains("opens no other app") == true)
    }

    @Test func anotherEngineIsAnotherApp() {
        let mine = UIWindow(frame: .zero)
        let other = CAEngine()
        let theirs = other.perform { UIApplication.shared.windows }
        #expect(theirs.isEmpty && UIApplication.shared.windows.contains { $0 === mine })
    }

    @Test func theDeviceIsAPhoneTurnedByTheScreensShape() {
        let device = UIDevice.current
        #expect(device.userInterfaceIdiom == .phone && device.name == "Flipbook" && device.systemName == "Linux")
        #expect(!device.systemVersion.isEmpty && device.batteryLevel == -1)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
        #expect(device.orientation == .portrait && device.orientation.isPortrait)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
        #expect(device.orientation == .landscapeLeft && device.orientation.isLandscape && !device.orientation.isFlat)
    }

    /// The key window found as iOS 15+ code finds it, through the one window scene.
    @Test func theKeyWindowIsFoundThroughConnectedScenes() {
        let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        w.makeKeyAndVisible()
        let scenes = UIApplication.shared.connectedScenes
        #expect(scenes.count == 1)
        let key = scenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows).first { $0.isKeyWindow }
        #expect(key === w && w.windowScene?.keyWindow === w)
        #expect(scenes.first?.activationState == .foregroundActive)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 800, height: 400)
        #expect(w.windowScene?.interfaceOrientation == .landscapeRight && w.windowScene?.interfaceOrientation.isLandscape == true)
        let vc = UIViewController()
        #expect(!vc.prefersStatusBarHidden && vc.preferredStatusBarStyle == .default)
        vc.setNeedsStatusBarAppearanceUpdate()
    }
}
