import DetectionCore
import FileFormats
import Foundation
import Studies

/// A GPX track, or a phone's location log (``LocationCSVReader``: Sensor Logger's Location.csv, phyphox's
/// Location export), replayed through the core's ``ProximityMonitor``: enter and exit events per place, and overlaps.
///
/// The track is the file's `trkpt` points (or, when it has none, its `rtept`, else its `wpt` points, as Xcode's
/// location files write them), in file order. A replay needs times: a track without any `<time>` is refused, one
/// where only some points have one follows ``GPXWalk/fillTimes(_:file:)`` (interpolated between timed points,
/// untimed ends dropped); times must not go backwards. The reported accuracy is a `horizontalAccuracy` element
/// inside the point (metres, any namespace), else `<hdop>` × ``GPXPoint/metersPerHDOP``; a kind that reads accuracy
/// (``ProximityCheckKind/needsAccuracy``: `accuracy-gated`, `accuracy-aware`) refuses a track without either, the
/// other kinds do not read accuracy and use 0.
package struct ProximityReplay: Sendable {
    /// One enter or exit.
    package struct Event: Sendable, Equatable {
        package let kind: ProximityEvent.Kind
        package let placeName: String
        /// Seconds after the track's first point.
        package let timeSeconds: Double
        /// The point's time as written in the file.
        package let timeText: String
        /// Geodesic distance from the fix to the place, metres.
        package let distanceMeters: Double
        /// The fix's accuracy, metres.
        package let accuracyMeters: Double
        /// The GPX line of the point.
        package let line: Int
        /// The places inside right after this fix (names joined with "; ").
        package let insideAfter: String
    }

    /// A stretch of fixes during which two or more places were inside at once.
    package struct Overlap: Sendable, Equatable {
        package let startSeconds: Double
        package let endSeconds: Double
        package let fixes: Int
        /// The places inside during the stretch (union, in place order).
        package let placeNames: [String]
    }

    /// Per place: how the track went past it.
    package struct PlaceSummary: Sendable, Equatable {
        package let name: String
        package let enters: Int
        package let exits: Int
        /// The smallest measured distance from an accepted fix, metres.
        package let closestMeters: Double
        package let firstEnterSeconds: Double?
    }

    package let file: String
    package let placesSource: String
    package let configuration: ProximityCheckConfiguration
    package let fixCount: Int
    package let durationSeconds: Double
    package let events: [Event]
    package let overlaps: [Overlap]
    package let places: [PlaceSummary]
    package let counters: ProximityCounters
    /// Points without a `<time>` before the first or after the last timed point, left out by the partial-time
    /// rule (``GPXWalk/fillTimes(_:file:)``).
    package let untimedPointsDropped: Int

    /// Reads the track and the places and runs the monitor.
    ///
    /// - Parameters:
    ///   - path: the GPX file.
    ///   - places: the places to watch.
    ///   - placesSource: where they came from, for the report.
    ///   - configuration: a validated check.
    /// - Throws: ``InputError`` naming the file and line of a point without time, with time going backwards, or
    ///   without the accuracy the check needs.
    package init(
        path: String, places: [Place], placesSource: String,
        configuration: ProximityCheckConfiguration
    ) throws(InputError) {
        let all =
            LocationCSVReader.handles(path: path)
            ? try LocationCSVReader.read(path: path, consumer: "a proximity replay")
            : try GPXReader.read(path: path)
        let kind = GPXWalk.walkedKind(all)
        let (track, dropped) = try GPXWalk.fillTimes(all.filter { $0.kind == kind }, file: path)
        guard let first = track.first else {
            throw InputError(file: path, problem: "has no trkpt, rtept or wpt points to replay")
        }
        // A track with no time at all (a planned route, a waypoint file) is refused as such, not at its first point.
        if track.allSatisfy({ $0.timeSeconds == nil }) {
            throw InputError(
                file: path, line: first.line, field: "<\(first.kind.rawValue)>",
                problem: "has no <time>, and neither has any other point: a replay needs the time of every point "
                    + "(a geofence scenario's path movement walks an untimed track at a set speed, docs/geofence.md)")
        }
        let needsAccuracy = configuration.kind.needsAccuracy
        var previous = -Double.infinity
        for p in track {
            guard let t = p.timeSeconds else {
                throw InputError(
                    file: path, line: p.line, field: "<\(p.kind.rawValue)>",
                    problem: "has no <time>; a replay needs the time of every point")
            }
            guard t >= previous else {
                throw InputError(
                    file: path, line: p.line, field: "<time>",
                    problem: "goes backwards (\(p.timeText ?? "")) from the point before")
            }
            previous = t
            if needsAccuracy, p.horizontalAccuracyMeters == nil {
                throw InputError(
                    file: path, line: p.line, field: "<horizontalAccuracy>",
                    problem: "is missing; the \(configuration.kind.rawValue) check needs each point's "
                        + "accuracy (<extensions><horizontalAccuracy>metres</horizontalAccuracy>, or <hdop>)")
            }
        }
        var monitor: ProximityMonitor
        do {
            monitor = try ProximityMonitor(places: places, configuration: configuration)
        } catch {
            throw InputError(file: path, problem: "the proximity monitor refused its configuration: \(error)")
        }
        let t0 = first.timeSeconds ?? 0
        var events: [Event] = []
        var overlaps: [Overlap] = []
        var overlapStart: Double?
        var overlapEnd = 0.0
        var overlapFixes = 0
        var overlapPlaces = Set<Int>()
        var closest = Array(repeating: Double.infinity, count: places.count)
        var enters = Array(repeating: 0, count: places.count)
        var exits = enters
        var firstEnter: [Double?] = Array(repeating: nil, count: places.count)
        func closeOverlap() {
            if let start = overlapStart {
                overlaps.append(
                    Overlap(
                        startSeconds: start, endSeconds: overlapEnd, fixes: overlapFixes,
                        placeNames: overlapPlaces.sorted().map { places[$0].name }))
            }
            overlapStart = nil
            overlapFixes = 0
            overlapPlaces = []
        }
        for p in track {
            let t = (p.timeSeconds ?? t0) - t0
            let accuracy = p.horizontalAccuracyMeters ?? 0
            let fix = LocationFix(coordinate: p.coordinate, horizontalAccuracyMeters: accuracy, timestampSeconds: t)
            let accepted = monitor.counters.fixesAccepted
            let fired = monitor.consume(fix)
            guard monitor.counters.fixesAccepted > accepted else { continue }
            for (i, d) in monitor.lastDistancesMeters.enumerated() where d < closest[i] { closest[i] = d }
            let inside = monitor.insidePlaces
            for e in fired {
                let i = e.placeIndex
                if e.kind == .enter {
                    enters[i] += 1
                    if firstEnter[i] == nil { firstEnter[i] = t }
                } else {
                    exits[i] += 1
                }
                events.append(
                    Event(
                        kind: e.kind, placeName: places[i].name, timeSeconds: t,
                        timeText: p.timeText ?? "", distanceMeters: e.distanceMeters,
                        accuracyMeters: accuracy, line: p.line,
                        insideAfter: inside.map { places[$0].name }.joined(separator: "; ")))
            }
            if inside.count >= 2 {
                if overlapStart == nil { overlapStart = t }
                overlapEnd = t
                overlapFixes += 1
                overlapPlaces.formUnion(inside)
            } else {
                closeOverlap()
            }
        }
        closeOverlap()
        file = path
        self.placesSource = placesSource
        self.configuration = configuration
        fixCount = track.count
        durationSeconds = previous - t0
        self.events = events
        self.overlaps = overlaps
        self.places = places.indices.map {
            PlaceSummary(
                name: places[$0].name, enters: enters[$0], exits: exits[$0], closestMeters: closest[$0],
                firstEnterSeconds: firstEnter[$0])
        }
        counters = monitor.counters
        untimedPointsDropped = dropped
    }
}
