// MARK: - Proximity checking

/// What a proximity check decides: location fixes in; for each watched place, whether the app may collect it
/// now ("in range"), and the enter and exit events when that answer changes.
///
/// SensorBench's own `ProximityMonitor` conforms; so can a team's check. The places are given when the check is
/// made (the driver makes a fresh one per visit or route); event `placeIndex` values and `isInside(placeIndex:)`
/// index that list.
///
/// Units: coordinates in degrees on WGS-84, accuracy and distances in metres, time in seconds on a monotonic
/// clock shared by the fixes of one stream.
public protocol ProximityChecking {
    /// Feeds one location fix.
    ///
    /// - Parameter fix: the next location report.
    /// - Returns: the enter and exit events it caused, in place order (empty when none).
    mutating func consume(_ fix: LocationFix) -> [ProximityEvent]

    /// Whether place `placeIndex` is in range now: the app may collect it. False for an index out of range.
    ///
    /// - Parameter placeIndex: index into the check's places.
    /// - Returns: the in-range state after the last fix.
    func isInside(placeIndex: Int) -> Bool
}
