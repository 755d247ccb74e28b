// flipbook-fuzz — a seeded random driver over the parts that take hostile input: the input-script
// parser, path building/stroking/dashing/trimming/filling with extreme and non-finite coordinates
// and random transforms, and random layer trees with random animations evaluated and drawn.
//
// Usage: flipbook-fuzz [--seconds N per target, default 60] [--seed S] [--target scripts|paths|layers]
//                      [--from K: start at case K, to replay a failure] [--describe: print each
//                      layers case's tree and frame times]
// It fails (exit 1, one line naming target, seed and case) on a case that takes more than 2 s of CPU
// time, or 30 s of wall time (CPU time, since on a shared machine a case's wall time is mostly
// waiting for a core: 0.13 s of work took 2.85 s under load 10 on 2 cores); a watchdog thread ends
// a case that never returns (a hang) at either limit. A crash ends the process, and the last "case"
// line on standard error names what to replay with --seed/--from.
// `make fuzz` runs it in an address-sanitizer build, so a write outside a bitmap is a crash too.
import Compositor
import Foundation
import FrameLoop
import Layers
import Raster
import SplitMix
import Synchronization

/// The fuzzer's draws on SplitMix64: the same seed gives the same cases on every machine.
typealias Rng = SplitMix64

extension SplitMix64 {
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    /// Mostly ordinary numbers, sometimes extreme or not finite.
    mutating func number(_ scale: Double = 200) -> Double {
        switch int(20) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return [1e300, -1e300, 1e19, -1e19, 1e9, .leastNonzeroMagnitude, 0][int(7)]
        case 4: return (unit() - 0.5) * 1e6
        default: return (unit() - 0.5) * 2 * scale
        }
    }
    mutating func point(_ scale: Double = 200) -> Point { Point(number(scale), number(scale)) }
}

// MARK: Targets

func fuzzScript(_ r: inout Rng) {
    let words = ["tap", "drag", "down", "move", "up", "key", "pad", "space", "a", "leftx", "connect", "disconnect",
                 "#", "\t", " ", "\r\n", "\r", "\n", "nan", "inf", "-1", "1e309", "0.5", "400", "300", "é", "\u{0}", "\u{FEFF}"]
    var text = ""
    for _ in 0..<r.int(40) {
        if r.chance(0.3) { text += String(format: "%.3f", r.unit() * 10) } else { text += words[r.int(words.count)] }
        text += r.chance(0.7) ? " " : ""
    }
    _ = try? InputScript.parse(text, file: "fuzz.txt")
}

func randomPath(_ r: inout Rng) -> Path {
    var p = Path()
    for _ in 0..<(1 + r.int(12)) {
        switch r.int(9) {
        case 0: p.move(to: r.point())
        case 1, 2: p.line(to: r.point())
        case 3: p.quad(to: r.point(), control: r.point())
        case 4: p.cubic(to: r.point(), control1: r.point(), control2: r.point())
        case 5: p.close()
        case 6: p.addArc(center: r.point(), radius: r.number(100), startAngle: r.number(7), endAngle: r.number(7), clockwise: r.chance(0.5))
        case 7: p.addRoundedRect(Rect(x: r.number(), y: r.number(), width: r.number(), height: r.number()), cornerRadius: r.number(50))
        default: p.addEllipse(in: Rect(x: r.number(), y: r.number(), width: r.number(), height: r.number()))
        }
    }
    return p
}

func fuzzPath(_ r: inout Rng) {
    let bitmap = Bitmap(width: 1 + r.int(96), height: 1 + r.int(96))!
    let canvas = Canvas(bitmap)
    let path = randomPath(&r)
    let t = Transform(a: r.number(3), b: r.number(1), c: r.number(1), d: r.number(3), tx: r.number(50), ty: r.number(50))
    canvas.fill(path, transform: r.chance(0.5) ? .identity : t, rule: r.chance(0.5) ? .nonZero : .evenOdd, paint: .solid(.white))
    var style = StrokeStyle(width: r.chance(0.8) ? abs(r.number(20)) : r.number(), cap: [.butt, .round, .square][r.int(3)],
                            join: [.miter, .round, .bevel][r.int(3)], miterLimit: r.number(20))
    if r.chance(0.3) { style.dashes = (0..<r.int(5)).map { _ in r.number(20) }; style.dashPhase = r.number(20) }
    // Strokes are made for the canvas's visible rectangle, as the compositor makes them.
    canvas.fill(path.stroked(style, transform: t, clip: canvas.visibleRect), paint: .solid(Color(r: 1, g: 0, b: 0, a: 0.5)))
    let trimmed = path.trimmed(from: r.number(1), to: r.number(1))
    canvas.fill(trimmed.stroked(StrokeStyle(width: 3), transform: t, clip: canvas.visibleRect), paint: .gradient(Gradient(
        kind: [.linear, .radial, .conic][r.int(3)], colors: [.white, .black], startPoint: r.point(), endPoint: r.point())))
}

func fuzzLayers(_ r: inout Rng) {
    let engine = CAEngine()
    engine.reportSink = { _ in } // refused misuse (cycles, self-containing groups) is what the cases try
    engine.perform {
        let root = CALayer()
        var all = [root]
        for _ in 0..<r.int(30) {
            let l: CALayer = [CALayer(), CAShapeLayer(), CAGradientLayer(), CATextLayer(), CATransformLayer()][r.int(5)]
            l.frame = CGRect(x: r.number(), y: r.number(), width: r.number(), height: r.number())
            l.opacity = Float(r.chance(0.8) ? r.unit() : r.number(2))
            l.cornerRadius = r.number(20); l.borderWidth = r.number(5); l.masksToBounds = r.chance(0.3)
            l.backgroundColor = CGColor(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: r.unit())
            if r.chance(0.2) { l.shadowOpacity = Float(r.unit()); l.shadowRadius = r.number(50) }
            if r.chance(0.3) { var t = CATransform3DIdentity; t.m34 = r.number(0.01); l.transform = CATransform3DRotate(t, r.number(7), r.unit(), r.unit(), 0) }
            if let s = l as? CAShapeLayer {
                let p = CGMutablePath(); p.move(to: CGPoint(x: r.number(), y: r.number()))
                p.addLine(to: CGPoint(x: r.number(), y: r.number())); p.addArc(center: .zero, radius: r.number(80), startAngle: 0, endAngle: r.number(7), clockwise: r.chance(0.5))
                s.path = p; s.strokeColor = .white; s.lineWidth = r.number(20); s.strokeEnd = r.number(1)
            }
            if let t = l as? CATextLayer { t.string = "Fuzz \(r.int(100))"; t.fontSize = r.number(60); t.foregroundColor = .white }
            let parent = all[r.int(all.count)]
            if r.chance(0.1) { parent.mask = l } else { parent.addSublayer(l) }
            if r.chance(0.05) { l.addSublayer(all[r.int(all.count)]) }   // a cycle: refused
            all.append(l)
            let keys = ["position", "opacity", "bounds", "transform.scale", "transform.rotation.z", "cornerRadius", "backgroundColor"]
            if r.chance(0.5) {
                let a = CABasicAnimation(keyPath: keys[r.int(keys.count)])
                a.fromValue = r.number(2); a.toValue = r.number(2); a.duration = r.number(3)
                a.repeatCount = Float(r.number(5)); a.autoreverses = r.chance(0.3); a.beginTime = r.number(2)
                a.speed = Float(r.number(3)); a.timeOffset = r.number(2)
                if r.chance(0.5) { a.timingFunction = CAMediaTimingFunction(controlPoints: Float(r.number(2)), Float(r.number(2)), Float(r.number(2)), Float(r.number(2))) }
                l.add(a, forKey: nil)
            }
            if r.chance(0.2) {
                let s = CASpringAnimation(keyPath: "position.x")
                s.fromValue = r.number(); s.toValue = r.number(); s.damping = CGFloat(r.number(20)); s.stiffness = CGFloat(r.number(200))
                s.mass = CGFloat(r.number(3)); s.duration = r.number(3)
                l.add(s, forKey: "spring")
            }
            if r.chance(0.1) { let t = CATransition(); t.type = [.fade, .push, .moveIn, .reveal][r.int(4)]; t.duration = r.number(2); l.add(t, forKey: nil) }
        }
        // Frames through the one driver, as the window and renders make them (damage and all), at
        // random times, each at scale 1 or 2 (a driver per scale, made when first drawn; the draws
        // come in the order they always did, so a seed's cases stay the cases it had).
        let stage = LayerTreeStage(root: root, engine: engine)
        var drivers: [Double: FrameDriver] = [:]
        var time = 0.0
        if describe { FileHandle.standardError.write(Data("\(root.treeDescription())\n".utf8)) }
        for _ in 0..<(1 + r.int(6)) {
            time += r.chance(0.9) ? r.unit() : r.number(100)
            let scale = r.chance(0.8) ? 1.0 : 2.0
            if describe { FileHandle.standardError.write(Data("frame at \(time), scale \(scale)\n".utf8)) }
            if drivers[scale] == nil {
                drivers[scale] = FrameDriver(stage: stage, clock: MediaClock(source: ManualSource(fps: 60)),
                                             pixelWidth: Int(64 * scale), pixelHeight: Int(48 * scale), scale: scale, threads: 1)
            }
            // A NaN or infinite time is the engine's to survive, as any time it is handed.
            try? drivers[scale]?.runFrame(at: time)
        }
    }
}

// MARK: Driver

let targets: [(String, (inout Rng) -> Void)] = [("scripts", fuzzScript), ("paths", fuzzPath), ("layers", fuzzLayers)]
var seconds = 60.0, seed: UInt64 = 1, only: String?, from = 0, describe = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--seconds": seconds = Double(args.popFirst() ?? "") ?? seconds
    case "--seed": seed = UInt64(args.popFirst() ?? "") ?? seed
    case "--target": only = args.popFirst()
    case "--from": from = Int(args.popFirst() ?? "") ?? 0
    case "--describe": describe = true // print each layers case's tree and its frames' times, to replay one by hand
    default: FileHandle.standardError.write(Data("flipbook-fuzz: unknown argument '\(a)'\n".utf8)); exit(2)
    }
}
func seconds(_ clock: clockid_t) -> Double { var ts = timespec(); clock_gettime(clock, &ts); return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 }
func now() -> Double { seconds(CLOCK_MONOTONIC) }
func cpuNow() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }
// 2 s of CPU. Seed 1's layers case 1528 (a small shadow shape in a 2048² shadow bitmap) took 1.83–2.0 s
// under the sanitizer until the blur walked only the shape's box grown by its reach (Raster's Blur).
let cpuLimit = 2.0, wallLimit = 30.0

/// The running case for the watchdog: its start in CPU and wall time (the Doubles' bit patterns;
/// 0 between cases), target and number.
let caseCPUStart = Atomic<UInt64>(0), caseWallStart = Atomic<UInt64>(0), caseTarget = Atomic<Int>(0), caseNumber = Atomic<Int>(0)
Thread.detachNewThread {
    while true {
        usleep(100_000)
        let cpuStart = caseCPUStart.load(ordering: .acquiring), wallStart = caseWallStart.load(ordering: .acquiring)
        guard cpuStart != 0 else { continue }
        let cpu = cpuNow() - Double(bitPattern: cpuStart), wall = now() - Double(bitPattern: wallStart)
        guard cpu > cpuLimit || wall > wallLimit else { continue }
        fflush(stdout)
        let line = "flipbook-fuzz: \(targets[caseTarget.load(ordering: .relaxed)].0) case \(caseNumber.load(ordering: .relaxed)) with --seed \(seed) still running after \(String(format: "%.1f", cpu)) s of CPU, \(String(format: "%.1f", wall)) s of wall time (limits \(cpuLimit) s, \(wallLimit) s): a hang\n"
        _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        _exit(1)
    }
}

var total = 0
for (index, (name, run)) in targets.enumerated() where only == nil || only == name {
    let start = now()
    var cases = from, slowest = 0.0, slowestCase = from
    while now() - start < seconds {
        var r = Rng(seed: seed &+ UInt64(cases) &* 0x1000_0000_01B3)
        let t0 = cpuNow()
        if cases % 200 == 0 || ProcessInfo.processInfo.environment["FUZZ_TRACE"] != nil {
            FileHandle.standardError.write(Data("flipbook-fuzz: \(name) case \(cases) (--seed \(seed))\n".utf8))
        }
        caseTarget.store(index, ordering: .relaxed); caseNumber.store(cases, ordering: .relaxed)
        caseWallStart.store(now().bitPattern, ordering: .releasing)
        caseCPUStart.store(t0.bitPattern, ordering: .releasing)
        run(&r)
        caseCPUStart.store(0, ordering: .releasing)
        let dt = cpuNow() - t0
        if dt > slowest { (slowest, slowestCase) = (dt, cases) }
        if dt > cpuLimit {
            print("flipbook-fuzz: \(name) case \(cases) with --seed \(seed) took \(String(format: "%.2f", dt)) s of CPU (limit \(cpuLimit) s)")
            exit(1)
        }
        cases += 1
    }
    total += cases - from
    print("flipbook-fuzz: \(name): \(cases - from) cases in \(String(format: "%.0f", now() - start)) s, slowest \(String(format: "%.3f", slowest)) s of CPU (case \(slowestCase)), no crash")
}
print("flipbook-fuzz: \(total) passed, 0 failed")
