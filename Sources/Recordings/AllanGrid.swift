/// The even grid an unevenly sampled recording is put on for the Allan analysis, with its gaps.
///
/// The grid step w is the shortest power-of-two multiple of the median step between samples for which at most 1% of
/// the steps are longer than 1.5 w, doubled further while more than 1% of the grid steps hold no sample and doubling
/// at least halves their time: short jitter and bursts then fall inside one grid step, and what stays empty (a time
/// that doubling does not shrink) is a gap. Sample k goes to grid slot j = round((t_k − t₀)/w); a slot's value is the mean of its samples,
/// and a slot without a sample is a gap. ``AllanDeviation/overlapping(rates:present:sampleIntervalSeconds:factors:confidenceLevel:)``
/// then uses only the second differences inside gap-free stretches at short τ and bridges gaps short beside τ at long
/// τ. (A slot's mean of k samples of white noise has
/// variance σ²/k, so slots holding different numbers of samples make the curve's short-τ end a mean over them; the
/// curve is exactly the even one when every slot holds one sample.)
package struct AllanGrid: Sendable {
    /// The median step between consecutive samples, s.
    package let medianStepSeconds: Double
    /// The grid step w, s.
    package let stepSeconds: Double
    /// Which slots hold at least one sample.
    package let present: [Bool]
    /// How many slots hold no sample.
    package let emptySlots: Int
    /// How many runs of empty slots (gaps) there are, and the longest one's length in s.
    package let gapCount: Int
    package let longestGapSeconds: Double
    /// The gap-free stretches: how many, and the longest one's length in slots.
    package let stretchCount: Int
    package let longestStretch: Int
    /// The slot of each sample.
    let slots: [Int]
    /// k̄·mean(1/k) over the slots holding samples (k a slot's sample count, k̄ their mean): the factor by which
    /// white noise's Allan variance on this grid exceeds N²/τ (``whiteNoiseVarianceFactor``).
    package let whiteNoiseVarianceFactor: Double

    /// The most steps longer than 1.5 w the grid step may leave: 1% (as gaps).
    package static let maximumLongStepShare = 0.01
    /// The fewest slots the longest gap-free stretch must hold for an analysis (the Allan analysis needs 16 samples).
    package static let minimumStretch = 16

    /// Builds the grid of increasing sample times (at least 2).
    package init(times: [Double]) {
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let median = steps.isEmpty ? 0 : steps[steps.count / 2]
        var w = median > 0 ? median : (steps.last ?? 1)
        func longSteps(_ w: Double) -> Int {
            // The steps are sorted: count those above 1.5 w from the end.
            var count = 0
            for step in steps.reversed() {
                guard step > 1.5 * w else { break }
                count += 1
            }
            return count
        }
        while Double(longSteps(w)) > Self.maximumLongStepShare * Double(steps.count) { w *= 2 }
        let first = times.first ?? 0
        func layout(_ w: Double) -> (slots: [Int], present: [Bool], empty: Int) {
            let slots = times.map { Int((($0 - first) / w).rounded()) }
            var present = [Bool](repeating: false, count: (slots.last ?? 0) + 1)
            for j in slots { present[j] = true }
            return (slots, present, present.reduce(0) { $0 + ($1 ? 0 : 1) })
        }
        // Bursts longer than the grid step leave empty slots between them that are not gaps: while more than 1% of
        // the slots are empty and a doubled step at least halves the empty time (a gap's time stays the same).
        var current = layout(w)
        while Double(current.empty) > Self.maximumLongStepShare * Double(current.present.count) {
            let next = layout(2 * w)
            guard 4 * next.empty <= current.empty else { break }
            w *= 2
            current = next
        }
        self.init(slots: current.slots, stepSeconds: w, medianStepSeconds: median)
    }

    /// The grid of a record already laid on slots (increasing; a slot may hold several samples), one slot every
    /// `stepSeconds`: a buffered record re-timed on its clock (``BufferedClock/slots(count:)``), one sample a slot.
    package init(slots: [Int], stepSeconds: Double, medianStepSeconds: Double) {
        self.medianStepSeconds = medianStepSeconds
        self.stepSeconds = stepSeconds
        self.slots = slots
        var present = [Bool](repeating: false, count: (slots.last ?? 0) + 1)
        for j in slots { present[j] = true }
        self.present = present
        var empty = 0
        var gaps = 0
        var longestGap = 0
        var stretches = 0
        var longest = 0
        var run = 0
        var gapRun = 0
        for p in present {
            if p {
                if run == 0 { stretches += 1 }
                run += 1
                longest = max(longest, run)
                gapRun = 0
            } else {
                empty += 1
                if gapRun == 0 { gaps += 1 }
                gapRun += 1
                longestGap = max(longestGap, gapRun)
                run = 0
            }
        }
        emptySlots = empty
        var counts = [Int](repeating: 0, count: present.count)
        for j in slots { counts[j] += 1 }
        var inverse = 0.0
        for k in counts where k > 0 { inverse += 1 / Double(k) }
        let filled = present.count - empty
        whiteNoiseVarianceFactor = filled > 0 ? Double(slots.count) / Double(filled) * inverse / Double(filled) : 1
        gapCount = gaps
        longestGapSeconds = Double(longestGap) * stepSeconds
        stretchCount = stretches
        longestStretch = longest
    }

    /// Whether the grid can be analysed: its longest gap-free stretch holds at least ``minimumStretch`` slots and
    /// gaps are at most half of its slots.
    package var isUsable: Bool { longestStretch >= Self.minimumStretch && 2 * emptySlots <= present.count }

    /// The mean of each slot's samples of `values` (one per sample time), 0 in an empty slot.
    package func rates(_ values: [Double]) -> [Double] {
        var sums = [Double](repeating: 0, count: present.count)
        var counts = [Int](repeating: 0, count: present.count)
        for (k, j) in slots.enumerated() {
            sums[j] += values[k]
            counts[j] += 1
        }
        for j in sums.indices where counts[j] > 1 { sums[j] /= Double(counts[j]) }
        return sums
    }
}
