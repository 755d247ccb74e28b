@testable import Raster
import Testing
import TestSupport

/// The bilinear image shader (Shaders/ImageShader.swift).
struct ImageShaderTests {
    /// A span that stays on one image row (scale and translation only) finds its row pair once;
    /// every pixel is still the general per-pixel sample's, clamping at all four edges included.
    @Test func spansOnOneImageRowSampleAsEachPixelAlone() throws {
        var rng = SeededRandom(seed: 43)
        let image = try #require(Bitmap(width: 37, height: 23))
        for y in 0..<23 { for x in 0..<37 { image[x, y] = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 } }
        let transforms: [Transform] = [.scale(1.7, 1.7), .scale(0.45, 2.3), .translation(0.37, -0.81),
                                       Transform.scale(3, 3).concatenating(.translation(-20.25, -9.5)), .translation(-5.5, 30)]
        for t in transforms {
            let inverse = try #require(t.inverted)
            let shader = ImageShader(image: image, inverse: ProjectiveTransform(inverse), isAffine: true)
            let m = shader.inverse
            #expect(m.m12 == 0)   // the row stays put along a span
            var out = [UInt32](repeating: 0, count: 140)
            for y in -3..<80 {
                let x0 = -9
                out.withUnsafeMutableBufferPointer { shader.shade(x: x0, y: y, count: 140, into: $0.baseAddress!) }
                // Reference: the general path stepping the same 16.16 coordinates.
                let px = Double(x0) + 0.5, py = Double(y) + 0.5
                var fu = Int64(max(-1e9, min(1e9, px * m.m11 + py * m.m21 + m.m31 - 0.5)) * 65536)
                let fv = Int64(max(-1e9, min(1e9, px * m.m12 + py * m.m22 + m.m32 - 0.5)) * 65536)
                let du = Int64(max(-1e9, min(1e9, m.m11)) * 65536)
                for i in 0..<140 {
                    let want = ImageShader.bilinearSIMD(image.pixels, image.stride, 37, 23, fu, fv)
                    if out[i] != want { Issue.record("\(t), row \(y), pixel \(i)"); return }
                    fu &+= du
                }
            }
        }
    }
}
