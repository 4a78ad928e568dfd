import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import SensorSim
import Stats

/// What one simulated visit ended with, per place of interest and per check.
package struct GeofenceOutcome: Sendable, Equatable {
    package let cellIndex: Int
    package let trialInCell: Int
    package let seed: TrialSeed
    /// Length of the walk, seconds.
    package let durationSeconds: Double
    /// Fixes delivered to the checks, and fixes lost to dropouts.
    package let fixesDelivered: Int
    package let fixesDropped: Int
    /// Per place of interest: when the walker first came truly within the rule radius (`nil`: never), seconds.
    package let trueFirstInsideSeconds: [Double?]
    /// Per place of interest: the smallest true distance during the walk, metres.
    package let trueMinimumDistanceMeters: [Double]
    /// Per check c and place of interest j, at index c·P + j: enter events.
    package let enters: [Int]
    /// Exit events (c·P + j).
    package let exits: [Int]
    /// Enter events while the walker was truly at least the rule radius plus the tolerance away (c·P + j).
    package let falseEnters: [Int]
    /// Time of the first enter event, seconds, `nil` when none (c·P + j).
    package let firstEnterSeconds: [Double?]
    /// Whether the first enter (the collection) happened while truly at least the rule radius plus the tolerance away.
    package let firstEnterWasFalse: [Bool]
}

/// Receives every delivered fix of a trial (the GPX export keeps them; the study ignores them).
protocol GeofenceFixSink {
    mutating func receive(_ fix: LocationFix)
}

/// The study's sink: keeps nothing.
struct DiscardFixes: GeofenceFixSink {
    @inline(__always) mutating func receive(_ fix: LocationFix) {}
}

/// One visit through the whole pipeline: movement, GPS jitter, one ``ProximityMonitor`` per check.
package enum GeofenceTrial {
    /// Runs one trial.
    ///
    /// The trial's fixes are generated once and each is fed to every check's monitor, so the checks are compared
    /// on identical data. Random draws, in order: the movement's bearings and wander start, the GPS errors' starting
    /// values, then per fix the wander and the GPS model. Positions live in an east/north frame around the true
    /// target (a tour: its first stop); fixes are mapped to WGS-84 with ``LocalTangentPlane`` and the monitors
    /// measure geodesic distances, as the app would.
    package static func run(cell: GeofenceCell, trialInCell: Int, globalIndex: Int, scenario s: GeofenceScenario) throws -> GeofenceOutcome
    {
        var sink = DiscardFixes()
        return try run(cell: cell, trialInCell: trialInCell, globalIndex: globalIndex, scenario: s, sink: &sink)
    }

    static func run<Sink: GeofenceFixSink>(
        cell: GeofenceCell, trialInCell: Int, globalIndex: Int, scenario s: GeofenceScenario, sink: inout Sink
    ) throws -> GeofenceOutcome {
        let seed = TrialSeed(scenarioSeed: s.seed, trialIndex: UInt64(globalIndex))
        let stream = try RandomStream(seed: seed)
        let truePlaces = s.placeSet.places
        let plane = LocalTangentPlane(origin: truePlaces[s.stops[0]].coordinate)
        let interest = s.placesOfInterest
        let stopOffsets = s.stops.map { i -> (east: Double, north: Double) in
            let o = plane.offset(of: truePlaces[i].coordinate)
            return (o.eastMeters, o.northMeters)
        }
        let env = cell.environment
        guard
            let movement = Movement(
                parameters: s.movement, distanceMeters: cell.distanceMeters, placeOffsets: stopOffsets,
                intervalSeconds: env.fixIntervalSeconds, stream: stream)
        else { throw SimulationError("\(s.file): movement: could not plan the walk") }
        var fixes = GPSFixStream(movement: movement, environment: env, plane: plane, stream: stream)
        // Each monitor watches the places of interest only: a monitor keeps independent state per place, so
        // leaving out places nobody asks about changes nothing for the others and saves their geodesics.
        let watched = interest.map { cell.appPlaces[$0] }
        var monitors: [ProximityMonitor] = []
        for check in s.checks { monitors.append(try ProximityMonitor(places: watched, configuration: check.configuration)) }

        // Metrics bookkeeping, sized once.
        let p = interest.count
        let appOffsets = interest.map { plane.offset(of: cell.appPlaces[$0].coordinate) }
        var trueDistance = Array(repeating: 0.0, count: p)
        var fixDistance = Array(repeating: 0.0, count: p)
        var trueFirstInside: [Double?] = Array(repeating: nil, count: p)
        var trueMinimum = Array(repeating: Double.infinity, count: p)
        var enters = Array(repeating: 0, count: s.checks.count * p)
        var exits = enters
        var falseEnters = enters
        var firstEnter: [Double?] = Array(repeating: nil, count: s.checks.count * p)
        var firstFalse = Array(repeating: false, count: s.checks.count * p)
        let rule = s.ruleRadiusMeters

        let duration = movement.durationSeconds
        let fixCount = fixes.fixCount
        var delivered = 0
        while let step = fixes.next(stream) {
            let t = step.timeSeconds
            let truth = step.truth
            for j in 0..<p {
                let de = truth.east - appOffsets[j].eastMeters
                let dn = truth.north - appOffsets[j].northMeters
                let d = (de * de + dn * dn).squareRoot()
                trueDistance[j] = d
                if d < trueMinimum[j] { trueMinimum[j] = d }
                if d < rule, trueFirstInside[j] == nil { trueFirstInside[j] = t }
            }
            guard let fix = step.fix else { continue }
            delivered += 1
            sink.receive(fix)
            // One geodesic per fix and watched place, shared by every check (each would compute the same value).
            for j in 0..<p { fixDistance[j] = Geodesic.distanceMeters(fix.coordinate, watched[j].coordinate) }
            for c in monitors.indices {
                let events = monitors[c].consume(fix, distancesMeters: fixDistance)
                for e in events {
                    let j = e.placeIndex
                    let i = c * p + j
                    if e.kind == .exit {
                        exits[i] += 1
                        continue
                    }
                    enters[i] += 1
                    let isFalse = trueDistance[j] >= rule + s.toleranceMeters
                    if isFalse { falseEnters[i] += 1 }
                    if firstEnter[i] == nil {
                        firstEnter[i] = t
                        firstFalse[i] = isFalse
                    }
                }
            }
        }
        return GeofenceOutcome(
            cellIndex: cell.index, trialInCell: trialInCell, seed: seed, durationSeconds: duration,
            fixesDelivered: delivered, fixesDropped: fixCount - delivered,
            trueFirstInsideSeconds: trueFirstInside, trueMinimumDistanceMeters: trueMinimum,
            enters: enters, exits: exits, falseEnters: falseEnters, firstEnterSeconds: firstEnter,
            firstEnterWasFalse: firstFalse)
    }
}
