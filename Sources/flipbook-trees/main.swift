// Times and peak memory of deep and wide trees (issue 38, item 6), one case per process so
// each peak is its own: `flipbook-trees CASE N`. Build it in release:
// `swift build -c release --scratch-path .build-release --product flipbook-trees`.
import Compositor
import Foundation
import FrameLoop
import Layers
import Raster
import Views

/// The process's peak resident memory so far, in MB.
func peakMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// Seconds `body` takes on the wall clock.
func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// One frame of the window at `t` from the frame driver, drawn at 200×200 (`drawing` false: the
/// phases up to the render only).
func frame(at t: Double, drawing: Bool = true) {
    try? driver.runFrame(at: t, drawing: drawing) // no sinks: nothing throws
}

let args = CommandLine.arguments.dropFirst()
guard let name = args.first, let n = args.dropFirst().first.flatMap({ Int($0) }), n > 0 else {
    print("usage: flipbook-trees build|push|frame|opacity N")
    exit(2)
}
let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
let renderer = LayerRenderer()
let driver = FrameDriver(stage: LayerTreeStage(root: window.layer, engine: CAEngine.current),
                         clock: MediaClock(source: ManualSource(fps: 60)), pixelWidth: 200, pixelHeight: 200, scale: 1, threads: 1)!
switch name {
case "build":
    // An n-deep chain of views built top-down in a window.
    var top: UIView = window
    let t = seconds { for _ in 0..<n { let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)); top.addSubview(v); top = v } }
    print(String(format: "build %d: %.3f s, peak %.0f MB", n, t, peakMB()))
case "push":
    // n controllers pushed without animation on a navigation controller on screen.
    let nav = UINavigationController(rootViewController: UIViewController())
    window.rootViewController = nav
    frame(at: 0)
    let t = seconds { for _ in 0..<n { nav.pushViewController(UIViewController(), animated: false) } }
    frame(at: 1.0 / 60)
    print(String(format: "push %d: %.3f s (stack %d), peak %.0f MB", n, t, nav.viewControllers.count, peakMB()))
case "frame":
    // An n-deep chain of views in a window: built bottom-up, one frame drawn, released.
    var top = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var peaks: [Double] = []
    let t = seconds {
        for _ in 1..<n { let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)); v.addSubview(top); top = v }
        peaks.append(peakMB())
        window.addSubview(top)
        frame(at: 0, drawing: false)
        peaks.append(peakMB())
        let snapshot = renderer.display.snapshot(of: window.layer, scale: 1)
        peaks.append(peakMB())
        renderer.compositor.composite(snapshot, into: Bitmap(width: 200, height: 200)!)
        for failure in renderer.compositor.takeFailures() { FileHandle.standardError.write(Data("flipbook-trees: \(failure)\n".utf8)) }
        peaks.append(peakMB())
        top.removeFromSuperview()
    }
    print(String(format: "frame %d: %.3f s, peak %.0f MB (built %.0f, evaluated %.0f, snapshot %.0f, composited %.0f)",
                 n, t, peakMB(), peaks[0], peaks[1], peaks[2], peaks[3]))
case "opacity":
    // n nested 200×200 layers at opacity 0.999, the innermost filled, drawn at 200×200.
    var top = CALayer()
    top.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
    top.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    top.opacity = 0.999
    for _ in 1..<n {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        l.opacity = 0.999
        l.addSublayer(top)
        top = l
    }
    window.layer.addSublayer(top)
    frame(at: 0)
    let t = seconds { frame(at: 1) }
    print(String(format: "opacity %d: %.3f s per frame, peak %.0f MB", n, t, peakMB()))
default:
    print("unknown case \(name)")
    exit(2)
}
