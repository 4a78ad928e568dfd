import Testing

@testable import DetectionCore

// MARK: - The scribble detector's window storage: value semantics and growth

/// `ScribbleDetector` keeps its window's five queues in one block of memory behind a class reference
/// (`ScribbleWindowStorage`) and copies it on the first point after the detector value was copied; when a queue is
/// full it doubles the block. These tests pin both on the hand-worked zigzag of `ScribbleDetectorTests`, which fires
/// at point 32 (and again at 62 when evidence restarts).
@Suite struct ScribbleDetectorStorageTests {
    /// 40 points far to the right and rising (x = 5000 + 10 i, y = 1000), at the zigzag's times 0.20 … 0.59 s: fed to
    /// a detector that shared its storage with another, they would become that one's x maximum and y extrema (a box
    /// about 5000 pt wide, so its path/diagonal ratio would fail).
    static let farAway = (20..<60).map { i in
        TouchPoint(x: 5000 + 10 * Double(i), y: 1000, timestampSeconds: Double(i) / 100)
    }

    /// A copy made mid-gesture is independent: the original is fed far-away points first, then the copy the rest
    /// of the zigzag, which must fire at point 32 as an uncopied detector does (hand-worked in
    /// `ScribbleDetectorTests.zigzagFiresOncePerGesture`). Then the other way round.
    @Test(arguments: [false, true])
    func copiesDoNotShareTheWindow(copyIsFedFirst: Bool) throws {
        let zigzag = ScribbleDetectorTests.zigzag(points: 60)
        var original = try ScribbleDetector()
        #expect(ScribbleDetectorTests.eventIndices(&original, Array(zigzag[0..<20])).isEmpty)
        var copy = original
        var scribbling: [Int]
        if copyIsFedFirst {
            _ = ScribbleDetectorTests.eventIndices(&copy, Self.farAway)
            scribbling = ScribbleDetectorTests.eventIndices(&original, Array(zigzag[20...]))
            #expect(original.pointsConsumed == 60)
        } else {
            _ = ScribbleDetectorTests.eventIndices(&original, Self.farAway)
            scribbling = ScribbleDetectorTests.eventIndices(&copy, Array(zigzag[20...]))
            #expect(copy.pointsConsumed == 60)
        }
        // Index 12 of the continuation is point 32 of the zigzag.
        #expect(scribbling == [12])
    }

    /// Sized for 10 Hz (⌈1.5 s × 10⌉ + 2 = 17 pairs a queue) but fed at 100 Hz (the 1.5 s window holds up to 150
    /// points): the queues double as they fill, and the events are the hand-worked ones, 32 once per gesture and
    /// 32, 62 with evidence restarting (`ScribbleDetectorTests.continuingScribbleFiresAgainWhenAllowed`).
    @Test func queuesGrowWhenFedFasterThanPromised() throws {
        var once = try ScribbleDetector(maximumTouchRateHz: 10)
        #expect(ScribbleDetectorTests.eventIndices(&once, ScribbleDetectorTests.zigzag(points: 300)) == [32])
        var again = try ScribbleDetector(configuration: .init(firesOncePerGesture: false), maximumTouchRateHz: 10)
        #expect(Array(ScribbleDetectorTests.eventIndices(&again, ScribbleDetectorTests.zigzag(points: 81))) == [32, 62])
    }
}
