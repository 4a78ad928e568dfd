/// A walker's planned path in a local east/north frame: straight legs at constant speed between timed waypoints.
///
/// Consecutive waypoints at the same place make a pause. Positions between waypoints are linear in time.
package struct MovementPath: Sendable, Equatable {
    // MARK: - Waypoints

    /// East offsets of the waypoints, metres.
    package let eastMeters: [Double]
    /// North offsets of the waypoints, metres.
    package let northMeters: [Double]
    /// Times at the waypoints, seconds, non-decreasing, starting at 0.
    package let timesSeconds: [Double]

    /// Creates a path from at least one waypoint.
    ///
    /// - Parameters:
    ///   - waypoints: `(east, north, time)` in metres and seconds; times non-decreasing from 0.
    /// - Returns: `nil` when there are no waypoints, a value is not finite, or times decrease.
    package init?(waypoints: [(east: Double, north: Double, time: Double)]) {
        guard let first = waypoints.first, first.time == 0 else { return nil }
        var previous = 0.0
        for w in waypoints {
            guard w.east.isFinite, w.north.isFinite, w.time.isFinite, w.time >= previous else { return nil }
            previous = w.time
        }
        eastMeters = waypoints.map(\.east)
        northMeters = waypoints.map(\.north)
        timesSeconds = waypoints.map(\.time)
    }

    /// Time of the last waypoint, seconds.
    package var durationSeconds: Double { timesSeconds.last ?? 0 }

    // MARK: - Position

    /// The planned position at time t, clamped to the path's ends.
    ///
    /// - Parameters:
    ///   - t: time, seconds.
    ///   - cursor: index of the leg last used; start at 0 and pass the same variable for increasing times, so
    ///     a whole walk costs O(fixes + waypoints).
    /// - Returns: east and north offsets, metres.
    package func position(atSeconds t: Double, cursor: inout Int) -> (east: Double, north: Double) {
        let last = timesSeconds.count - 1
        if t <= 0 || last == 0 { return (eastMeters[0], northMeters[0]) }
        if t >= timesSeconds[last] { return (eastMeters[last], northMeters[last]) }
        if cursor > last - 1 || timesSeconds[cursor] > t { cursor = 0 }
        while cursor < last - 1 && timesSeconds[cursor + 1] <= t { cursor += 1 }
        let t0 = timesSeconds[cursor]
        let t1 = timesSeconds[cursor + 1]
        let f = t1 > t0 ? (t - t0) / (t1 - t0) : 1
        return (
            eastMeters[cursor] + f * (eastMeters[cursor + 1] - eastMeters[cursor]),
            northMeters[cursor] + f * (northMeters[cursor + 1] - northMeters[cursor])
        )
    }
}
