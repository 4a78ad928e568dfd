/// Bookkeeping of a `ProximityMonitor`: how many fixes arrived and why some were not used.
public struct ProximityCounters: Sendable, Equatable {
    /// Every fix passed to `consume(_:)`.
    public var fixesConsumed = 0
    /// Fixes that were evaluated against the places.
    public var fixesAccepted = 0
    /// Fixes with a NaN or infinite timestamp or accuracy.
    public var ignoredNonFinite = 0
    /// Fixes whose timestamp is earlier than the previous usable fix (time went backwards).
    public var ignoredTimeWentBackwards = 0
    /// Fixes with negative accuracy (invalid in Core Location), for every kind but one that uses them (`naive`).
    public var ignoredInvalidAccuracy = 0
    /// The kind's own gate (`accuracy-gated`: accuracy worse than `maximumAccuracyMeters`).
    public var ignoredInaccurate = 0
    /// Accepted fixes after which two or more places were inside at once (overlapping circles).
    public var fixesWithOverlap = 0

    /// All ignored fixes.
    public var fixesIgnored: Int {
        ignoredNonFinite + ignoredTimeWentBackwards + ignoredInvalidAccuracy + ignoredInaccurate
    }

    /// Zero counters.
    public init() {}
}
