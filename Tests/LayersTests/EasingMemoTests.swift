import TestSupport
import Foundation
@testable import Layers
import Testing

/// Writes queued for their eased value (EasingMemo) land as a write made at once would have: the
/// same bits, in the same order, in every layer a run of siblings queued.
@Suite(.isolatedEngine) struct EasingMemoTests {
    /// Each layer's presented values written again by the tracks one at a time, at once (the path
    /// a replicator's copies take), from the model.
    private func writtenAtOnce(_ layer: CALayer) -> LayerValues {
        var values = layer.modelValues
        var memo = EasingMemo()
        for entry in layer.animationList where entry.track.program == .scalar || entry.track.program == .point {
            if let p = entry.track.timing.progress(atParentTime: layer.lastLayerTime).progress {
                entry.track.write(progress: p, into: &values, memo: &memo)
            }
        }
        return values
    }

    private func move(_ i: Int, curve: CAMediaTimingFunction?) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: Double(i), y: 3); a.toValue = CGPoint(x: 400 - Double(i), y: 90)
        a.duration = 1.3; a.repeatCount = .infinity; a.autoreverses = true
        a.timingFunction = curve
        a.beginTime = -Double(i) * 0.0137  // no two layers at one progress
        return a
    }

    @Test func queuedWritesEqualWritesMadeAtOnce() {
        let f = Frames()
        let curves = [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55),
                      CAMediaTimingFunction(name: .easeIn), nil]
        var layers: [CALayer] = []
        // 150 siblings (more than one run of queued writes), every fifth with sublayers of its own
        // and a mask, all animated; the root's own animation is never queued.
        for i in 0..<150 {
            let l = CALayer()
            f.root.addSublayer(l)
            l.add(move(i, curve: curves[i % curves.count]), forKey: "move")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1; fade.toValue = 0.1; fade.duration = 0.9; fade.repeatCount = .infinity
            fade.timingFunction = curves[(i + 1) % curves.count]
            fade.beginTime = -Double(i) * 0.011
            l.add(fade, forKey: "fade")
            layers.append(l)
            if i % 5 == 0 {
                let mask = CALayer()
                mask.add(move(i + 7, curve: curves[0]), forKey: "move")
                l.mask = mask
                layers.append(mask)
                for j in 0..<3 {
                    let s = CALayer()
                    l.addSublayer(s)
                    s.add(move(i + j, curve: curves[1]), forKey: "move")
                    layers.append(s)
                }
            }
        }
        f.root.add(move(3, curve: curves[0]), forKey: "move")
        layers.append(f.root)
        for t in [0.0, 0.25, 0.9, 1.7] {
            f.frame(t)
            for l in layers {
                #expect(l.animationList.allSatisfy { $0.track.program == .scalar || $0.track.program == .point })
                #expect(l.presented == writtenAtOnce(l), "at \(t)")
            }
        }
    }

    /// A track writing a field a queued track writes is queued behind it, even when it needs no
    /// solve, so the one added last still wins.
    @Test func theLastTrackOnAFieldWinsWhenTheFirstIsQueued() {
        let f = Frames()
        let l = CALayer()
        f.root.addSublayer(l)
        l.add(move(5, curve: CAMediaTimingFunction(name: .easeInEaseOut)), forKey: "eased")
        let linear = CABasicAnimation(keyPath: "position")
        linear.fromValue = CGPoint(x: -50, y: -50); linear.toValue = CGPoint(x: 50, y: 150); linear.duration = 2
        linear.beginTime = -0.5
        l.add(linear, forKey: "linear")
        f.frame(0.5)
        #expect(l.presented.position == CGPoint(x: 0, y: 50))  // halfway through the linear one
        #expect(l.presented == writtenAtOnce(l))
    }
}
