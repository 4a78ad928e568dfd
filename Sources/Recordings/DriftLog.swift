import FileFormats
import Foundation
import Reporting
import Studies

/// One walk from TurnBack's drift log: how long it lasted and how far the arrow had drifted.
package struct DriftLogEntry: Sendable, Equatable {
    /// 1-based position of the entry in the log's array.
    package let index: Int
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
    /// Total absolute rotation during the walk, Σ|ω|·Δt from the gyro the app reads, degrees (≥ 0), if logged.
    package let turnedDegrees: Double?
    /// Net rotation during the walk, Σω·Δt, degrees (signed, counter-clockwise positive), if logged.
    package let netTurnDegrees: Double?

    package init(
        index: Int, line: Int, id: String?, emoji: String?, name: String?, dateSecondsSince2001: Double?, minutes: Double,
        driftDegrees: Double, turnedDegrees: Double? = nil, netTurnDegrees: Double? = nil
    ) {
        self.index = index
        self.line = line
        self.id = id
        self.emoji = emoji
        self.name = name
        self.dateSecondsSince2001 = dateSecondsSince2001
        self.minutes = minutes
        self.driftDegrees = driftDegrees
        self.turnedDegrees = turnedDegrees
        self.netTurnDegrees = netTurnDegrees
    }
}

/// TurnBack's drift log: a JSON array of entries `{id, emoji, name, date, minutes, driftDegrees}`, and optionally
/// `turnedDegrees` and `netTurnDegrees`.
///
/// The app writes `JSONEncoder().encode([DriftEntry])`: one line, `id` a UUID string, `date` a `Date`, which Swift's
/// default `JSONEncoder` writes as a number of seconds since 2001-01-01 (its reference date); an ISO 8601 string
/// (`2025-03-01T17:20:00Z`, fractional seconds allowed) is accepted too. In a one-line file every message and
/// `walks.csv` name an entry by its position ("entry 3"), in a file of several lines by its line. With the turning
/// fields (the one-line change to `DriftEntry` in docs/recordings.md) `walks` can tell time from turning; a pair
/// that cannot be (|net| > total) is dropped with a note and the walk imported without it. An entry from an older or
/// newer app version still imports: an unknown field is ignored, a missing `id`, `emoji`, `name` or `date` is
/// tolerated; only an entry without a usable `minutes` (in (0, 1440]) or `driftDegrees` (|drift| ≤
/// ``maximumDriftDegrees``) is skipped. Everything
/// ignored or skipped is listed in ``notes`` and ``skipped`` with its place, for the report.
package struct DriftLog: Sendable {
    package let file: String
    package let entries: [DriftLogEntry]
    /// Entries that could not be used: where (the entry's index in a one-line log, else its line) and why.
    package let skipped: [(place: Int, reason: String)]
    /// Tolerated differences (unknown fields, missing optional fields, unreadable dates), one line each.
    package let notes: [String]
    /// Whether the whole array is on one line (as `JSONEncoder` writes it): entries are then named by index.
    package let isOneLine: Bool

    static let knownFields: Set<String> = [
        "id", "emoji", "name", "date", "minutes", "driftDegrees", "turnedDegrees", "netTurnDegrees",
    ]
    /// Fields a log from before the turning change lacks: their absence is not noted per entry.
    static let turningFields: Set<String> = ["turnedDegrees", "netTurnDegrees"]

    /// How a message names the entry at `index` (1-based) on `line`.
    package func place(index: Int, line: Int) -> String { isOneLine ? "entry \(index)" : "line \(line)" }

    /// How a message names `entry`.
    package func place(_ entry: DriftLogEntry) -> String { place(index: entry.index, line: entry.line) }

    /// Whether every usable entry carries its turning (both fields).
    package var hasTurns: Bool { entries.allSatisfy { $0.turnedDegrees != nil && $0.netTurnDegrees != nil } }

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
        // One line (JSONEncoder's output): every entry is on line 1, so entries are named by index.
        let isOneLine = items.allSatisfy { $0.line == node.line }
        func place(_ index: Int, _ line: Int) -> Int { isOneLine ? index : line }
        var entries: [DriftLogEntry] = []
        var skipped: [(place: Int, reason: String)] = []
        var unknown: [String: [Int]] = [:]
        var missing: [String: [Int]] = [:]
        var badDates: [Int] = []
        var badTurns: [Int] = []
        for (offset, item) in items.enumerated() {
            let at = place(offset + 1, item.line)
            guard case .object(let members) = item.value else {
                skipped.append((at, "not an object (\(item.value.typeName))"))
                continue
            }
            var fields: [String: JSONNode] = [:]
            for m in members {
                if knownFields.contains(m.key) { fields[m.key] = m.node } else { unknown[m.key, default: []].append(at) }
            }
            func text(_ key: String) -> String? {
                guard let n = fields[key] else { missing[key, default: []].append(at); return nil }
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
                if date == nil { badDates.append(place(offset + 1, n.line)) }
            } else {
                missing["date", default: []].append(at)
            }
            guard let minutes = number("minutes") else {
                skipped.append((at, fields["minutes"] == nil ? "no \"minutes\" field" : "\"minutes\" is not a number"))
                continue
            }
            guard minutes > 0, minutes <= DriftScenario.maximumMinutes else {
                skipped.append((at, "\"minutes\" is \(Format.exact(minutes)), outside (0, 1440]"))
                continue
            }
            guard let drift = number("driftDegrees") else {
                skipped.append(
                    (
                        at,
                        fields["driftDegrees"] == nil
                            ? "no \"driftDegrees\" field"
                            : "\"driftDegrees\" is not a number"
                    ))
                continue
            }
            guard drift.magnitude <= maximumDriftDegrees else {
                let limit = Format.exact(maximumDriftDegrees)
                skipped.append((at, "\"driftDegrees\" is \(Format.exact(drift)), outside [-\(limit), \(limit)]"))
                continue
            }
            // Turning: both or neither, total ≥ 0 and |net| ≤ total (|Σω·Δt| ≤ Σ|ω|·Δt for the same samples).
            var turned = number("turnedDegrees"), net = number("netTurnDegrees")
            if fields["turnedDegrees"] != nil || fields["netTurnDegrees"] != nil {
                let limit = maximumDriftDegrees * 100
                if let t = turned, let n = net, t >= 0, t <= limit, n.magnitude <= t * (1 + 1e-9) + 1e-9 {
                    // Both usable.
                } else {
                    badTurns.append(at)
                    turned = nil
                    net = nil
                }
            }
            entries.append(
                DriftLogEntry(
                    index: offset + 1, line: item.line, id: id, emoji: emoji, name: name,
                    dateSecondsSince2001: date, minutes: minutes, driftDegrees: drift, turnedDegrees: turned,
                    netTurnDegrees: net))
        }
        let noun = isOneLine ? "entry" : "line"
        func lines(_ l: [Int]) -> String {
            let shown = l.prefix(5).map(String.init).joined(separator: ", ")
            return "\(noun) " + (l.count > 5 ? "\(shown), … (\(l.count) entries)" : shown)
        }
        var notes: [String] = []
        for key in unknown.keys.sorted() {
            notes.append("ignored the unknown field \"\(key)\" (a newer app version?) at \(lines(unknown[key] ?? []))")
        }
        for key in missing.keys.sorted() where key != "minutes" && key != "driftDegrees" && !turningFields.contains(key) {
            notes.append("no \"\(key)\" field (an older app version?) at \(lines(missing[key] ?? [])); imported anyway")
        }
        if !badDates.isEmpty {
            notes.append(
                "unreadable \"date\" (neither seconds since 2001 nor ISO 8601) at \(lines(badDates)); imported without a date")
        }
        if !badTurns.isEmpty {
            notes.append(
                "unusable \"turnedDegrees\"/\"netTurnDegrees\" (need both, total ≥ 0, |net| ≤ total) at \(lines(badTurns)); "
                    + "imported without turning")
        }
        guard !entries.isEmpty else {
            let reason = skipped.first.map { "; \(noun) \($0.place): \($0.reason)" } ?? ""
            throw InputError(file: file, line: node.line, problem: "holds no usable walk (\(items.count) entries)\(reason)")
        }
        return DriftLog(file: file, entries: entries, skipped: skipped, notes: notes, isOneLine: isOneLine)
    }

    /// Seconds since 2001-01-01 UTC for an ISO 8601 date-time, with or without fractional seconds.
    static func iso8601(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        if let d = formatter.date(from: text) { return d.timeIntervalSinceReferenceDate }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)?.timeIntervalSinceReferenceDate
    }
}
