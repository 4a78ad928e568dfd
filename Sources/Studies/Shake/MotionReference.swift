import FileFormats
import Foundation
import Reporting
import SensorSim

/// Statistics of real everyday motion, derived from MotionSense by `sensorbench dev motion-check --write` and
/// committed (`Scenarios/reference/motion-reference.json`), so that a shake report can say, without the real data, on which
/// activities its simulated false-alarm rates do not match real ones.
///
/// Only derived statistics are held (no samples): per MotionSense activity, its file count and hours, the median and
/// 90th percentile of the per-second peaks of |a|, the upward crossings of 1 g a minute, and the firings of every
/// detector setting of the shipped shake scenarios (by ``MotionCheck/label(_:)``).
package struct MotionReference: Sendable, Equatable {
    /// One real activity.
    package struct Activity: Sendable, Equatable {
        /// MotionSense's trial prefix (`wlk`).
        package var code: String
        /// What reports call it ("walking (pocket)").
        package var name: String
        /// The library's activity that models it.
        package var simulated: MotionActivity
        package var files: Int
        package var hours: Double
        package var peakP50G: Double
        package var peakP90G: Double
        package var crossingsOf1GPerMinute: Double
        /// Firings of each setting over ``hours``, by setting label.
        package var firings: [(label: String, count: Int)]

        package static func == (l: Activity, r: Activity) -> Bool {
            l.code == r.code && l.name == r.name && l.simulated == r.simulated && l.files == r.files
                && l.hours == r.hours && l.peakP50G == r.peakP50G && l.peakP90G == r.peakP90G
                && l.crossingsOf1GPerMinute == r.crossingsOf1GPerMinute
                && l.firings.map(\.label) == r.firings.map(\.label) && l.firings.map(\.count) == r.firings.map(\.count)
        }

        /// The real false alarms an hour of the setting labelled `label`, or nil when the reference lacks it.
        package func falseAlarmsPerHour(_ label: String) -> Double? {
            firings.first { $0.label == label }.map { Double($0.count) / hours }
        }
    }

    /// The data set in words, with its source.
    package var dataSet: String
    /// The command that wrote the file.
    package var command: String
    package var activities: [Activity]

    package init(dataSet: String, command: String, activities: [Activity]) {
        self.dataSet = dataSet
        self.command = command
        self.activities = activities
    }

    /// The reference from motion-check's rows: the real side of each row, firings of `settings`.
    package static func from(_ rows: [MotionCheck.Row], settings: [String], command: String) -> MotionReference {
        MotionReference(
            dataSet: "MotionSense (Malekzadeh et al., IoTDI 2019; github.com/mmalekzadeh/motion-sense): an iPhone 6s "
                + "in the trouser front pocket, Core Motion userAcceleration at 50 Hz (with its gravity added back for "
                + "raw-magnitude settings), 12 subjects",
            command: command,
            activities: rows.map { r in
                Activity(
                    code: r.pair.code, name: r.pair.name, simulated: r.pair.simulated, files: r.real.recordings,
                    hours: r.real.hours, peakP50G: r.real.peakPercentile(50), peakP90G: r.real.peakPercentile(90),
                    crossingsOf1GPerMinute: r.real.crossingsPerMinute(1),
                    firings: zip(settings, r.real.firings).map { ($0, $1) })
            })
    }

    // MARK: - File

    /// The file's text: pretty JSON, fixed key order, numbers to six significant digits (hours exactly as samples
    /// over 180 000, which six digits hold to the second).
    package func json() -> String {
        func q(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func n(_ x: Double) -> String { Format.general(x, significantDigits: 6) }
        var lines = ["{", "  \"dataSet\": \(q(dataSet)),", "  \"command\": \(q(command)),", "  \"activities\": ["]
        for (i, a) in activities.enumerated() {
            lines.append("    {")
            lines.append("      \"code\": \(q(a.code)), \"name\": \(q(a.name)), \"simulatedAs\": \(q(a.simulated.rawValue)),")
            lines.append("      \"files\": \(a.files), \"hours\": \(n(a.hours)),")
            lines.append(
                "      \"peakP50G\": \(n(a.peakP50G)), \"peakP90G\": \(n(a.peakP90G)), "
                    + "\"crossingsOf1GPerMinute\": \(n(a.crossingsOf1GPerMinute)),")
            lines.append("      \"firings\": {")
            for (j, f) in a.firings.enumerated() {
                lines.append("        \(q(f.label)): \(f.count)" + (j + 1 < a.firings.count ? "," : ""))
            }
            lines.append("      }")
            lines.append("    }" + (i + 1 < activities.count ? "," : ""))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a reference file.
    ///
    /// - Parameters:
    ///   - url: where it is.
    ///   - shown: the path errors name.
    /// - Throws: ``InputError``: 66 for a missing file, 65 naming the field for a bad one.
    package static func read(_ url: URL, shown: String) throws(InputError) -> MotionReference {
        let node = try ScenarioFile.parseJSON(at: url, displayPath: shown)
        let r = try JSONObjectReader(node, file: shown, path: "")
        let dataSet = try r.required("dataSet").nonEmptyString(maximumLength: 1000)
        let command = try r.required("command").nonEmptyString(maximumLength: 1000)
        var activities: [Activity] = []
        for entry in try r.required("activities").array(count: 1...100) {
            let o = try entry.object()
            let simulatedField = try o.required("simulatedAs")
            let raw = try simulatedField.choice(MotionActivity.everyday.map(\.rawValue))
            let firingsReader = try o.required("firings").object()
            var firings: [(String, Int)] = []
            for key in firingsReader.keys {
                guard let f = firingsReader.optional(key) else { continue }
                firings.append((key, try f.integer(in: 0...100_000_000)))
            }
            try firingsReader.finish()
            activities.append(
                Activity(
                    code: try o.required("code").nonEmptyString(), name: try o.required("name").nonEmptyString(),
                    simulated: MotionActivity(rawValue: raw) ?? .still,
                    files: try o.required("files").integer(in: 1...100_000),
                    hours: try o.required("hours").positive(atMost: 1_000_000),
                    peakP50G: try o.required("peakP50G").nonNegative(atMost: 1000),
                    peakP90G: try o.required("peakP90G").nonNegative(atMost: 1000),
                    crossingsOf1GPerMinute: try o.required("crossingsOf1GPerMinute").nonNegative(atMost: 1_000_000),
                    firings: firings))
            try o.finish()
        }
        try r.finish()
        return MotionReference(dataSet: dataSet, command: command, activities: activities)
    }
}
