import DetectionCore
import FileFormats
import Foundation
import Reporting
import SensorSim

/// Parsing shared by the shake and scribble scenarios: name, motion ranges, matching, rule and sweep values.
package enum GestureScenarioReader {
    /// The report folder name: letters, digits, '-' and '_'.
    package static func name(_ r: JSONObjectReader) throws(InputError) -> String {
        let field = try r.required("name")
        let name = try field.nonEmptyString(maximumLength: 80)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw field.error("is used as a folder name: letters, digits, '-' and '_' only")
        }
        return name
    }

    /// A range: `[min, max]` or one number (a fixed value), each within `limits`, min ≤ max.
    static func range(_ f: JSONField, limits: ClosedRange<Double>) throws(InputError) -> UniformRange {
        if case .array = f.node.value {
            let e = try f.array(count: 2...2)
            let low = try e[0].double(in: limits)
            let high = try e[1].double(in: limits)
            guard low <= high else {
                throw f.error("must be [min, max] with min ≤ max, got [\(Format.exact(low)), \(Format.exact(high))]")
            }
            return UniformRange(low, high)
        }
        let value = try f.double(in: limits)
        return UniformRange(value, value)
    }

    /// `motion`: per activity, per parameter, a range (defaults for anything left out).
    static func ranges(_ m: JSONObjectReader) throws(InputError) -> MotionRanges {
        var ranges = MotionRanges()
        for key in m.keys {
            guard let activityField = m.optional(key) else { continue }
            guard let activity = MotionActivity(rawValue: key) else {
                throw activityField.error(
                    "unknown activity (known: "
                        + MotionActivity.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            let a = try activityField.object()
            for field in MotionRanges.fields where field.activity == activity {
                if let f = a.optional(field.name) { ranges[keyPath: field.keyPath] = try range(f, limits: field.limits) }
            }
            try a.finish()
        }
        return ranges
    }

    /// `gestures` (scribble scenarios): per touch-gesture kind, per parameter, a range (defaults for anything
    /// left out).
    static func touchRanges(_ g: JSONObjectReader) throws(InputError) -> TouchRanges {
        var ranges = TouchRanges()
        for key in g.keys {
            guard let kindField = g.optional(key) else { continue }
            guard let kind = TouchGestureKind(rawValue: key) else {
                throw kindField.error(
                    "is not a gesture (known: "
                        + TouchGestureKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            let k = try kindField.object()
            for field in TouchRanges.fields where field.kind == kind {
                if let f = k.optional(field.name) { ranges[keyPath: field.keyPath] = try range(f, limits: field.limits) }
            }
            try k.finish()
        }
        return ranges
    }

    /// `matching.toleranceBeforeSeconds` (default 0) and `matching.toleranceAfterSeconds` (default 0.5).
    package static func matching(_ r: JSONObjectReader) throws(InputError) -> (Double, Double) {
        var before = 0.0, after = 0.5
        if let m = try r.optional("matching")?.object() {
            if let f = m.optional("toleranceBeforeSeconds") { before = try f.nonNegative(atMost: 60) }
            if let f = m.optional("toleranceAfterSeconds") { after = try f.nonNegative(atMost: 60) }
            try m.finish()
        }
        return (before, after)
    }

    /// `recommend`: `rule` ("targets", "max-recall" or "best-f1"; default "max-recall"),
    /// `maxFalseAlarmsPerHour` (default 1), `falseAlarmBound` ("estimate" or "upper-95", default "estimate";
    /// max-recall only), `minRecall` (default 0.9) and `minSingleEventShare` (default 0.95; targets only).
    package static func rule(_ r: JSONObjectReader) throws(InputError) -> RecommendationRule {
        guard let o = try r.optional("recommend")?.object() else { return .default }
        let kind = try o.optional("rule")?.choice(["targets", "max-recall", "best-f1"]) ?? "max-recall"
        let limitField = o.optional("maxFalseAlarmsPerHour")
        let boundField = o.optional("falseAlarmBound")
        let recallField = o.optional("minRecall")
        let shareField = o.optional("minSingleEventShare")
        switch kind {
        case "best-f1":
            if let f = limitField ?? boundField ?? recallField ?? shareField {
                throw f.error("does not apply to the best-f1 rule")
            }
            try o.finish()
            return .bestF1
        case "targets":
            if let f = boundField {
                throw f.error("applies to the max-recall rule only (targets are judged on the 95% bounds)")
            }
            let limit = try limitField?.nonNegative(atMost: 1e6) ?? 1
            let recall = try recallField?.double(in: 0...1) ?? 0.9
            let share = try shareField?.double(in: 0...1) ?? 0.95
            try o.finish()
            return .targets(minRecall: recall, maxFalseAlarmsPerHour: limit, minSingleEventShare: share)
        default:
            if let f = recallField ?? shareField { throw f.error("applies to the targets rule only") }
            let limit = try limitField?.nonNegative(atMost: 1e6) ?? 1
            let bound = try boundField?.choice(["estimate", "upper-95"]) ?? "estimate"
            try o.finish()
            return .maxRecall(maxFalseAlarmsPerHour: limit, useUpperBound: bound == "upper-95")
        }
    }

    /// A sweep value: one number or a non-empty array of numbers without repeats; whole numbers when `integer`.
    static func values(_ f: JSONField, integer: Bool) throws(InputError) -> [(Double, JSONField)] {
        let fields: [JSONField]
        if case .array = f.node.value { fields = try f.array(count: 1...1000) } else { fields = [f] }
        var out: [(Double, JSONField)] = []
        for e in fields {
            let v = integer ? Double(try e.integer(in: -1_000_000_000...1_000_000_000)) : try e.double()
            guard v.isFinite else { throw e.error("must be a finite number") }
            out.append((v, e))
        }
        try f.refuseDuplicates(out.map(\.0), elements: out.map(\.1))
        return out
    }

    /// One setting of a sweep, built directly as the core's typed configuration: `preset` (the kind's documented
    /// defaults) with each axis's chosen value set on its declared key (a flag as true/false, a count as a whole
    /// number, a real as is); the core's first validation problem is refused on the line of the value that caused it.
    ///
    /// - Parameter defaultNote: appended when the problem lies in a key the entry does not set.
    static func setting<T: SweptConfiguration>(
        preset: T, axes: [(key: String, values: [(Double, JSONField)])], combination: [Int], entry: JSONField,
        defaultNote: String
    ) throws(InputError) -> T {
        var c = preset
        for (a, choice) in zip(axes, combination) {
            let v = a.values[choice].0
            switch preset[a.key] {
            case .flag?: c[a.key] = .flag(v != 0)
            case .count?: c[a.key] = .count(Int(v))
            case .real?, nil: c[a.key] = .real(v)
            }
        }
        if let problem = c.validationProblems().first {
            let index = axes.firstIndex { $0.key == problem.field }
            let field = index.map { axes[$0].values[combination[$0]].1 }
            let value = index.map { Format.exact(axes[$0].values[combination[$0]].0) }
            throw InputError(
                file: entry.file, line: field?.node.line ?? entry.node.line,
                field: field?.path ?? "\(entry.path).\(problem.field)",
                problem: problem.problem + (value.map { ", got \($0)" } ?? defaultNote))
        }
        return c
    }

    /// Every combination of choices, the last axis varying fastest.
    static func combinations(_ counts: [Int]) -> [[Int]] {
        var result: [[Int]] = [[]]
        for count in counts {
            result = result.flatMap { prefix in (0..<count).map { prefix + [$0] } }
        }
        return result
    }

    /// Activity weights (`{"walking": 3, …}`): every key an everyday activity, values ≥ 0, at least one above 0.
    package static func motionWeights(_ f: JSONField) throws(InputError) -> [MotionActivity: Double] {
        let w = try f.object()
        var weights: [MotionActivity: Double] = [:]
        for key in w.keys {
            guard let field = w.optional(key) else { continue }
            guard let activity = MotionActivity(rawValue: key), activity != .shake else {
                throw field.error(
                    "is not an everyday activity (known: "
                        + MotionActivity.everyday.map(\.rawValue).joined(separator: ", ") + ")")
            }
            weights[activity] = try field.nonNegative(atMost: 1e6)
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw f.error("must give at least one activity a weight above 0")
        }
        return weights
    }

    /// Touch gesture weights (`{"tap": 2, …}`): every key a gesture kind, values ≥ 0, at least one above 0.
    package static func touchWeights(_ f: JSONField) throws(InputError) -> [TouchGestureKind: Double] {
        let w = try f.object()
        var weights: [TouchGestureKind: Double] = [:]
        for key in w.keys {
            guard let field = w.optional(key) else { continue }
            guard let kind = TouchGestureKind(rawValue: key) else {
                throw field.error(
                    "is not a gesture (known: "
                        + TouchGestureKind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            weights[kind] = try field.nonNegative(atMost: 1e6)
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw f.error("must give at least one gesture a weight above 0")
        }
        return weights
    }
}

/// A detector configuration a sweep sets key by key (the shake and scribble configurations): values by their
/// declared key, and the core's validation.
package protocol SweptConfiguration {
    subscript(key: String) -> DetectorParameter.Value? { get set }
    func validationProblems() -> [(field: String, problem: String)]
}

extension ShakeDetectorConfiguration: SweptConfiguration {}
extension ScribbleDetectorConfiguration: SweptConfiguration {}
