/// The largest magnitude per time bin of a recording, for a chart of the signal against a threshold.
///
/// Streaming in bounded memory: bins start 0.02 s wide, and whenever there are more than ``maximumBins`` the
/// neighbours are merged in pairs and the width doubles, so any recording gives at most that many points and the
/// peaks (what crosses a threshold) are kept. Deterministic: the same samples give the same bins.
package struct SignalEnvelope: Sendable, Equatable {
    /// One bin: its start time and the largest magnitude in it, with that sample's time.
    package struct Bin: Sendable, Equatable {
        package var startSeconds: Double
        package var peakTimeSeconds: Double
        package var peak: Double
    }

    package static let maximumBins = 2000
    package private(set) var widthSeconds = 0.02
    package private(set) var bins: [Bin] = []
    private var origin = Double.nan

    package init() {}

    /// Adds one sample's magnitude at time t (non-decreasing).
    package mutating func add(timeSeconds t: Double, magnitude: Double) {
        if origin.isNaN { origin = t }
        let start = origin + ((t - origin) / widthSeconds).rounded(.down) * widthSeconds
        if let last = bins.last, last.startSeconds == start {
            if magnitude > last.peak { bins[bins.count - 1] = Bin(startSeconds: start, peakTimeSeconds: t, peak: magnitude) }
            return
        }
        bins.append(Bin(startSeconds: start, peakTimeSeconds: t, peak: magnitude))
        if bins.count > Self.maximumBins { coarsen() }
    }

    /// Doubles the bin width, merging bins that fall into the same wider bin (keeping the larger peak).
    mutating func coarsen() {
        widthSeconds *= 2
        var merged: [Bin] = []
        merged.reserveCapacity(bins.count / 2 + 1)
        for b in bins {
            let start = origin + ((b.startSeconds - origin) / widthSeconds + 1e-9).rounded(.down) * widthSeconds
            if let last = merged.last, last.startSeconds == start {
                if b.peak > last.peak {
                    merged[merged.count - 1] = Bin(startSeconds: start, peakTimeSeconds: b.peakTimeSeconds, peak: b.peak)
                }
            } else {
                merged.append(Bin(startSeconds: start, peakTimeSeconds: b.peakTimeSeconds, peak: b.peak))
            }
        }
        bins = merged
    }
}
