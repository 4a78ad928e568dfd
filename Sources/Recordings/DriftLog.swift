import FileFormats
import Foundation
import Reporting
import Studies

/// One walk from TurnBack's drift log: how long it lasted and how far the arrow had drifted.
package struct DriftLogEntry: Sendable, Equatable {
    /// 1-based line of the entry's opening brace.
    package let line: Int
    package let id: String?
    package let emoji: String?
    package let name: String?
    /// The walk's date as seconds since 2001-01-01 00:00:00 UTC (Foundation's reference date), if readable.
    package let dateSecondsSince2001: Double?
    /// Walk duration, minutes (> 0).
    package let minutes: Double
    /// Measured heading drift at the end of the walk, degrees (signed, as the app logged it).
    package let driftDegrees: Double
}

/// TurnBack's drift log: a JSON array of entries `{id, emoji, name, date, minutes, driftDegrees}`.
///
/// Swift's default `JSONEncoder` writes `Date` as a number of seconds since 2001-01-01 (its reference date); an
/// ISO 8601 string (`2025-03-01T17:20:00Z`, fractional seconds allowed) is accepted too. An entry from an older or
/// newer app version still imports: an unknown field is ignored, a missing `id`, `emoji`, `name` or `date` is
/// tolerated; only an entry without a usable `minutes` (in (0, 1440]) or `driftDegrees` (|drift| ≤
/// ``maximumDriftDegrees``) is skipped. Everything
/// ignored or skipped is listed in ``notes`` and ``skipped`` with its line, for the report.
package struct DriftLog: Sendable {
    package let file: String
    package let entries: [DriftLogEntry]
    /// Entries that could not be used: line and reason.
    package let skipped: [(line: Int, reason: String)]
    /// Tolerated differences (unknown fields, missing optional fields, unreadable dates), one line each.
    package let notes: [String]

    static let knownFields: Set<String> = ["id", "emoji", "name", "date", "minutes", "driftDegrees"]

    /// Largest |driftDegrees| read: 360 000°, a thousand full turns, far beyond any arrow's drift in a day's walk
    /// and small enough that sums, squares and chart axes of the drifts stay finite (a drift of ±1e308 used to end
    /// `walks` with exit 1 when the chart's axis overflowed).
    package static let maximumDriftDegrees = 360_000.0

    /// Reads and checks a drift log.
    ///
    /// - Throws: ``InputError``: a missing file (66), invalid JSON, a top level that is not an array, or no usable
    ///   entry at all (65).
    package static func load(path: String) throws(InputError) -> DriftLog {
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        return try parse(node, file: path)
    }

    static func parse(_ node: JSONNode, file: String) throws(InputError) -> DriftLog {
        guard case .array(let items) = node.value else {
            throw InputError(file: file, line: node.line, problem: "must be a JSON array of walks, got \(node.value.typeName)")
        }
        var entries: [DriftLogEntry] = []
        var skipped: [(line: Int, reason: String)] = []
        var unknown: [String: [Int]] = [:]
        var missing: [String: [Int]] = [:]
        var badDates: [Int] = []
        for item in items {
            guard case .object(let members) = item.value else {
                skipped.append((item.line, "not an object (\(item.value.typeName))"))
                continue
            }
            var fields: [String: JSONNode] = [:]
            for m in members {
                if knownFields.contains(m.key) { fields[m.key] = m.node } else { unknown[m.key, default: []].append(item.line) }
            }
            func text(_ key: String) -> String? {
                guard let n = fields[key] else { missing[key, default: []].append(item.line); return nil }
                if case .string(let s) = n.value { return s }
                return nil
            }
            func number(_ key: String) -> Double? {
                guard let n = fields[key], case .number(let x, _) = n.value, x.isFinite else { return nil }
                return x
            }
            let id = text("id"), emoji = text("emoji"), name = text("name")
            var date: Double?
            if let n = fields["date"] {
                switch n.value {
                case .number(let x, _): date = x
                case .string(let s): date = iso8601(s)
                default: date = nil
                }
                if date == nil { badDates.append(n.line) }
            } else {
                missing["date", default: []].append(item.line)
            }
            guard let minutes = number("minutes") else {
                skipped.append((item.line, fields["minutes"] == nil ? "no \"minutes\" field" : "\"minutes\" is not a number"))
                continue
            }
            guard minutes > 0, minutes <= DriftScenario.maximumMinutes else {
                skipped.append((item.line, "\"minutes\" is \(Format.exact(minutes)), outside (0, 1440]"))
                continue
            }
            guard let drift = number("driftDegrees") else {
                skipped.append(
                    (
                        item.line,
                        fields["driftDegrees"] == nil
                            ? "no \"driftDegrees\" field"
                            : "\"driftDegrees\" is not a number"
                    ))
                continue
            }
            guard drift.magnitude <= maximumDriftDegrees else {
                let limit = Format.exact(maximumDriftDegrees)
                skipped.append((item.line, "\"driftDegrees\" is \(Format.exact(drift)), outside [-\(limit), \(limit)]"))
                continue
            }
            entries.append(
                DriftLogEntry(
                    line: item.line, id: id, emoji: emoji, name: name,
                    dateSecondsSince2001: date, minutes: minutes, driftDegrees: drift))
        }
        func lines(_ l: [Int]) -> String {
            let shown = l.prefix(5).map(String.init).joined(separator: ", ")
            return l.count > 5 ? "\(shown), … (\(l.count) entries)" : shown
        }
        var notes: [String] = []
        for key in unknown.keys.sorted() {
            notes.append("ignored the unknown field \"\(key)\" (a newer app version?) at line \(lines(unknown[key] ?? []))")
        }
        for key in missing.keys.sorted() where key != "minutes" && key != "driftDegrees" {
            notes.append("no \"\(key)\" field (an older app version?) at line \(lines(missing[key] ?? [])); imported anyway")
        }
        if !badDates.isEmpty {
            notes.append(
                "unreadable \"date\" (neither seconds since 2001 nor ISO 8601) at line \(lines(badDates)); imported without a date")
        }
        guard !entries.isEmpty else {
            let reason = skipped.first.map { "; line \($0.line): \($0.reason)" } ?? ""
            throw InputError(file: file, line: node.line, problem: "holds no usable walk (\(items.count) entries)\(reason)")
        }
        return DriftLog(file: file, entries: entries, skipped: skipped, notes: notes)
    }

    /// Seconds since 2001-01-01 UTC for an ISO 8601 date-time, with or without fractional seconds.
    static func iso8601(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        if let d = formatter.date(from: text) { return d.timeIntervalSinceReferenceDate }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSinceReferenceDate
    }
}
