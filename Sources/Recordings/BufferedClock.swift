import Reporting

/// Whether a record's uneven times are a buffered sensor's delivery times, the even clock its samples ran on, and
/// where samples were lost.
///
/// A logger that reads a sensor's FIFO (the MPU6050 of issue 24, read every 30–60 ms) stamps each sample with the
/// time of the read that delivered it, a millisecond or two apart; the sensor itself sampled evenly, on its own
/// clock. Against that clock (sample k at t₀ + k·τ) the stamps lag by a read's delay and then catch up, so the least
/// lag in a ``windowSeconds`` window stays put from window to window. When samples are lost (a FIFO that overflowed
/// while the logger was late) the stamps after the loss are later than their count says, and the least lag rises for
/// good by the time lost. The clock is read from those least lags:
/// 1. **bursts**: the stamps must come in bursts, the median step at most ``maximumBurstStepRatio`` of the mean step
///    (a sensor that samples every τ does not take most of its samples a fraction of τ apart); other uneven records
///    go to ``AllanGrid``.
/// 2. **period**: the median, over consecutive windows, of (time between their least-lag samples)/(samples between
///    them), so windows with a loss do not bias it; then, with the losses found, the least-squares slope of the
///    least-lag samples' stamps over their index within each loss-free segment (pooled).
/// 3. **losses**: a rise of the least lag from one window to the next by more than ``lossThresholdSamples`` periods
///    is round(rise/τ) samples lost, placed at the longest step between the two least-lag samples (the late read).
///    A fall by as much means more samples than time (a clock reset, or not a buffer): not read as one.
/// 4. **wander**: inside each loss-free segment the least lag may move by at most ``maximumWanderSeconds`` or
///    ``maximumWanderShare`` of the segment's time, whichever is more (the sensor's and the host's clocks drifting
///    apart: clocks 1% apart move an Allan τ by 1%); more, and the stamps are not read as a buffer's. The stamps
///    must fill at least ``minimumWindows`` windows.
///
/// A buffered record is then re-timed on the clock: sample k at slot k + (samples lost before it), so a lossless one
/// is evenly sampled (no grid, no gaps) and a lossy one lies on an even grid of τ, one sample a slot, with exactly its
/// lost samples as gaps (docs/recordings.md, "Stamps read from a buffer"). Re-timing moves a sample by at most the
/// wander plus a loss's misplacement (a few seconds at most when two late reads share a window pair): both far below
/// the τ at which the Allan terms beyond white noise are read, and nothing at all for white noise.
package struct BufferedClock: Sendable {
    /// Samples lost before sample `beforeSample` (a delivered sample's index): `samples` of them.
    package struct Loss: Sendable, Equatable {
        package let beforeSample: Int
        package let samples: Int
    }

    /// The period of the even clock, s.
    package let periodSeconds: Double
    /// The median and the mean step between stamps, s.
    package let medianStepSeconds: Double
    package let meanStepSeconds: Double
    /// How many ``windowSeconds`` windows hold samples.
    package let windowCount: Int
    /// The largest move of the least lag inside one loss-free segment, s.
    package let wanderSeconds: Double
    /// Whether some loss-free segment's least lag moves by more than its bound (``maximumWanderSeconds`` or
    /// ``maximumWanderShare`` of its time).
    package let wandersTooFar: Bool
    /// The largest lag of a stamp above its segment's least lag, s: the longest a read kept samples waiting.
    package let largestLagSeconds: Double
    /// The losses found, in order.
    package let losses: [Loss]
    /// The largest fall of the least lag from one window to the next, s (0 when it never falls).
    package let largestFallSeconds: Double

    /// The longest median step, as a share of the mean step, of stamps read in bursts: ½.
    package static let maximumBurstStepRatio = 0.5
    /// The window in which the least lag is taken, s: longer than a logger's late reads, so every window holds
    /// ordinary reads.
    package static let windowSeconds = 10.0
    /// The rise of the least lag between windows, in periods, above which samples count as lost: 10 (0.1 s at
    /// 100 Hz; a smaller loss is left as wander).
    package static let lossThresholdSamples = 10.0
    /// The fewest windows a buffer's stamps must fill: 3, so that the clock one pair of windows gives is checked
    /// against another's.
    package static let minimumWindows = 3
    /// The most the least lag may move inside a loss-free segment, s.
    package static let maximumWanderSeconds = 0.5
    /// The most the least lag may move inside a loss-free segment, as a share of the segment's time, when that is
    /// more than ``maximumWanderSeconds``: 1%.
    package static let maximumWanderShare = 0.01

    /// Reads the clock from increasing sample times (at least 2).
    package init(times: [Double]) {
        let n = times.count
        let first = times.first ?? 0
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }
        let sortedSteps = steps.sorted()
        let meanStep = n > 1 ? (times[n - 1] - first) / Double(n - 1) : 0
        medianStepSeconds = sortedSteps.isEmpty ? 0 : sortedSteps[sortedSteps.count / 2]
        meanStepSeconds = meanStep

        // Each window's least-lag sample against a clock of period τ.
        func leastLagSamples(_ tau: Double) -> [Int] {
            var picks: [Int] = []
            var window = -1
            for (k, t) in times.enumerated() {
                let w = Int((t - first) / Self.windowSeconds)
                let lag = t - first - tau * Double(k)
                if w != window {
                    picks.append(k)
                    window = w
                } else if let last = picks.last, lag < times[last] - first - tau * Double(last) {
                    picks[picks.count - 1] = k
                }
            }
            return picks
        }
        func medianPairPeriod(_ picks: [Int]) -> Double {
            var slopes: [Double] = []
            for (a, b) in zip(picks, picks.dropFirst()) where b > a {
                slopes.append((times[b] - times[a]) / Double(b - a))
            }
            slopes.sort()
            return slopes.isEmpty ? meanStep : slopes[slopes.count / 2]
        }
        var tau = meanStep
        var picks = leastLagSamples(tau)
        for _ in 0..<2 {
            tau = medianPairPeriod(picks)
            picks = leastLagSamples(tau)
        }
        windowCount = picks.count

        // Losses: rises of the least lag between consecutive windows.
        func findLosses(_ tau: Double) -> (losses: [Loss], segments: [Range<Int>], fall: Double) {
            var losses: [Loss] = []
            var segments: [Range<Int>] = []
            var start = 0
            var fall = 0.0
            for p in 1..<max(picks.count, 1) {
                let a = picks[p - 1]
                let b = picks[p]
                let rise = (times[b] - times[a]) - tau * Double(b - a)
                if rise > Self.lossThresholdSamples * tau {
                    var at = a + 1
                    for k in (a + 1)...b where steps[k - 1] > steps[at - 1] { at = k }
                    losses.append(Loss(beforeSample: at, samples: Int((rise / tau).rounded())))
                    segments.append(start..<p)
                    start = p
                } else if rise < 0 {
                    fall = max(fall, -rise)
                }
            }
            segments.append(start..<picks.count)
            return (losses, segments, fall)
        }
        var found = findLosses(tau)
        // The period again, from the least-lag samples inside each loss-free segment (pooled least squares).
        var sxy = 0.0
        var sxx = 0.0
        for segment in found.segments where segment.count >= 2 {
            let ks = segment.map { Double(picks[$0]) }
            let ts = segment.map { times[picks[$0]] - first }
            let kMean = ks.reduce(0, +) / Double(ks.count)
            let tMean = ts.reduce(0, +) / Double(ts.count)
            for (k, t) in zip(ks, ts) {
                sxy += (k - kMean) * (t - tMean)
                sxx += (k - kMean) * (k - kMean)
            }
        }
        if sxx > 0 { tau = sxy / sxx }
        found = findLosses(tau)
        periodSeconds = tau
        losses = found.losses
        largestFallSeconds = found.fall

        // Wander and the largest lag, on the clock with the losses in: sample k at slot k + (lost before it).
        var lost = 0
        var next = 0
        var segmentLeast = [Double](repeating: .infinity, count: found.segments.count)
        var segmentMost = [Double](repeating: -.infinity, count: found.segments.count)
        var segment = 0
        var pickIndex = 0
        var lagLeast = [Double](repeating: .infinity, count: found.segments.count)
        var lags = [Double](repeating: 0, count: n)
        for k in 0..<n {
            while next < found.losses.count && found.losses[next].beforeSample == k {
                lost += found.losses[next].samples
                next += 1
                segment += 1
            }
            let lag = times[k] - first - tau * Double(k + lost)
            lags[k] = lag
            lagLeast[segment] = min(lagLeast[segment], lag)
            if pickIndex < picks.count && picks[pickIndex] == k {
                segmentLeast[segment] = min(segmentLeast[segment], lag)
                segmentMost[segment] = max(segmentMost[segment], lag)
                pickIndex += 1
            }
        }
        var wander = 0.0
        var tooFar = false
        for (s, segment) in found.segments.enumerated() where segmentMost[s] >= segmentLeast[s] {
            let range = segmentMost[s] - segmentLeast[s]
            let span = times[picks[segment.upperBound - 1]] - times[picks[segment.lowerBound]]
            wander = max(wander, range)
            if range > max(Self.maximumWanderSeconds, Self.maximumWanderShare * span) { tooFar = true }
        }
        wanderSeconds = wander
        wandersTooFar = tooFar
        var largest = 0.0
        segment = 0
        next = 0
        for k in 0..<n {
            while next < found.losses.count && found.losses[next].beforeSample == k {
                next += 1
                segment += 1
            }
            largest = max(largest, lags[k] - lagLeast[segment])
        }
        largestLagSeconds = largest
    }

    /// Whether the stamps are read in bursts (condition 1).
    package var isBursty: Bool { medianStepSeconds <= Self.maximumBurstStepRatio * meanStepSeconds }

    /// Whether the stamps are a buffer's delivery times, so the record is re-timed on the clock: bursts over at least
    /// ``minimumWindows`` windows whose least lag never falls by ``lossThresholdSamples`` periods and wanders by at most
    /// ``maximumWanderSeconds`` (or ``maximumWanderShare`` of their time) between losses.
    package var isBuffer: Bool {
        isBursty && windowCount >= Self.minimumWindows && periodSeconds > 0
            && largestFallSeconds <= Self.lossThresholdSamples * periodSeconds && !wandersTooFar
    }

    /// How many samples were lost in all.
    package var lostSamples: Int { losses.reduce(0) { $0 + $1.samples } }

    /// Each of `count` delivered samples' slot on the clock: its index plus the samples lost before it.
    package func slots(count: Int) -> [Int] {
        var slots = [Int](repeating: 0, count: count)
        var lost = 0
        var next = 0
        for k in 0..<count {
            while next < losses.count && losses[next].beforeSample == k {
                lost += losses[next].samples
                next += 1
            }
            slots[k] = k + lost
        }
        return slots
    }

    /// What shows a record's stamps to be a buffer's, for the `allan` summary: "the median step, 2.04 ms, is 20.2% of
    /// the mean step …".
    package static func evidence(_ c: BufferedClock) throws(ReportingError) -> String {
        let lossText: String
        let rises = "rises by more than \(Format.exact(lossThresholdSamples)) periods from one window to the next"
        if c.losses.isEmpty {
            lossText = "never \(rises) (no sample lost)"
        } else {
            lossText =
                "\(rises) \(c.losses.count) " + (c.losses.count == 1 ? "time" : "times") + " (\(c.lostSamples) samples, "
                + "\(try Format.number(Double(c.lostSamples) * c.periodSeconds, significantDigits: 3)) s, lost in all)"
        }
        return "the median step, \(try ms(c.medianStepSeconds)) ms, is "
            + "\(try Format.number(100 * c.medianStepSeconds / c.meanStepSeconds, significantDigits: 3))% of the mean step "
            + "\(try ms(c.meanStepSeconds)) ms (samples delivered in bursts), and against an even clock of "
            + "\(try Format.number(c.periodSeconds, significantDigits: 6)) s the least lag of the stamps, taken in each "
            + "\(Format.exact(windowSeconds)) s window, \(lossText), and between losses moves "
            + "by at most \(try Format.number(c.wanderSeconds, significantDigits: 3)) s over the record's \(c.windowCount) "
            + "windows (clock wander; \(Format.exact(maximumWanderSeconds)) s or \(Format.exact(100 * maximumWanderShare))% "
            + "of the time between losses allowed); a read kept samples waiting up to "
            + "\(try Format.number(c.largestLagSeconds, significantDigits: 3)) s"
    }

    /// Why an uneven record's stamps are not read as a buffer's (the first condition that fails), for the `allan`
    /// summary of a record put on the grid.
    package static func whyNot(_ c: BufferedClock?) throws(ReportingError) -> String {
        guard let c else { return "its times were not kept" }
        if !c.isBursty {
            return "the median step, \(try ms(c.medianStepSeconds)) ms, is "
                + "\(try Format.number(100 * c.medianStepSeconds / c.meanStepSeconds, significantDigits: 3))% of the mean step "
                + "\(try ms(c.meanStepSeconds)) ms, more than \(Format.exact(100 * maximumBurstStepRatio))%: not bursts"
        }
        if c.windowCount < minimumWindows {
            return "its samples fall in \(c.windowCount) " + (c.windowCount == 1 ? "window" : "windows")
                + " of \(Format.exact(windowSeconds)) s, fewer than \(minimumWindows): too few to check a clock against"
        }
        if c.largestFallSeconds > lossThresholdSamples * c.periodSeconds {
            return "the least lag of the stamps behind an even clock falls by "
                + "\(try Format.number(c.largestFallSeconds, significantDigits: 3)) s from one \(Format.exact(windowSeconds)) s "
                + "window to the next: more samples than time, which no buffer delivers"
        }
        return "between losses the least lag of the stamps behind an even clock moves by "
            + "\(try Format.number(c.wanderSeconds, significantDigits: 3)) s, more than "
            + "\(Format.exact(maximumWanderSeconds)) s and \(Format.exact(100 * maximumWanderShare))% of that time: the "
            + "stamps do not follow one clock"
    }

    static func ms(_ seconds: Double) throws(ReportingError) -> String {
        try Format.number(1000 * seconds, significantDigits: 3)
    }
}
