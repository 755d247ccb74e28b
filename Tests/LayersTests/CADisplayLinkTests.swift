import TestSupport
import Foundation
import Testing
@testable import Layers

/// CADisplayLink with Core Animation's names, on the engine's frame loop (CADisplayLink.swift).
@Suite(.isolatedEngine) struct CADisplayLinkTests {
    /// Frames at `times`, from the frame driver (their `.displayLink` phase runs the links).
    static func frames(_ times: [Double]) {
        let frames = TreeFrames()
        for t in times { frames.frame(t) }
    }

    @Test func firesEveryFrameOnceAddedWithTheFramesTimes() {
        var calls: [(timestamp: Double, target: Double, duration: Double)] = []
        let link = CADisplayLink { l in calls.append((l.timestamp, l.targetTimestamp, l.duration)) }
        Self.frames([0, 1.0 / 60])
        #expect(calls.isEmpty)                          // not added to a run loop yet
        link.add(to: .main, forMode: .common)
        link.add(to: .main, forMode: .default)          // twice is once
        Self.frames([2.0 / 60, 3.0 / 60, 4.0 / 60])
        #expect(calls.count == 3)
        let expected: [Double] = [2, 3, 4].map { $0 / 60 }
        #expect(calls.map(\.target) == expected)
        #expect(calls[1].timestamp == 2.0 / 60 && calls[2].timestamp == 3.0 / 60)
        #expect(abs(calls[0].timestamp - 1.0 / 60) < 1e-12)
        #expect(calls.allSatisfy { $0.duration == 1.0 / 60 })
        link.invalidate()
    }

    @Test func durationIsTheEnginesFrameInterval() {
        CAEngine.current.frameInterval = 1.0 / 30
        var duration = 0.0
        let link = CADisplayLink { duration = $0.duration }
        link.add(to: .main, forMode: .common)
        Self.frames([0])
        #expect(duration == 1.0 / 30)
        CAEngine.current.frameInterval = .nan          // not a step: back to 1/60
        #expect(CAEngine.current.frameInterval == 1.0 / 60)
        link.invalidate()
    }

    /// As a run loop keeps its display links: nobody stores this one, and it fires until invalidated.
    @Test func aLinkNobodyKeepsFiresUntilInvalidatedThenIsReleased() {
        var count = 0
        weak var weakLink: CADisplayLink?
        do {
            let link = CADisplayLink { l in
                count += 1
                if count == 3 { l.invalidate() }
            }
            link.add(to: .main, forMode: .common)
            weakLink = link
        }
        #expect(weakLink != nil)
        Self.frames([0, 0.1, 0.2, 0.3, 0.4])
        #expect(count == 3)
        #expect(weakLink == nil)
    }

    @Test func pausedAndRemovedLinksAreNotCalled() {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.add(to: .main, forMode: .common)
        Self.frames([0])
        link.isPaused = true
        Self.frames([0.1, 0.2])
        #expect(count == 1)
        link.isPaused = false
        Self.frames([0.3])
        #expect(count == 2)
        link.remove(from: .main, forMode: .common)
        Self.frames([0.4])
        #expect(count == 2)
        link.add(to: .main, forMode: .common)           // removed links may come back
        Self.frames([0.5])
        #expect(count == 3)
        link.invalidate()
        link.add(to: .main, forMode: .common)           // invalidated ones never do
        Self.frames([0.6])
        #expect(count == 3)
    }

    @Test func aLowerPreferredRateSkipsFrames() {
        var times: [Double] = []
        let link = CADisplayLink { times.append($0.targetTimestamp) }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        Self.frames((0..<7).map { Double($0) / 60 })
        let everyOther: [Double] = [0, 2, 4, 6].map { $0 / 60 }
        #expect(times == everyOther)
        #expect(link.timestamp == 4.0 / 60)             // the call before
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: .nan)
        #expect(link.preferredFramesPerSecond == 0)     // NaN is no preference, not a trap
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 20)
        #expect(link.preferredFramesPerSecond == 20)
        link.invalidate()
    }
}
