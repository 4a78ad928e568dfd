/// The walks a geofence study simulates. Raw values are the names used in scenario files.
package enum MovementKind: String, Sendable, CaseIterable, Equatable {
    /// Stand at true distance d from the place (random bearing) for a while, wandering a few metres.
    case loiter
    /// Walk straight past the place with closest approach d.
    case passBy = "pass-by"
    /// Walk straight towards the place and stop at distance d, then stay.
    case approach
    /// Visit every place in turn on straight legs, pausing at distance d from each.
    case tour
    /// Walk a given path (a GPX track or route): ``MovementParameters/plannedPath``.
    case path
}

/// Parameters of a movement; only those its kind uses matter.
package struct MovementParameters: Sendable, Equatable {
    /// The kind of walk.
    package var kind: MovementKind
    /// Loiter duration, or the stay after an approach, minutes (default 5).
    package var minutes: Double = 5
    /// Walking speed, m/s (default 1.4, a typical adult walking speed).
    package var speedMetersPerSecond: Double = 1.4
    /// Radius of the wandering disc around the planned point, metres (default 3; 0 = stand still).
    package var wanderMeters: Double = 3
    /// Correlation time of the wandering, seconds (default 30).
    package var wanderCorrelationSeconds: Double = 30
    /// Pass-by: the walk starts and ends this far from the closest-approach point, metres (default 200).
    package var passHalfLengthMeters: Double = 200
    /// Approach: starting distance from the place, metres (default 150).
    package var approachFromMeters: Double = 150
    /// Tour: pause at each place, seconds (default 60).
    package var pauseSeconds: Double = 60
    /// Path: the walk itself, in the movement's east/north frame (the target at the origin), with its times;
    /// `nil` for the other kinds.
    package var plannedPath: MovementPath?

    /// Creates parameters with the defaults above.
    ///
    /// - Parameter kind: the kind of walk.
    package init(kind: MovementKind) { self.kind = kind }
}
