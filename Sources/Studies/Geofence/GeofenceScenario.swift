import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// One proximity check the study compares, with the label reports use.
package struct GeofenceCheck: Sendable, Equatable {
    /// Unique label ("naive", "consecutive-3", …).
    package let label: String
    /// The check as the app would configure it.
    package let configuration: ProximityCheckConfiguration
}

/// One cell of a geofence scenario's grid: which coordinates the app uses, the GPS environment, the true distance.
package struct GeofenceCell: Sendable, Equatable {
    package let index: Int
    /// The place-set variant the app's coordinates come from ("base" for the places as given).
    package let variant: String
    package let environment: GPSEnvironment
    /// d: true distance of the loiter point, closest approach, stop or tour pause from the (true) place, metres.
    package let distanceMeters: Double
    /// The places the app checks (the variant's coordinates).
    package let appPlaces: [Place]
}

/// A validated geofence study: simulated walks near places, noisy fixes, several proximity checks.
package struct GeofenceScenario: Sendable {
    package let name: String
    package let description: String
    package let file: String
    package let seed: UInt64
    package let trialsPerCell: Int
    package let placeSet: PlaceSet
    /// Index of the place the metrics are about (for a tour: the first stop).
    package let targetIndex: Int
    /// For a tour: the places visited, in order (indices into the places); otherwise `[targetIndex]`.
    package let stops: [Int]
    /// The game's rule: a place may be collected when the walker is truly within this distance, metres.
    package let ruleRadiusMeters: Double
    /// An enter counts as a wrong collection (`false_enters`, the tour's early collections) only when the walker is
    /// truly at least `ruleRadiusMeters + toleranceMeters` away, so a fix a few metres early on the way in is not one.
    package let toleranceMeters: Double
    /// A visit inside the rule radius counts as missed unless a check enters within this time, seconds.
    package let timeLimitSeconds: Double
    package let movement: MovementParameters
    package let checks: [GeofenceCheck]
    package let cells: [GeofenceCell]
    /// Fresh days the recommendation is confirmed on (`confirm.days`; 0: not confirmed).
    package let confirmationDays: Int

    package var totalTrials: Int { cells.count * trialsPerCell }
    package var isTour: Bool { movement.kind == .tour }
    /// The places the metrics report on: the target, or every stop of a tour.
    package var placesOfInterest: [Int] { isTour ? stops : [targetIndex] }

    // MARK: - Limits

    package static let maximumTotalTrials = ScenarioLimits.maximumTotalTrials
    package static let maximumCells = 100_000
    /// Fixes × places × checks in one scenario (each a geodesic distance): 10¹² is days of computing.
    package static let maximumTotalWork = 1e12

    // MARK: - Parsing

    static func parse(_ r: JSONObjectReader, file: String, folder: URL, overrides: RunOverrides) throws(InputError) -> GeofenceScenario {
        let name = try r.required("name").nonEmptyString(maximumLength: 80)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw try r.required("name").error("is used as a folder name: letters, digits, '-' and '_' only")
        }
        let description = try r.optional("description")?.string() ?? ""
        let fileSeed = try r.required("seed").unsigned64()
        let seed = overrides.seed ?? fileSeed
        let trialsField = try r.required("trialsPerCell")
        let fileTrials = try trialsField.integer(in: 1...maximumTotalTrials)
        let trials = overrides.trialsPerCell ?? fileTrials
        let placeSet = try PlaceSet.read(try r.required("places"), folder: folder)
        let names = placeSet.places.map(\.name)
        var targetIndex = 0
        if let f = r.optional("target") {
            let target = try f.choice(names)
            targetIndex = names.firstIndex(of: target) ?? 0
        }
        // The game's rule radius: the check key's own declaration (range and default, 50 m).
        let rule = try r.optional("radiusMeters")?.value(of: .radiusMeters).number ?? DetectorParameter.radiusMeters.standardDefault.number
        let timeLimit = try r.optional("timeLimitSeconds")?.positive(atMost: 86_400) ?? 60
        let tolerance = try r.optional("toleranceMeters")?.nonNegative(atMost: 10_000) ?? 10

        let m = try r.required("movement").object()
        let kindRaw = try m.required("kind").choice(MovementKind.allCases.map(\.rawValue))
        var movement = MovementParameters(kind: MovementKind(rawValue: kindRaw) ?? .loiter)
        if movement.kind == .tour || movement.kind == .passBy || movement.kind == .path { movement.wanderMeters = 0 }
        if let f = m.optional("minutes") { movement.minutes = try f.positive(atMost: 1440) }
        if let f = m.optional("speedMetersPerSecond") { movement.speedMetersPerSecond = try f.positive(atMost: 50) }
        if let f = m.optional("wanderMeters") { movement.wanderMeters = try f.nonNegative(atMost: 100) }
        if let f = m.optional("wanderCorrelationSeconds") { movement.wanderCorrelationSeconds = try f.positive(atMost: 3600) }
        if let f = m.optional("passHalfLengthMeters") { movement.passHalfLengthMeters = try f.positive(atMost: 10_000) }
        let approachField = m.optional("approachFromMeters")
        if let f = approachField { movement.approachFromMeters = try f.positive(atMost: 10_000) }
        if let f = m.optional("pauseSeconds") { movement.pauseSeconds = try f.nonNegative(atMost: 86_400) }
        var stops = [targetIndex]
        if movement.kind == .tour {
            stops = Array(placeSet.places.indices)
            if let f = m.optional("stops") {
                stops = try f.array(count: 1...10_000).map { e throws(InputError) in names.firstIndex(of: try e.choice(names)) ?? 0 }
            }
        }
        let gpxField = m.optional("gpx")
        if movement.kind == .path {
            guard let f = gpxField else {
                throw InputError(
                    file: file, line: m.line, field: "movement.gpx",
                    problem:
                        "is required for a path movement (a GPX file, or a location log: Sensor Logger Location.csv, phyphox Location export)"
                )
            }
            let gpxPath = try f.nonEmptyString(maximumLength: 4096)
            let lookup = ReferenceSearchPath.resolve(gpxPath, beside: folder)
            guard let url = lookup.found else {
                throw InputError(
                    .missingFile, file: f.file, line: f.node.line, field: f.path,
                    problem: "no GPX file \"\(gpxPath)\" (looked for \(lookup.lookedIn))")
            }
            let plane = LocalTangentPlane(origin: placeSet.places[targetIndex].coordinate)
            let speed = movement.speedMetersPerSecond
            movement.plannedPath = try ReferenceSearchPath.reading(referredToBy: f, as: "GPX walk") { () throws(InputError) in
                try GPXWalk.plannedPath(try GPXWalk.read(path: url.path), plane: plane, speedMetersPerSecond: speed, file: url.path)
            }
        } else if let f = gpxField {
            throw f.error("applies to the path movement only")
        }
        try m.finish()

        let checks = try readChecks(r.optional("checks"), ruleRadius: rule)
        let confirmField = r.optional("confirm")

        // A tour or a path has a default for every grid key it may take, so it may leave "grid" out.
        let gridOptional = movement.kind == .tour || movement.kind == .path
        let grid =
            try
            (gridOptional
            ? r.optional("grid") ?? JSONField(node: JSONNode(value: .object([]), line: r.line), file: file, path: "grid")
            : r.required("grid")).object()
        var distances = [0.0]
        let distanceField = grid.optional("distanceMeters")
        if movement.kind == .path, let f = distanceField {
            throw f.error("a path movement walks the GPX file's points as they are; it takes no distances")
        }
        if let f = distanceField {
            distances = try f.array(count: 1...1000).map { e throws(InputError) in try e.nonNegative(atMost: 5000) }
            try f.refuseDuplicates(distances)
        } else if movement.kind != .tour && movement.kind != .path {
            throw InputError(file: file, line: grid.line, field: "grid.distanceMeters", problem: "is required (true distances, metres)")
        }
        var environments = [GPSEnvironment.campus]
        if let f = grid.optional("environment") {
            environments = try f.array(count: 1...100).map { e throws(InputError) in try readEnvironment(e) }
            // Chart files are named by the environment's slug (lower case, other characters as '-').
            var seen: [String: String] = [:]
            for (i, e) in environments.enumerated() {
                let slug = GeofenceReport.slug(e.name)
                if let other = seen[slug] {
                    let problem =
                        other == e.name
                        ? "repeats the environment \"\(e.name)\""
                        : "environments \"\(other)\" and \"\(e.name)\" would share the chart files named \"…-\(slug).svg\"; rename one"
                    throw InputError(file: file, line: f.node.line, field: "\(f.path)[\(i)]", problem: problem)
                }
                seen[slug] = e.name
            }
        }
        var variants = [PlaceSet.baseVariant]
        if let f = grid.optional("variant") {
            let options = [PlaceSet.baseVariant] + placeSet.variants.keys.sorted()
            variants = try f.array(count: 1...100).map { e throws(InputError) in try e.choice(options) }
            if Set(variants).count != variants.count { throw f.error("repeats a variant") }
        }
        try GeofenceScenario.refuseChartNameCollisions(variants: variants, environments: environments.map(\.name), grid: grid)
        try grid.finish()
        try r.finish()

        if movement.kind == .approach, let tooFar = distances.firstIndex(where: { $0 >= movement.approachFromMeters }) {
            throw InputError(
                file: file, line: distanceField?.node.line ?? grid.line, field: "grid.distanceMeters[\(tooFar)]",
                problem:
                    "an approach must stop closer than movement.approachFromMeters (\(Format.exact(movement.approachFromMeters)) m), got \(Format.exact(distances[tooFar]))"
            )
        }
        let cellCount = variants.count * environments.count * distances.count
        guard cellCount <= maximumCells else {
            throw InputError(file: file, line: grid.line, field: "grid", problem: "has \(cellCount) cells, at most \(maximumCells) allowed")
        }
        var cells: [GeofenceCell] = []
        var work = 0.0
        for variant in variants {
            let app = placeSet.places(variant: variant) ?? placeSet.places
            for env in environments {
                for d in distances {
                    let cell = GeofenceCell(index: cells.count, variant: variant, environment: env, distanceMeters: d, appPlaces: app)
                    work +=
                        estimatedDurationSeconds(movement, d: d, placeSet: placeSet, stops: stops) / env.fixIntervalSeconds
                        * Double(app.count * (checks.count + 1) * trials)
                    cells.append(cell)
                }
            }
        }
        try ScenarioLimits.checkTotalTrials(cells: cells.count, trialsPerCell: trials, field: trialsField)
        let confirmationDays = try readConfirmationDays(confirmField, totalTrials: cells.count * trials)
        guard work <= maximumTotalWork else {
            throw InputError(
                file: file, line: trialsField.node.line, field: "trialsPerCell",
                problem: "the scenario would compute \(String(format: "%.2g", work)) fix-to-place distances, at most 1e12 allowed")
        }
        return GeofenceScenario(
            name: name, description: description, file: file, seed: seed, trialsPerCell: trials,
            placeSet: placeSet, targetIndex: targetIndex, stops: stops, ruleRadiusMeters: rule,
            toleranceMeters: tolerance, timeLimitSeconds: timeLimit, movement: movement, checks: checks, cells: cells,
            confirmationDays: confirmationDays)
    }

    /// `confirm.days`: fresh days the recommendation is confirmed on, 0…1000 (default
    /// ``GeofenceConfirmation/days``), and at most ``GeofenceConfirmation/maximumFreshTrials`` fresh visits in all
    /// (day k's visits are numbered from k·totalTrials on, inside the confirmation's own stream).
    ///
    /// - Throws: ``InputError`` naming `confirm.days` (or an unknown key of `confirm`).
    static func readConfirmationDays(_ field: JSONField?, totalTrials: Int) throws(InputError) -> Int {
        guard let o = try field?.object() else { return GeofenceConfirmation.days }
        var days = GeofenceConfirmation.days
        if let f = o.optional("days") {
            days = try f.integer(in: 0...1000)
            guard Double(days) * Double(totalTrials) <= Double(GeofenceConfirmation.maximumFreshTrials) else {
                throw f.error(
                    "\(days) days of \(totalTrials) visits is more than 2²⁹ = \(GeofenceConfirmation.maximumFreshTrials) fresh visits")
            }
        }
        try o.finish()
        return days
    }

    /// Rough walk duration for the size limit (a tour's legs as straight lines).
    static func estimatedDurationSeconds(_ m: MovementParameters, d: Double, placeSet: PlaceSet, stops: [Int]) -> Double {
        switch m.kind {
        case .loiter: return m.minutes * 60
        case .passBy: return 2 * m.passHalfLengthMeters / m.speedMetersPerSecond
        case .approach: return m.minutes * 60 + m.approachFromMeters / m.speedMetersPerSecond
        case .tour:
            var length = 0.0
            for (a, b) in zip(stops, stops.dropFirst()) {
                length += Geodesic.distanceMeters(placeSet.places[a].coordinate, placeSet.places[b].coordinate) + 2 * d
            }
            return length / m.speedMetersPerSecond + Double(stops.count) * m.pauseSeconds
        case .path: return m.plannedPath?.durationSeconds ?? 0
        }
    }

    /// The checks; by default one of each kind with its documented defaults and the rule radius. Each check reads
    /// the keys its kind declares (`ProximityCheckKind.parameters`), within their declared ranges; a key of the
    /// vocabulary its kind does not read is refused.
    static func readChecks(_ field: JSONField?, ruleRadius: Double) throws(InputError) -> [GeofenceCheck] {
        guard let field else {
            return ProximityCheckKind.allCases.map {
                GeofenceCheck(label: $0.rawValue, configuration: ProximityCheckConfiguration(kind: $0, radiusMeters: ruleRadius))
            }
        }
        var checks: [GeofenceCheck] = []
        for element in try field.array(count: 1...20) {
            let o = try element.object()
            let kindRaw = try o.required("kind").choice(ProximityCheckKind.allCases.map(\.rawValue))
            let kind = ProximityCheckKind(rawValue: kindRaw) ?? .naive
            var c = ProximityCheckConfiguration(kind: kind, radiusMeters: ruleRadius)
            let label = try o.optional("label")?.nonEmptyString(maximumLength: 40) ?? kindRaw
            for key in o.keys {
                if ProximityCheckKind.allCases.contains(where: { $0.vocabulary.contains { $0.key == key } }),
                    kind.parameter(key) == nil,
                    let f = o.optional(key)
                {
                    throw f.error(
                        "is not read by \(kindRaw) (it reads: \(kind.parameters.map(\.key).joined(separator: ", ")))")
                }
            }
            for p in kind.parameters {
                if let f = o.optional(p.key) { c[p.key] = try f.value(of: p) }
            }
            try o.finish()
            if let problem = c.validationProblems().first {
                throw InputError(
                    file: element.file, line: element.node.line, field: "\(element.path).\(problem.field)", problem: problem.problem)
            }
            if checks.contains(where: { $0.label == label }) {
                throw InputError(
                    file: element.file, line: element.node.line, field: "\(element.path).label",
                    problem: "\"\(label)\" is already used; give each check a distinct label")
            }
            checks.append(GeofenceCheck(label: label, configuration: c))
        }
        return checks
    }

    /// A preset name, or an object `{"name", "base"?, field overrides…}`.
    package static func readEnvironment(_ field: JSONField) throws(InputError) -> GPSEnvironment {
        let presetNames = GPSEnvironment.presets.map(\.name)
        if case .string = field.node.value {
            let name = try field.choice(presetNames)
            return GPSEnvironment.preset(named: name) ?? .campus
        }
        let o = try field.object()
        let name = try o.required("name").nonEmptyString(maximumLength: 40)
        var env: GPSEnvironment
        if let f = o.optional("base") {
            env = GPSEnvironment.preset(named: try f.choice(presetNames)) ?? .campus
        } else {
            env = GPSEnvironment(
                name: name, sigmaMeters: try o.required("sigmaMeters").double(),
                correlationTimeSeconds: try o.required("correlationTimeSeconds").double())
        }
        env.name = name
        let numeric: [(String, WritableKeyPath<GPSEnvironment, Double>)] = [
            ("sigmaMeters", \.sigmaMeters), ("correlationTimeSeconds", \.correlationTimeSeconds),
            ("fixIntervalSeconds", \.fixIntervalSeconds), ("accuracyConfidenceFactor", \.accuracyConfidenceFactor),
            ("accuracyJitterLog", \.accuracyJitterLog), ("outlierRatePerHour", \.outlierRatePerHour),
            ("outlierMeanMagnitudeMeters", \.outlierMeanMagnitudeMeters),
            ("outlierMeanDurationSeconds", \.outlierMeanDurationSeconds),
            ("outlierAccuracyAwareness", \.outlierAccuracyAwareness), ("dropoutRatePerHour", \.dropoutRatePerHour),
            ("dropoutMeanDurationSeconds", \.dropoutMeanDurationSeconds),
        ]
        var lines: [String: Int] = [:]
        for (key, path) in numeric {
            if let f = o.optional(key) {
                env[keyPath: path] = try f.double()
                lines[key] = f.node.line
            }
        }
        try o.finish()
        if let problem = env.validationProblems().first {
            throw InputError(
                file: field.file, line: lines[problem.field] ?? field.node.line, field: "\(field.path).\(problem.field)",
                problem:
                    "\(problem.problem), got \(Format.exact(env[keyPath: numeric.first { $0.0 == problem.field }?.1 ?? \.sigmaMeters]))")
        }
        return env
    }
}

extension GeofenceScenario {
    /// Refuses a grid whose (variant, environment) pairs would share a chart file: the charts are named
    /// `…-<variant slug>-<environment slug>.svg` (the variant part only with several variants), and slugs can
    /// contain '-', so "a" + "b-c" and "a-b" + "c" would meet.
    static func refuseChartNameCollisions(variants: [String], environments: [String], grid: JSONObjectReader) throws(InputError) {
        var seen: [String: String] = [:]
        for v in variants {
            for e in environments {
                let suffix = (variants.count > 1 ? "-\(GeofenceReport.slug(v))" : "") + "-\(GeofenceReport.slug(e))"
                let pair = "variant \"\(v)\" with environment \"\(e)\""
                if let other = seen[suffix] {
                    throw InputError(
                        file: grid.file, line: grid.line, field: "grid",
                        problem: "\(other) and \(pair) would share the chart files named \"…\(suffix).svg\"; rename one")
                }
                seen[suffix] = pair
            }
        }
    }
}
