import TestSupport
import Foundation
import Layers
import Testing
@testable import Views

@Suite(.isolatedEngine) struct UIProgressViewTests {
    @Test func fillsItsShareOfTheWidthAtOnceOrOverAQuarterSecond() {
        let st = ViewStage()
        let p = UIProgressView(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
        #expect(p.frame == CGRect(x: 10, y: 10, width: 200, height: 4))   // iOS's height
        st.show(p)
        p.progress = 0.25
        #expect(p.bar.frame.width == 50)
        st.frame(0)
        p.setProgress(0.75, animated: true)
        st.frame(0.1)                                   // the animation begins at its first frame
        st.frame(0.1 + 0.125)
        let mid = p.bar.layer.presentation()!.bounds.width
        #expect(mid > 50 && mid < 150)
        st.frame(0.5)
        #expect(p.bar.layer.presentation()!.bounds.width == 150)
        p.progress = 2
        #expect(p.progress == 1 && p.bar.frame.width == 200)
        p.progress = .nan
        #expect(p.progress == 1)
        p.progress = -1
        #expect(p.progress == 0 && p.bar.frame.width == 0)
    }

    @Test func coloursAndStyle() {
        let p = UIProgressView(progressViewStyle: .bar)
        p.frame = CGRect(x: 0, y: 0, width: 100, height: 4)
        #expect(p.layer.cornerRadius == 0)
        p.progressViewStyle = .default
        #expect(p.layer.cornerRadius == 2)
        #expect(p.bar.backgroundColor == .systemBlue)   // the tint colour
        p.tintColor = .systemRed
        #expect(p.bar.backgroundColor == .systemRed)
        p.progressTintColor = .systemGreen
        p.trackTintColor = .black
        #expect(p.bar.backgroundColor == .systemGreen && p.track.backgroundColor == .black)
    }

    /// Drawn: the filled part in the bar's colour, the rest in the track's.
    @Test func drawsTheFillAndTheTrack() {
        let st = ViewStage(100, 20)
        st.window.backgroundColor = .white
        let p = UIProgressView(frame: CGRect(x: 0, y: 8, width: 100, height: 4))
        p.progressTintColor = .black
        p.trackTintColor = UIColor(white: 0.5, alpha: 1)
        p.progress = 0.5
        st.show(p)
        let bmp = st.render(at: 0)
        #expect(bmp[25, 10] & 0xFF < 10)                 // filled: black
        let track = Int(bmp[75, 10] & 0xFF)
        #expect(abs(track - 128) < 4)                   // the rest: the track's grey
    }
}
