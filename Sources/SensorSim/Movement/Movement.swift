import Foundation
import Stats

/// A walker's true position per fix: a planned ``MovementPath`` plus a bounded random wander.
///
/// The wander is a Gauss–Markov process per axis (σ = half the wander radius, the configured correlation time,
/// exact discretisation), pulled back onto the disc of the wander radius whenever it leaves it, so the true position
/// never strays more than `wanderMeters` from the plan. Frame: metres east and north of the movement's origin.
package struct Movement: Sendable {
    // MARK: - State

    /// The plan.
    package let path: MovementPath
    /// Radius of the wander disc, metres.
    package let wanderMeters: Double
    /// Indices (into the place offsets) of the places the walk stops at, in order.
    package let stops: [Int]
    let wander: GaussMarkov?
    var wanderEast = 0.0
    var wanderNorth = 0.0
    var cursor = 0

    // MARK: - Building

    /// Plans a movement around places given by their offsets from the frame's origin.
    ///
    /// Random draws, in order: for `loiter`, `pass-by` and `approach` one uniform bearing; for `tour` one bearing
    /// per stop; for `path` none; then the wander's two starting values (when the wander radius is > 0).
    ///
    /// - Parameters:
    ///   - parameters: the movement.
    ///   - distanceMeters: d, the true distance of the loiter point, closest approach, stop or tour pause, metres.
    ///   - placeOffsets: east/north offsets of the places, metres: the target alone, or every stop of a tour in order.
    ///   - intervalSeconds: the fix interval (for the wander's discretisation), seconds.
    ///   - stream: the trial's random stream.
    /// - Returns: the movement, or `nil` when no place is given, a `path` movement has no planned path, or the plan
    ///   is not finite.
    package init?(
        parameters p: MovementParameters, distanceMeters d: Double,
        placeOffsets: [(east: Double, north: Double)], intervalSeconds: Double, stream: RandomStream
    ) {
        guard let target = placeOffsets.first else { return nil }
        var waypoints: [(east: Double, north: Double, time: Double)] = []
        func unit(_ bearing: Double) -> (east: Double, north: Double) { (sin(bearing), cos(bearing)) }
        switch p.kind {
        case .loiter:
            let u = unit(stream.uniform(0, 2 * .pi))
            let point = (target.east + d * u.east, target.north + d * u.north)
            waypoints = [(point.0, point.1, 0), (point.0, point.1, p.minutes * 60)]
        case .passBy:
            let u = unit(stream.uniform(0, 2 * .pi))
            // Walk along the perpendicular (cos θ, −sin θ) through the closest-approach point.
            let c = (target.east + d * u.east, target.north + d * u.north)
            let l = p.passHalfLengthMeters
            waypoints = [
                (c.0 - l * u.north, c.1 + l * u.east, 0),
                (c.0 + l * u.north, c.1 - l * u.east, 2 * l / p.speedMetersPerSecond),
            ]
        case .approach:
            let u = unit(stream.uniform(0, 2 * .pi))
            let walk = abs(p.approachFromMeters - d) / p.speedMetersPerSecond
            let stop = (target.east + d * u.east, target.north + d * u.north)
            waypoints = [
                (target.east + p.approachFromMeters * u.east, target.north + p.approachFromMeters * u.north, 0),
                (stop.0, stop.1, walk), (stop.0, stop.1, walk + p.minutes * 60),
            ]
        case .tour:
            var t = 0.0
            for (i, place) in placeOffsets.enumerated() {
                let u = unit(stream.uniform(0, 2 * .pi))
                let stop = (place.east + d * u.east, place.north + d * u.north)
                if i > 0, let last = waypoints.last {
                    t +=
                        ((stop.0 - last.east) * (stop.0 - last.east) + (stop.1 - last.north) * (stop.1 - last.north))
                        .squareRoot() / p.speedMetersPerSecond
                }
                waypoints.append((stop.0, stop.1, t))
                t += p.pauseSeconds
                waypoints.append((stop.0, stop.1, t))
            }
        case .path:
            // The given walk as it is: no bearing is drawn, so d and the place offsets play no part.
            guard let given = p.plannedPath else { return nil }
            waypoints = given.timesSeconds.indices.map {
                (given.eastMeters[$0], given.northMeters[$0], given.timesSeconds[$0])
            }
        }
        guard let path = MovementPath(waypoints: waypoints) else { return nil }
        self.path = path
        stops = p.kind == .tour ? Array(placeOffsets.indices) : [0]
        wanderMeters = p.wanderMeters
        if p.wanderMeters > 0 {
            let process = GaussMarkov(
                sigma: p.wanderMeters / 2, correlationTimeSeconds: p.wanderCorrelationSeconds,
                intervalSeconds: intervalSeconds)
            wander = process
            wanderEast = process.initialState(stream)
            wanderNorth = process.initialState(stream)
            clampWander()
        } else {
            wander = nil
        }
    }

    // MARK: - Stepping

    /// Duration of the walk, seconds.
    package var durationSeconds: Double { path.durationSeconds }

    /// The true position at time t; call with increasing times, once per fix interval (the wander steps once per
    /// call; the first call uses the wander's starting value).
    ///
    /// - Parameters:
    ///   - t: time, seconds.
    ///   - first: whether this is the first fix (no wander step).
    ///   - stream: the trial's random stream.
    /// - Returns: east and north offsets, metres.
    package mutating func position(atSeconds t: Double, first: Bool, stream: RandomStream) -> (east: Double, north: Double) {
        if let w = wander, !first {
            wanderEast = w.step(wanderEast, stream)
            wanderNorth = w.step(wanderNorth, stream)
            clampWander()
        }
        let p = path.position(atSeconds: t, cursor: &cursor)
        return (p.east + wanderEast, p.north + wanderNorth)
    }

    /// Pulls the wander back onto its disc (radius `wanderMeters`) when it left it.
    mutating func clampWander() {
        let r = (wanderEast * wanderEast + wanderNorth * wanderNorth).squareRoot()
        if r > wanderMeters, r > 0 {
            wanderEast *= wanderMeters / r
            wanderNorth *= wanderMeters / r
        }
    }
}
