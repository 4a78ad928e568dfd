import Testing

@testable import Reporting

/// The progress line's text and its estimate of the time left (elapsed × remaining ÷ done).
@Suite struct ProgressLineTests {
    /// 1200 of 10000 after 6 s: 6 × 8800 / 1200 = 44 s left.
    @Test func estimatesTimeLeft() {
        #expect(
            ProgressLine.text(label: "drift", done: 1200, total: 10_000, unit: "trials", elapsedSeconds: 6)
                == "drift: 1200/10000 trials (12%), 0:44 left")
    }

    /// No estimate before a second has passed, before anything is done, or at the end.
    @Test func noEstimateTooEarlyOrAtTheEnd() {
        #expect(ProgressLine.text(label: "a", done: 5, total: 10, unit: "walks", elapsedSeconds: 0.5) == "a: 5/10 walks (50%)")
        #expect(ProgressLine.text(label: "a", done: 0, total: 10, unit: "walks", elapsedSeconds: 9) == "a: 0/10 walks (0%)")
        #expect(ProgressLine.text(label: "a", done: 10, total: 10, unit: "walks", elapsedSeconds: 9) == "a: 10/10 walks (100%)")
    }

    /// m:ss below an hour, h:mm:ss from one, rounded up to whole seconds.
    @Test func durations() {
        #expect(ProgressLine.duration(0.2) == "0:01")
        #expect(ProgressLine.duration(41) == "0:41")
        #expect(ProgressLine.duration(725) == "12:05")
        #expect(ProgressLine.duration(3729) == "1:02:09")
        #expect(ProgressLine.duration(-3) == "0:00")
        #expect(ProgressLine.duration(.infinity) == "0:00")
    }
}
