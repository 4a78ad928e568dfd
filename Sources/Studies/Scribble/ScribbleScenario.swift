import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// A validated scribble study: touch timelines of everyday gestures with scribbles, and a sweep of
/// `ScribbleDetectorConfiguration`s.
package struct ScribbleScenario: Sendable {
    package let name: String
    package let description: String
    package let file: String
    package let seed: UInt64
    package let timelines: Int
    package let timeline: TouchTimelineParameters
    package let toleranceBeforeSeconds: Double
    package let toleranceAfterSeconds: Double
    package let configurations: [ScribbleDetectorConfiguration]
    package let rule: RecommendationRule

    /// The keys a sweep entry of `kind` may set, from its declaration (`ScribbleDetectorKind`): the flags it reads
    /// (`firesOncePerGesture`, swept as true/false), the counts, and every number.
    static func flagKeys(_ kind: ScribbleDetectorKind) -> [String] { kind.flagKeys.map(\.key) }
    static func integerKeys(_ kind: ScribbleDetectorKind) -> [String] { kind.sweepKeys.filter(\.isCount).map(\.key) }
    static func numericKeys(_ kind: ScribbleDetectorKind) -> [String] { kind.sweepKeys.map(\.key) }

    package static func parse(_ r: JSONObjectReader, file: String, overrides: RunOverrides) throws(InputError) -> ScribbleScenario {
        let name = try GestureScenarioReader.name(r)
        let description = try r.optional("description")?.string() ?? ""
        let fileSeed = try r.required("seed").unsigned64()
        let seed = overrides.seed ?? fileSeed
        let timelinesField = try r.required("timelines")
        let fileTimelines = try timelinesField.integer(in: 1...ShakeScenario.maximumTimelines)
        let timelines = overrides.trialsPerCell ?? fileTimelines
        var p = TouchTimelineParameters()
        if let t = try r.optional("timeline")?.object() {
            if let f = t.optional("minutes") { p.durationSeconds = try f.positive(atMost: 24 * 60) * 60 }
            if let f = t.optional("touchRateHz") { p.touchRateHz = try f.double(in: 10...1000) }
            if let f = t.optional("idleSeconds") { p.idleSeconds = try GestureScenarioReader.range(f, limits: 0.01...3600) }
            if let f = t.optional("weights") {
                p.weights = try GestureScenarioReader.touchWeights(f)
            }
            try t.finish()
        }
        if let g = try r.optional("gestures")?.object() {
            p.ranges = try GestureScenarioReader.touchRanges(g)
        }
        let (before, after) = try GestureScenarioReader.matching(r)
        let rule = try GestureScenarioReader.rule(r)
        var configurations: [ScribbleDetectorConfiguration] = []
        for entry in try r.required("sweep").array(count: 1...100) {
            let e = try entry.object()
            // No `kind` means the first registered kind (`scribble`), as every scribble file before the family did.
            let kindRaw =
                try e.optional("kind")?.choice(ScribbleDetectorKind.allCases.map(\.rawValue))
                ?? ScribbleDetectorKind.allCases[0].rawValue
            let kind = ScribbleDetectorKind(rawValue: kindRaw) ?? ScribbleDetectorKind.allCases[0]
            let flagKeys = Self.flagKeys(kind), numericKeys = Self.numericKeys(kind)
            var axes: [(key: String, values: [(Double, JSONField)])] = []
            for key in e.keys where key != "kind" {
                guard let field = e.optional(key) else { continue }
                if flagKeys.contains(key) {
                    let values: [JSONField]
                    if case .array = field.node.value { values = try field.array(count: 1...2) } else { values = [field] }
                    axes.append((key, try values.map { v throws(InputError) in (try v.bool() ? 1 : 0, v) }))
                    continue
                }
                guard numericKeys.contains(key) else {
                    throw field.error(
                        "unknown key (known keys: \((["kind"] + flagKeys + numericKeys).joined(separator: ", ")))")
                }
                axes.append((key, try GestureScenarioReader.values(field, integer: Self.integerKeys(kind).contains(key))))
            }
            try e.finish()
            guard configurations.count + axes.reduce(1, { $0 * $1.values.count }) <= ShakeScenario.maximumSettings else {
                throw entry.error("the sweep has more than \(ShakeScenario.maximumSettings) settings")
            }
            for combination in GestureScenarioReader.combinations(axes.map(\.values.count)) {
                let c = try GestureScenarioReader.setting(
                    preset: ScribbleDetectorConfiguration(kind: kind), axes: axes, combination: combination, entry: entry,
                    defaultNote: "")
                configurations.append(c)
            }
        }
        try r.finish()
        return ScribbleScenario(
            name: name, description: description, file: file, seed: seed, timelines: timelines,
            timeline: p, toleranceBeforeSeconds: before, toleranceAfterSeconds: after,
            configurations: configurations, rule: rule)
    }
}
