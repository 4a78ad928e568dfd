import DetectionCore
import FileFormats
import Foundation
import Reporting
import Studies

/// What a simulated criterion measures.
package enum GradingMetric: String, Sendable, CaseIterable {
    /// hall-visits: the share of visits in which a deliberate gesture collected the hall (the app's first collection
    /// of the visit fell within the matching window of a deliberate gesture while the check said in range).
    case collectRate = "collect-rate"
    /// hall-visits: the share of visits in which the app's first collection came without a deliberate gesture (a
    /// false alarm while the check said in range): a false collection.
    case falseCollectionRate = "false-collection-rate"
    /// hall-visits: the share of visits in which the app collected the hall at all, with or without a gesture.
    case anyCollectionRate = "any-collection-rate"
    /// shake or scribble timelines: true gestures detected ÷ true gestures.
    case recall
    /// shake or scribble timelines: detections outside every gesture an hour of everyday use.
    case falseAlarmsPerHour = "false-alarms-per-hour"
    /// shake or scribble timelines: detected gestures that fired exactly once ÷ detected gestures.
    case singleEventShare = "single-event-share"
    /// coordinates: the largest distance between a submitted hall and its reference position, metres.
    case worstCoordinateErrorMeters = "worst-coordinate-error-meters"

    /// Whether the metric is a proportion (shown as a percentage).
    var isProportion: Bool { self != .falseAlarmsPerHour && self != .worstCoordinateErrorMeters }

    /// Whether the metric is measured on hall visits.
    var isVisitMetric: Bool { self == .collectRate || self == .falseCollectionRate || self == .anyCollectionRate }

    /// The unit shown after a value.
    var unit: String {
        switch self {
        case .collectRate, .falseCollectionRate, .anyCollectionRate, .recall, .singleEventShare: return ""
        case .falseAlarmsPerHour: return "/h"
        case .worstCoordinateErrorMeters: return " m"
        }
    }
}

/// How a criterion's visits are pooled over the halls.
package enum PlaceAggregation: String, Sendable {
    /// Every visit to every hall counts alike.
    case pooled
    /// The hall with the lowest collect rate (the criterion asks about *each* hall).
    case worstPlace = "worst-place"
    /// The hall with the highest collect rate (the worst hall for a rate that should be low).
    case highestPlace = "highest-place"
}

/// A pass rule: the metric at least or at most a threshold.
package struct PassRule: Sendable, Equatable {
    package enum Direction: String, Sendable { case atLeast, atMost }
    package let direction: Direction
    package let threshold: Double

    package init(_ direction: Direction, _ threshold: Double) {
        self.direction = direction
        self.threshold = threshold
    }
}

/// Partial credit for a failed criterion: 0 points at `zeroAt`, all the points at `fullAt`, linear (or linear in
/// the logarithm) in between and clamped outside.
package struct PartialCredit: Sendable, Equatable {
    /// How the share grows between `zeroAt` and `fullAt`.
    package enum Scale: String, Sendable, CaseIterable {
        /// (value − zeroAt)/(fullAt − zeroAt).
        case linear
        /// (ln value − ln zeroAt)/(ln fullAt − ln zeroAt): each factor of ten is worth the same, so a rate of 1, 10,
        /// 100 and 1000 an hour earn different points (both ends > 0).
        case log
    }

    package let zeroAt: Double
    package let fullAt: Double
    package let scale: Scale

    package init(zeroAt: Double, fullAt: Double, scale: Scale = .linear) {
        self.zeroAt = zeroAt
        self.fullAt = fullAt
        self.scale = scale
    }

    /// The share of the points earned at `value`, clamped to [0, 1]: (value − zeroAt)/(fullAt − zeroAt), or on
    /// the log scale (ln value − ln zeroAt)/(ln fullAt − ln zeroAt), where a value ≤ 0 is below every positive end
    /// (full credit when fullAt < zeroAt, none otherwise).
    package func share(_ value: Double) -> Double {
        let s: Double
        switch scale {
        case .linear: s = (value - zeroAt) / (fullAt - zeroAt)
        case .log:
            guard value > 0 else { return fullAt < zeroAt ? 1 : 0 }
            s = (log(value) - log(zeroAt)) / (log(fullAt) - log(zeroAt))
        }
        return min(1, max(0, s))
    }
}

/// Which hall visits a visit metric counts.
package enum VisitSelection: String, Sendable, CaseIterable {
    /// Every visit.
    case all
    /// Only visits in which the team's detector fired on a deliberate gesture (anywhere, in range or not): a
    /// refusal means something only when the gesture was noticed, so a detector that never fires is not
    /// measurable rather than a perfect refuser.
    case gestureDetected = "gesture-detected"
}

/// How a borderline result (the 95% interval straddles the threshold) is scored.
package enum BorderlinePolicy: String, Sendable, CaseIterable {
    /// As a pass: all the points.
    case pass
    /// As a fail: the partial credit, if any.
    case fail
    /// Halfway between the pass and the fail score.
    case half
}

/// The gesture a team chose.
package enum GestureChoice: String, Sendable, CaseIterable {
    case shake
    case scribble
}

/// One line of the rubric.
package struct GradingCriterion: Sendable {
    /// Simulated or entered by staff.
    package enum Kind: Sendable {
        case simulated(SimulatedCriterion)
        case manual
    }

    package let id: String
    package let description: String
    package let points: Double
    package let kind: Kind

    package var isManual: Bool {
        if case .manual = kind { return true }
        return false
    }
}

/// A criterion judged by simulation.
package struct SimulatedCriterion: Sendable {
    /// Index into the rubric's suites.
    package var suiteIndex: Int
    package let metric: GradingMetric
    package let aggregation: PlaceAggregation
    /// Visit metrics: which visits count (every one, or those in which a deliberate gesture was detected).
    package var visits: VisitSelection = .all
    package let rule: PassRule
    package let partialCredit: PartialCredit?
    package let borderline: BorderlinePolicy
    /// The gesture the criterion applies to; nil: every team.
    package let gesture: GestureChoice?
}

/// A validated rubric: reference places, suites and criteria.
package struct Rubric: Sendable {
    package let name: String
    package let description: String
    package let file: String
    package let seed: UInt64
    /// The reference hall positions.
    package let places: [Place]
    package internal(set) var suites: [GradingSuite]
    package let criteria: [GradingCriterion]
    /// The run's stream secret, once mixed into every suite's seed (``mixingStreams(secret:)``); nil: the suites
    /// draw from the rubric's own seeds.
    package internal(set) var streamSecret: UInt64? = nil

    /// The ids of the manual criteria.
    package var manualIDs: [String] { criteria.filter(\.isManual).map(\.id) }

    // MARK: - Reading

    /// Reads and validates a rubric file.
    ///
    /// - Parameters:
    /// - Parameter path: the rubric file.
    /// - Throws: ``InputError`` naming the file, line and field.
    package static func load(path: String) throws(InputError) -> Rubric {
        let url = URL(fileURLWithPath: InputPaths.resolve(path))
        let node = try ScenarioFile.parseJSON(at: url, displayPath: path)
        let r = try JSONObjectReader(node, file: path, path: "")
        let folder = url.deletingLastPathComponent()
        let name = try GestureScenarioReader.name(r)
        let description = try r.optional("description")?.string() ?? ""
        let seed = try r.required("seed").unsigned64()
        let placeSet = try PlaceSet.read(try r.required("places"), folder: folder)
        let defaultBorderline =
            try r.optional("borderline")
            .map { f throws(InputError) in BorderlinePolicy(rawValue: try f.choice(BorderlinePolicy.allCases.map(\.rawValue))) ?? .half }
            ?? .half

        var suites: [GradingSuite] = []
        if let s = try r.optional("suites")?.object() {
            for key in s.keys {
                guard let f = s.optional(key) else { continue }
                suites.append(try GradingSuite.read(f, id: key, rubricSeed: seed, places: placeSet.places, folder: folder))
            }
        }
        let namedSuites = suites.count

        var criteria: [GradingCriterion] = []
        for element in try r.required("criteria").array(count: 1...200) {
            let o = try element.object()
            let idField = try o.required("id")
            let id = try idField.nonEmptyString(maximumLength: 60)
            guard id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw idField.error("is a CSV column name: letters, digits, '-' and '_' only")
            }
            if criteria.contains(where: { $0.id == id }) { throw idField.error("repeats the criterion id \"\(id)\"") }
            let text = try o.required("description").nonEmptyString(maximumLength: 500)
            let points = try o.required("points").positive(atMost: 1000)
            if let f = o.optional("manual"), try f.bool() {
                try o.finish()
                criteria.append(GradingCriterion(id: id, description: text, points: points, kind: .manual))
                continue
            }
            // The suite: a name from `suites`, a scenario path, or an inline object.
            let suiteField = try o.required("suite")
            let suiteIndex: Int
            if case .string(let key) = suiteField.node.value, let i = suites[..<namedSuites].firstIndex(where: { $0.id == key }) {
                suiteIndex = i
            } else if case .string(let key) = suiteField.node.value, !key.hasSuffix(".json") {
                throw suiteField.error(
                    "names no suite (known: \(suites[..<namedSuites].map(\.id).joined(separator: ", "))) "
                        + "and is not a .json scenario path")
            } else {
                suites.append(
                    try GradingSuite.read(
                        suiteField, id: id, rubricSeed: seed, places: placeSet.places,
                        folder: folder))
                suiteIndex = suites.count - 1
            }
            let suite = suites[suiteIndex]
            let metricField = try o.required("metric")
            let metric = GradingMetric(rawValue: try metricField.choice(GradingMetric.allCases.map(\.rawValue))) ?? .recall
            let allowed: [GradingMetric]
            switch suite.body {
            case .hallVisits: allowed = [.collectRate, .falseCollectionRate, .anyCollectionRate]
            case .shakeTimelines, .scribbleTimelines: allowed = [.recall, .falseAlarmsPerHour, .singleEventShare]
            case .coordinates: allowed = [.worstCoordinateErrorMeters]
            }
            guard allowed.contains(metric) else {
                throw metricField.error(
                    "is not measured by suite \"\(suite.id)\" (it measures: "
                        + allowed.map(\.rawValue).joined(separator: ", ") + ")")
            }
            var aggregation = PlaceAggregation.pooled
            if let f = o.optional("over") {
                guard metric.isVisitMetric else { throw f.error("applies to hall-visit metrics only") }
                aggregation = PlaceAggregation(rawValue: try f.choice(["pooled", "worst-place", "highest-place"])) ?? .pooled
            }
            var visits = VisitSelection.all
            if let f = o.optional("visits") {
                guard metric.isVisitMetric else { throw f.error("applies to hall-visit metrics only") }
                visits = VisitSelection(rawValue: try f.choice(VisitSelection.allCases.map(\.rawValue))) ?? .all
            }
            let atLeast = o.optional("atLeast")
            let atMost = o.optional("atMost")
            let rule: PassRule
            switch (atLeast, atMost) {
            case (let f?, nil): rule = PassRule(.atLeast, try f.double(in: -1e9...1e9))
            case (nil, let f?): rule = PassRule(.atMost, try f.double(in: -1e9...1e9))
            case (_?, let f?): throw f.error("give atLeast or atMost, not both")
            case (nil, nil):
                throw InputError(
                    file: o.file, line: o.line, field: "\(o.path).atLeast",
                    problem: "is required (or atMost): the pass rule")
            }
            var partial: PartialCredit?
            if let f = o.optional("partialCredit") {
                let p = try f.object()
                let zeroField = try p.required("zeroAt")
                let zero = try zeroField.double(in: -1e9...1e9)
                let full = try p.required("fullAt").double(in: -1e9...1e9)
                let scaleField = p.optional("scale")
                let scale =
                    try scaleField.map { f throws(InputError) in
                        PartialCredit.Scale(rawValue: try f.choice(PartialCredit.Scale.allCases.map(\.rawValue))) ?? .linear
                    } ?? .linear
                try p.finish()
                if scale == .log, let f = scaleField, zero <= 0 || full <= 0 {
                    throw f.error(
                        "\"log\" needs zeroAt and fullAt above 0, got \(Format.exact(zero)) and \(Format.exact(full))")
                }
                let increasing = rule.direction == .atLeast
                guard increasing ? zero < full : zero > full else {
                    throw zeroField.error(
                        "must be \(increasing ? "below" : "above") fullAt for an "
                            + "\(increasing ? "atLeast" : "atMost") rule, got \(Format.exact(zero)) "
                            + "and \(Format.exact(full))")
                }
                partial = PartialCredit(zeroAt: zero, fullAt: full, scale: scale)
            }
            let borderline =
                try o.optional("borderline")
                .map { f throws(InputError) in BorderlinePolicy(rawValue: try f.choice(BorderlinePolicy.allCases.map(\.rawValue))) ?? .half
                }
                ?? defaultBorderline
            var gesture = try o.optional("gesture").map { f throws(InputError) in
                GestureChoice(rawValue: try f.choice(GestureChoice.allCases.map(\.rawValue))) ?? .shake
            }
            if gesture == nil {
                if case .shakeTimelines = suite.body { gesture = .shake }
                if case .scribbleTimelines = suite.body { gesture = .scribble }
            }
            try o.finish()
            var simulated = SimulatedCriterion(
                suiteIndex: suiteIndex, metric: metric, aggregation: aggregation, rule: rule, partialCredit: partial,
                borderline: borderline, gesture: gesture)
            simulated.visits = visits
            criteria.append(GradingCriterion(id: id, description: text, points: points, kind: .simulated(simulated)))
        }
        try r.finish()
        // Keep only suites some criterion uses, so nothing is simulated for nothing.
        let used = Set(
            criteria.compactMap { c -> Int? in
                if case .simulated(let s) = c.kind { return s.suiteIndex }
                return nil
            })
        var remap: [Int: Int] = [:]
        var kept: [GradingSuite] = []
        for (i, s) in suites.enumerated() where used.contains(i) {
            remap[i] = kept.count
            kept.append(s)
        }
        criteria = criteria.map { c in
            guard case .simulated(var s) = c.kind else { return c }
            s.suiteIndex = remap[s.suiteIndex] ?? 0
            return GradingCriterion(id: c.id, description: c.description, points: c.points, kind: .simulated(s))
        }
        return Rubric(
            name: name, description: description, file: path, seed: seed, places: placeSet.places,
            suites: kept, criteria: criteria)
    }
}
