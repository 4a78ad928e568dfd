import Foundation

/// One labelled stretch of a recording, seconds in the recording's own time base.
package struct RecordingLabel: Sendable, Equatable {
    package let startSeconds: Double
    package let endSeconds: Double
    /// The label's text as written (trimmed).
    package let text: String
    /// The line of the labels file it came from (the start annotation's, for Sensor Logger).
    package let line: Int

    package init(startSeconds: Double, endSeconds: Double, text: String, line: Int) {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.text = text
        self.line = line
    }
}

/// The labels of a recording: a plain labels CSV or Sensor Logger's annotations.
///
/// Two layouts are read:
/// - a **plain labels CSV**: a header naming `start`, `end` and `label` (any order; `start_s` and `end_s` also
///   accepted), then one line per stretch, times in seconds in the recording's own time base (Sensor Logger's
///   `seconds_elapsed`, else the recording's time column);
/// - **Sensor Logger's `Annotation.csv`** (`time,seconds_elapsed,text,millisecond_press_duration`, `time` in ns
///   since the epoch), or the `"sensor": "Annotation"` entries of its JSON export. An annotation is one instant (a
///   tap on the pencil), so annotations pair up by text: the first, third, … annotation with a text open a stretch
///   and the second, fourth, … close it, at their `seconds_elapsed`. Tap "shake" before shaking and "shake" again
///   after.
///
/// Every stretch must end after it starts, and stretches must not overlap (one label at a time). Problems are one
/// ``InputError`` naming the file, the line and the field (exit 65); a missing file is exit 66.
package struct RecordingLabels: Sendable, Equatable {
    package enum Layout: String, Sendable, Equatable {
        case plain = "labels CSV"
        case sensorLoggerAnnotations = "Sensor Logger annotations"
    }

    /// The file as shown in messages (`export.json:Annotation` for a JSON export's entries).
    package let file: String
    package let layout: Layout
    /// The stretches in time order.
    package let labels: [RecordingLabel]

    package init(file: String, layout: Layout, labels: [RecordingLabel]) {
        self.file = file
        self.layout = layout
        self.labels = labels
    }

    /// The largest labels file read, bytes.
    static let maximumBytes = 16 << 20

    // MARK: - Reading

    /// Reads a labels file given by the user (`--labels`): a plain labels CSV or a Sensor Logger Annotation.csv,
    /// told apart by the header.
    ///
    /// - Throws: ``InputError``: 66 for a missing file; 65 for a bad one, or one without any label.
    package static func read(path: String) throws(InputError) -> RecordingLabels {
        let bytes = try InputFile.read(path, shown: path, limit: maximumBytes, what: "labels files")
        let labels = try parse(String(decoding: bytes, as: UTF8.self), file: path)
        guard !labels.labels.isEmpty else { throw InputError(file: path, problem: "holds no labels") }
        return labels
    }

    /// The labels that came with a recording, if any: for a Sensor Logger file, `Annotation.csv` in the same folder
    /// or the same zip, or the `Annotation` entries of a JSON export; for any other recording `NAME.labels.csv`
    /// beside `NAME.csv` (or `NAME.zip`). An empty Annotation.csv (Sensor Logger writes one when nothing was
    /// annotated) counts as none.
    ///
    /// - Returns: the labels, or nil when the recording has none.
    /// - Throws: ``InputError`` for a labels file that is there but bad.
    package static func beside(recording path: String) throws(InputError) -> RecordingLabels? {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension.lowercased()
        if ext == "json" { return try fromSensorLoggerJSON(path: path) }
        if ext == "zip" || ZipArchive.looksLikeZip(path: path) {
            let archive = try ZipArchive(path: path)
            if let entry = archive.entries.first(where: {
                ($0.name.split(separator: "/").last.map(String.init) ?? $0.name) == "Annotation.csv"
            }) {
                let text = String(decoding: try archive.extract(entry), as: UTF8.self)
                return nonEmpty(try parse(text, file: "\(path):\(entry.name)"))
            }
        }
        let folder = url.deletingLastPathComponent()
        var candidates = [folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".labels.csv")]
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Metadata.csv").path)
            || sensorLoggerFileNames.contains(url.lastPathComponent)
        {
            candidates.append(folder.appendingPathComponent("Annotation.csv"))
        }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) {
            let shown = candidate.relativePath
            let bytes = try InputFile.read(shown, shown: shown, limit: maximumBytes, what: "labels files")
            return nonEmpty(try parse(String(decoding: bytes, as: UTF8.self), file: shown))
        }
        return nil
    }

    /// Sensor Logger's per-sensor file names that motion commands read, for a folder without Metadata.csv.
    static let sensorLoggerFileNames: Set<String> = [
        "Accelerometer.csv", "TotalAcceleration.csv", "AccelerometerUncalibrated.csv", "Gyroscope.csv",
        "GyroscopeUncalibrated.csv", "Gravity.csv", "Location.csv",
    ]

    static func nonEmpty(_ l: RecordingLabels) -> RecordingLabels? { l.labels.isEmpty ? nil : l }

    /// Parses a labels file's text (either layout, told by the header; an empty text has no labels).
    ///
    /// - Throws: ``InputError`` naming the line and field of the first problem.
    package static func parse(_ text: String, file: String) throws(InputError) -> RecordingLabels {
        var lines: [(Int, String)] = []
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var line = String(raw)
            if i == 0, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append((i + 1, line)) }
        }
        guard let header = lines.first else { return RecordingLabels(file: file, layout: .plain, labels: []) }
        let separator: Character = header.1.contains("\t") && !header.1.contains(",") ? "\t" : ","
        let names = CSVFields.split(header.1, separator: separator).map { $0.lowercased() }
        let rows = lines.dropFirst().map { ($0.0, CSVFields.split($0.1, separator: separator)) }
        if names.contains("seconds_elapsed") && names.contains("text") {
            return try annotations(rows, names: names, file: file)
        }
        func column(_ options: [String]) throws(InputError) -> Int {
            guard let i = names.firstIndex(where: options.contains) else {
                throw InputError(
                    file: file, line: header.0, field: options[0],
                    problem: "no \(options[0]) column: a labels file has the header start,end,label (seconds in the "
                        + "recording's own time base) or is Sensor Logger's Annotation.csv "
                        + "(time,seconds_elapsed,text,millisecond_press_duration)")
            }
            return i
        }
        let start = try column(["start", "start_s"])
        let end = try column(["end", "end_s"])
        let label = try column(["label"])
        var labels: [RecordingLabel] = []
        for (line, fields) in rows {
            guard fields.count == names.count else {
                throw InputError(file: file, line: line, problem: "has \(fields.count) fields, the header has \(names.count)")
            }
            let s = try seconds(fields[start], file: file, line: line, field: "start")
            let e = try seconds(fields[end], file: file, line: line, field: "end")
            guard e > s else {
                throw InputError(
                    file: file, line: line, field: "end", problem: "must be after start (\(fields[start]) s), got \(fields[end])")
            }
            let text = fields[label]
            guard !text.isEmpty else { throw InputError(file: file, line: line, field: "label", problem: "is empty") }
            labels.append(RecordingLabel(startSeconds: s, endSeconds: e, text: text, line: line))
        }
        return RecordingLabels(file: file, layout: .plain, labels: try ordered(labels, file: file))
    }

    /// Sensor Logger's annotations, paired by text into stretches.
    static func annotations(_ rows: [(Int, [String])], names: [String], file: String) throws(InputError) -> RecordingLabels {
        guard let elapsed = names.firstIndex(of: "seconds_elapsed"), let textColumn = names.firstIndex(of: "text") else {
            return RecordingLabels(file: file, layout: .sensorLoggerAnnotations, labels: [])
        }
        var open: [String: (Double, Int)] = [:]
        var labels: [RecordingLabel] = []
        var previous = -Double.infinity
        for (line, fields) in rows {
            guard fields.count == names.count else {
                throw InputError(file: file, line: line, problem: "has \(fields.count) fields, the header has \(names.count)")
            }
            let t = try seconds(fields[elapsed], file: file, line: line, field: "seconds_elapsed")
            guard t >= previous else {
                throw InputError(
                    file: file, line: line, field: "seconds_elapsed", problem: "goes backwards: \(fields[elapsed]) s after \(previous) s")
            }
            previous = t
            let text = fields[textColumn]
            guard !text.isEmpty else { throw InputError(file: file, line: line, field: "text", problem: "is empty") }
            if let (start, startLine) = open.removeValue(forKey: text) {
                guard t > start else {
                    throw InputError(
                        file: file, line: line, field: "seconds_elapsed",
                        problem: "closes \"\(text)\" at the instant it opened (line \(startLine)): a stretch must last")
                }
                labels.append(RecordingLabel(startSeconds: start, endSeconds: t, text: text, line: startLine))
            } else {
                open[text] = (t, line)
            }
        }
        if let unpaired = open.min(by: { $0.value.1 < $1.value.1 }) {
            throw InputError(
                file: file, line: unpaired.value.1, field: "text",
                problem: "\"\(unpaired.key)\" opens a stretch that no later \"\(unpaired.key)\" annotation closes "
                    + "(annotations pair up by text: one at the start, one at the end)")
        }
        return RecordingLabels(file: file, layout: .sensorLoggerAnnotations, labels: try ordered(labels, file: file))
    }

    /// The annotations of a Sensor Logger JSON export (`"sensor": "Annotation"` entries), or nil without any.
    static func fromSensorLoggerJSON(path: String) throws(InputError) -> RecordingLabels? {
        let data = Data(try InputFile.read(path, shown: path, limit: SensorSource.maximumJSONBytes, what: "JSON exports"))
        guard let array = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else { return nil }
        func text(_ v: Any?) -> String {
            if let s = v as? String { return s }
            if let n = v as? NSNumber { return n.stringValue }
            return ""
        }
        let entries = array.filter { text($0["sensor"]) == "Annotation" }
        guard !entries.isEmpty else { return nil }
        // Line N is the (N − 1)-th annotation, as for the sensor entries (``SensorSource``).
        let rows = entries.enumerated().map { i, e in
            (i + 2, [text(e["seconds_elapsed"]), text(e["text"])].map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return nonEmpty(try annotations(rows, names: ["seconds_elapsed", "text"], file: "\(path):Annotation"))
    }

    /// A time field in seconds: a finite decimal number.
    static func seconds(_ text: String, file: String, line: Int, field: String) throws(InputError) -> Double {
        guard let x = Double(text), x.isFinite, !text.lowercased().contains("x") else {
            throw InputError(file: file, line: line, field: field, problem: "is not a number of seconds: \"\(text)\"")
        }
        return x
    }

    /// The stretches in time order, refusing overlaps (one label at a time).
    static func ordered(_ labels: [RecordingLabel], file: String) throws(InputError) -> [RecordingLabel] {
        let sorted = labels.sorted { ($0.startSeconds, $0.line) < ($1.startSeconds, $1.line) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.startSeconds < a.endSeconds {
            throw InputError(
                file: file, line: b.line, field: "start",
                problem: "\"\(b.text)\" from \(b.startSeconds) s overlaps \"\(a.text)\" (line \(a.line), until "
                    + "\(a.endSeconds) s): one label at a time")
        }
        return sorted
    }
}
