/// The rule that decides when a place is "in range". Raw values are the names used in configuration files.
///
/// Entry and exit for each kind (R = radius, d = geodesic distance from the fix to the place):
/// - `naive`: enter when d < R, exit when d ≥ R, on every fix (accuracy is not looked at, exactly like the
///   assignment's `location.distance(from: hall) < 50`; even fixes with negative accuracy count).
/// - `accuracyGated`: like `naive`, but only fixes with 0 ≤ accuracy ≤ `maximumAccuracyMeters` count; the others
///   change nothing (neither enter nor exit).
/// - `consecutive`: enter after `requiredConsecutiveFixes` consecutive fixes with d < R; exit after as many
///   consecutive fixes with d ≥ R.
/// - `dwell`: enter once the fixes have been continuously inside (d < R) for `dwellSeconds`, measured between the
///   first fix of the inside run and the current one; exit on the first fix with d ≥ R.
/// - `hysteresis`: enter when d < R; exit only when d > R + `exitMarginMeters`.
/// - `accuracyAware`: enter when the whole uncertainty circle is inside, d + accuracy ≤ R; exit when it is
///   wholly outside, d − accuracy ≥ R (a choice: a vague fix can neither enter nor exit).
///
/// Every kind except `naive` ignores fixes with negative (invalid) accuracy.
public enum ProximityCheckKind: String, Sendable, Codable, CaseIterable {
    case naive
    case accuracyGated = "accuracy-gated"
    case consecutive
    case dwell
    case hysteresis
    case accuracyAware = "accuracy-aware"
}
