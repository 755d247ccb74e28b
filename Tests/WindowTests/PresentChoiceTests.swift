import FrameLoop
@testable import Window
import Testing

/// How the window picks its present path (`WindowPresenter.choose`): FLIPBOOK_PRESENT wins; unset,
/// a hardware renderer gets the texture and a software one (Xvfb's llvmpipe) the surface.
@Suite struct PresentChoiceTests {
    typealias Probe = WindowPresenter.Probe

    @Test func aHardwareRendererGetsTheTexture() throws {
        let c = try WindowPresenter.choose(requested: nil) { Probe(renderer: "opengl", device: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)") }
        #expect(c.kind == .texture)
        #expect(c.reason == "opengl: Mesa Intel(R) UHD Graphics 620 (KBL GT2)")
        // An OpenGL ES renderer whose device is not known counts as the hardware SDL said it was.
        #expect(try WindowPresenter.choose(requested: nil) { Probe(renderer: "opengles2", device: nil) }.kind == .texture)
    }

    @Test(arguments: ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa X11 swrast"])
    func aSoftwareOpenGLGetsTheSurface(_ device: String) throws {
        let c = try WindowPresenter.choose(requested: nil) { Probe(renderer: "opengl", device: device) }
        #expect(c.kind == .surface)
        #expect(c.reason.hasPrefix("opengl is software: "))
    }

    @Test func noAcceleratedRendererGetsTheSurface() throws {
        #expect(try WindowPresenter.choose(requested: nil) { Probe(renderer: nil, device: nil) } == .init(kind: .surface, reason: "no accelerated renderer"))
        #expect(try WindowPresenter.choose(requested: nil) { Probe(renderer: "software", device: nil) }.kind == .surface)
        // The display said no GPU could draw (Xvfb): the reason is what it said.
        #expect(try WindowPresenter.choose(requested: nil) { Probe(skipped: "no GPU rendering on this X server") }
                == .init(kind: .surface, reason: "no GPU rendering on this X server"))
    }

    @Test func theEnvironmentWinsWithoutAProbe() throws {
        var probed = 0
        let probe = { probed += 1; return Probe(renderer: "opengl", device: "NVIDIA GeForce RTX 3060/PCIe/SSE2") }
        #expect(try WindowPresenter.choose(requested: "surface", probe: probe) == .init(kind: .surface, reason: "FLIPBOOK_PRESENT"))
        #expect(try WindowPresenter.choose(requested: " Texture ", probe: probe).kind == .texture)
        #expect(probed == 0)
        #expect(throws: HostError("FLIPBOOK_PRESENT 'gpu' is neither 'surface' nor 'texture'")) {
            try WindowPresenter.choose(requested: "gpu", probe: probe)
        }
        #expect(try WindowPresenter.choose(requested: nil, probe: probe).kind == .texture)
        #expect(probed == 1)
    }
}
