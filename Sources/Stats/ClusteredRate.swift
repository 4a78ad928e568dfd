/// An event rate whose events come in clusters (timelines, visits), with a 95% interval that allows
/// overdispersion: the quasi-Poisson scaled Garwood interval.
///
/// Cluster i contributes yᵢ events in exposure tᵢ > 0. With Y = Σyᵢ, T = Σtᵢ and n clusters, the rate is
/// λ̂ = Y/T and Pearson's dispersion is φ̂ = X²/(n − 1), X² = Σ(yᵢ − λ̂tᵢ)²/(λ̂tᵢ) = Σ(yᵢ²/tᵢ)/λ̂ − Y
/// (McCullagh and Nelder 1989, §6.2: the quasi-likelihood scale of a Poisson model). Events that cluster
/// (a running stretch firing a detector again and again) give φ̂ > 1; independent events give φ̂ ≈ 1.
///
/// The interval treats Y/φ as a Poisson count over exposure T/φ (the effective number of independent events)
/// and takes its exact Garwood interval, [χ²₀.₀₂₅(2Y/φ)/2, χ²₀.₉₇₅(2Y/φ + 2)/2]·φ/T, with
/// φ = max(1, φ̂·(t₀.₉₇₅,ₙ₋₁/z₀.₉₇₅)²): the t/z factor carries the uncertainty of φ̂ from its n − 1 degrees
/// of freedom, and φ is never below 1, so with no sign of clustering the interval is Garwood's exactly.
/// Simulated gamma–Poisson clusters (36 clusters, φ = 3–5) give it 93–95% coverage where Garwood's gives
/// 63–75% (`ClusteredRateTests`).
///
/// Zero events leave φ unestimable: the bound is Garwood's 3.689/T, which assumes independent events; with
/// few clusters (``fewClusters``) a report must say that the bound rests on that assumption.
///
/// The sufficient statistics (n, Y, T, Σyᵢ²/tᵢ) add, so rates from shards or parts merge exactly by `+`.
package struct ClusteredRate: Sendable, Equatable {
    /// Clusters with positive exposure, n.
    package let clusters: Int
    /// Events over all clusters, Y.
    package let events: Int
    /// Exposure over all clusters, T (in the caller's unit, hours in reports).
    package let exposure: Double
    /// Σ yᵢ²/tᵢ over the clusters.
    package let sumSquaredEventsPerExposure: Double

    /// Below this many clusters the dispersion is poorly known and a zero-event bound rests on independence.
    package static let fewClusters = 10

    /// No clusters.
    package static let empty = ClusteredRate(clusters: 0, events: 0, exposure: 0, sumSquaredEventsPerExposure: 0)

    /// From the statistics themselves (as a part file stores them).
    package init(clusters: Int, events: Int, exposure: Double, sumSquaredEventsPerExposure: Double) {
        self.clusters = clusters
        self.events = events
        self.exposure = exposure
        self.sumSquaredEventsPerExposure = sumSquaredEventsPerExposure
    }

    /// One cluster: `events` in `exposure` (> 0; a cluster without exposure is no cluster).
    package init(events: Int, exposure: Double) {
        if exposure > 0 {
            self.init(
                clusters: 1, events: events, exposure: exposure,
                sumSquaredEventsPerExposure: Double(events) * Double(events) / exposure)
        } else {
            self.init(clusters: 0, events: events, exposure: 0, sumSquaredEventsPerExposure: 0)
        }
    }

    /// Clusters given as parallel arrays, in order (the sums are taken in that order: deterministic).
    package init(counts: [Int], exposures: [Double]) {
        var r = ClusteredRate.empty
        for (y, t) in zip(counts, exposures) { r = r + ClusteredRate(events: y, exposure: t) }
        self = r
    }

    /// The clusters of both.
    package static func + (a: ClusteredRate, b: ClusteredRate) -> ClusteredRate {
        ClusteredRate(
            clusters: a.clusters + b.clusters, events: a.events + b.events, exposure: a.exposure + b.exposure,
            sumSquaredEventsPerExposure: a.sumSquaredEventsPerExposure + b.sumSquaredEventsPerExposure)
    }

    /// λ̂ = Y/T; nil without exposure.
    package var rate: Double? { exposure > 0 ? Double(events) / exposure : nil }

    /// Pearson's φ̂ = X²/(n − 1); nil with no events or fewer than 2 clusters (nothing to estimate it from).
    package var pearsonDispersion: Double? {
        guard events > 0, clusters >= 2, exposure > 0 else { return nil }
        let lambda = Double(events) / exposure
        let x2 = max(0, sumSquaredEventsPerExposure / lambda - Double(events))
        return x2 / Double(clusters - 1)
    }

    /// The φ the interval uses: max(1, φ̂·(t/z)²), or 1 when φ̂ is not estimable.
    package func dispersionUsed(confidence: Double = 0.95) throws(StatsError) -> Double {
        guard let phi = pearsonDispersion else { return 1 }
        let alpha = 1 - confidence
        let t = try StudentT.quantile(1 - alpha / 2, degreesOfFreedom: Double(clusters - 1))
        let z = try Normal.quantile(1 - alpha / 2)
        return max(1, phi * (t / z) * (t / z))
    }

    /// The quasi-Poisson scaled Garwood interval of the rate; nil without exposure.
    ///
    /// - Parameter confidence: 1 − α in (0, 1).
    /// - Throws: ``StatsError`` for a confidence outside (0, 1) or a GSL failure.
    package func interval(confidence: Double = 0.95) throws(StatsError) -> ConfidenceInterval? {
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("ClusteredRate.interval: confidence \(confidence) must lie in (0, 1)")
        }
        guard exposure > 0 else { return nil }
        let alpha = 1 - confidence
        let phi = try dispersionUsed(confidence: confidence)
        let effective = Double(events) / phi
        let low = events == 0 ? 0 : try ChiSquared.quantile(alpha / 2, degreesOfFreedom: 2 * effective) / 2
        let high = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: 2 * effective + 2) / 2
        return ConfidenceInterval(low: low * phi / exposure, high: high * phi / exposure)
    }

    // MARK: - With a dispersion floor

    /// The φ the floored interval uses: max(1, φ̂·(t/z)², `dispersionFloor`).
    ///
    /// - Parameters:
    ///   - confidence: 1 − α in (0, 1).
    ///   - dispersionFloor: the least dispersion to assume (≥ 1; values below 1 act as 1), see
    ///     ``interval(confidence:dispersionFloor:)``.
    package func dispersionUsed(confidence: Double = 0.95, dispersionFloor: Double) throws(StatsError) -> Double {
        max(try dispersionUsed(confidence: confidence), dispersionFloor.isFinite ? dispersionFloor : 1, 1)
    }

    /// The scaled Garwood interval with a dispersion floor: Garwood's exact interval on the effective count Y/φ
    /// over the exposure T/φ, with φ = max(1, φ̂·(t₀.₉₇₅,ₙ₋₁/z₀.₉₇₅)², φ₀).
    ///
    /// Why a floor: Pearson's φ̂ cannot exceed about Y (all events in one cluster gives φ̂ ≈ Y·n/(n − 1)), so a
    /// count smaller than the burst size cannot show its own clustering. With bursts of mean size B a zero count
    /// happens with probability e^(−λT/B), not e^(−λT), and an interval that covers must then reach λ: its zero-count
    /// bound must be about B·3.689/T, not Garwood's 3.689/T. The floor φ₀ is how clustered the events of the same
    /// timelines are where there are enough of them to show it (``dispersionFloor(of:minimumEvents:confidence:)``:
    /// the sweep's settings that fired often); a setting's own φ̂ is used when it is larger. With φ₀ ≤ 1 this is
    /// ``interval(confidence:)`` exactly, and it is never narrower than Garwood's interval on the pooled count
    /// (φ ≥ 1 only widens it). Coverage at 0.1–45 events an hour with bursts: `SweepIntervalCoverage`
    /// (`sensorbench dev shake-coverage`, docs/shake.md).
    ///
    /// - Parameters:
    ///   - confidence: 1 − α in (0, 1).
    ///   - dispersionFloor: φ₀, the least dispersion to assume.
    /// - Returns: the interval, nil without exposure.
    /// - Throws: ``StatsError`` for a confidence outside (0, 1) or a GSL failure.
    package func interval(confidence: Double = 0.95, dispersionFloor: Double) throws(StatsError) -> ConfidenceInterval? {
        guard confidence > 0, confidence < 1 else {
            throw .invalidInput("ClusteredRate.interval: confidence \(confidence) must lie in (0, 1)")
        }
        guard exposure > 0 else { return nil }
        let alpha = 1 - confidence
        let phi = try dispersionUsed(confidence: confidence, dispersionFloor: dispersionFloor)
        let effective = Double(events) / phi
        let low = events == 0 ? 0 : try ChiSquared.quantile(alpha / 2, degreesOfFreedom: 2 * effective) / 2
        let high = try ChiSquared.quantile(1 - alpha / 2, degreesOfFreedom: 2 * effective + 2) / 2
        return ConfidenceInterval(low: low * phi / exposure, high: high * phi / exposure)
    }

    /// Events at which Pearson's dispersion is taken to show how the events cluster (a count below the burst
    /// size cannot show it; 20 covers the bursts of 10–25 the shipped sweeps' sensitive settings show).
    package static let eventsToShowDispersion = 20

    /// The dispersion floor φ₀ for rates counted on the same clusters: the median of φ̂·(t/z)² (each at least 1)
    /// over the rates with at least `minimumEvents` events in at least 2 clusters; 1 when there is none (then the
    /// floor assumes events do not cluster, and a report says so).
    ///
    /// The rates are typically one sweep's settings on the same timelines: the sensitive ones fire often enough to
    /// show how bursty the timelines' motions are, and a quiet setting's few events come from the same bursts.
    /// Sensitive settings fire more times per burst than quiet ones, so the floor errs wide (conservative).
    ///
    /// - Throws: ``StatsError`` for a confidence outside (0, 1) or a GSL failure.
    package static func dispersionFloor(
        of rates: [ClusteredRate], minimumEvents: Int = eventsToShowDispersion, confidence: Double = 0.95
    ) throws(StatsError) -> Double {
        var values: [Double] = []
        for r in rates where r.events >= minimumEvents && r.clusters >= 2 {
            values.append(try r.dispersionUsed(confidence: confidence))
        }
        guard !values.isEmpty else { return 1 }
        values.sort()
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The least exposure at which zero events would show the rate is at most `limit` (95%):
    /// χ²₀.₉₇₅(2)/2 / limit = −ln(0.025)/limit ≈ 3.689/limit, Garwood's zero-event bound solved for T. Less
    /// exposure than this cannot show a rate is low whatever was observed, so a report says "too little
    /// exposure" instead of giving a bound.
    ///
    /// - Returns: the exposure, nil for a limit ≤ 0 (no exposure can show a rate of at most 0).
    package static func minimumExposure(toShowAtMost limit: Double) throws(StatsError) -> Double? {
        guard limit > 0 else { return nil }
        return try ChiSquared.quantile(0.975, degreesOfFreedom: 2) / 2 / limit
    }
}
