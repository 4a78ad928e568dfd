import DetectionCore
import FileFormats
import Foundation
import Recordings
import Reporting
import Studies

/// `sensorbench replay`: a recording through the detector its configuration names, its events listed.
struct ReplayCommand: Subcommand {
    /// The recording: a CSV (gyro or accelerometer) or a GPX track.
    var file = ""
    /// The detector configuration JSON.
    var configuration = ""
    /// Places for a proximity replay; `nil` = Scenarios/places/penn-dining.json.
    var places: String?
    var unit: RecordingUnit?
    /// `--rate`: the sample rate of a recording without times.
    var rateHz: Double?
    var outputFolder = "Reports/replay"
    /// A drift log to which a heading replay appends the walk as an entry.
    var logEntry: String?
    /// A labels file for a shake replay; nil = the labels beside the recording, if any.
    var labels: String?
    var quiet = false

    init() {}

    static let name = "replay"
    static let summary = "Run a recording through the app's detection core and list its events."
    static let details = """
        The configuration decides the detector:
          {"detector": "heading", ...}      a gyro CSV through TurnBack's HeadingTracker: the turn angle
                                            and the arrow's phrase once a second after the mark, and at
                                            the end (keys: maximumGapSeconds, markAtSeconds,
                                            straightAheadToleranceDegrees, reportIntervalSeconds).
        \(shakeKindsHelp)
        \(proximityKindsHelp)
        Writes <dir>/events.csv and summary.md (and turn-angle.svg for the heading detector).
        A labelled shake recording is scored as the shake study scores its timelines: recall, false
        alarms per hour overall and by label, latency and fragments, with a signal.svg of |a| against
        the threshold. Labels come from --labels, else beside the recording: Sensor Logger's
        Annotation.csv (the same folder, zip or JSON export; annotations pair up by text) or
        NAME.labels.csv beside NAME.csv (start,end,label in seconds of the recording's own clock).
        A label "shake" is a deliberate shake. Times are the recording's own clock (Sensor Logger's
        seconds_elapsed, else the file's time column). A bad labels file exits 65 (66 if missing).
        """

    /// The shake line of `details`, from the kind registry: the first kind, then the others (and which of them
    /// read raw readings), wrapped into the help's second column.
    static var shakeKindsHelp: String {
        let kinds = ShakeDetectorKind.allCases
        let first = kinds[0]
        let others = kinds.dropFirst().map { kind in
            kind.thresholdsRawReadings ? "\(kind.rawValue), which reads raw readings with gravity" : kind.rawValue
        }
        let list = others.count > 1 ? others.dropLast().joined(separator: ", ") + ", and " + others.last! : others.joined()
        let text = "an accelerometer CSV through the ShakeDetector (a ShakeDetectorConfiguration; also \(list))."
        return kindLine(first.rawValue, text, width: 60)
    }

    /// The proximity line of `details`, from the kind registry (`ProximityCheckKind.allCases`): the first kind,
    /// then the others, wrapped into the help's second column.
    static var proximityKindsHelp: String {
        let kinds = ProximityCheckKind.allCases
        let text =
            "a GPX track (timed trkpt, rtept or wpt) or a location CSV/zip (Sensor Logger's Location.csv, phyphox's "
            + "Location export) through the ProximityMonitor (a ProximityCheckConfiguration; also "
            + kinds.dropFirst().map(\.rawValue).joined(separator: ", ") + ")."
        return kindLine(kinds[0].rawValue, text, width: 61)
    }

    /// `{"kind": "<kind>", ...}` and `text` wrapped at `width` characters into the help's second column.
    static func kindLine(_ kind: String, _ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        let key = "{\"kind\": \"\(kind)\", ...}"
        let indent = String(repeating: " ", count: 36)
        return "  " + key.padding(toLength: 34, withPad: " ", startingAt: 0)
            + lines.joined(separator: "\n" + indent)
    }

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(
            valueName: "<file>", noun: "recording (CSV or GPX)", meaning: "The recording: a gyro or accelerometer CSV, or a track.",
            count: 1...1
        ) { o, files, _ in o.file = files[0] }
    }

    static var options: [OptionSpec<Self>] {
        [
            OptionSpec("--detector", short: "-d", value: "<config>.json", meaning: "The detector configuration JSON.", required: true) {
                o, text, _ in o.configuration = text
            },
            OptionSpec(
                "--places", value: "<places>",
                meaning: "Places for a track replay: a places JSON, a GPX file, or a folder of GPX files (each point a "
                    + "place, named by <name> or file name).", default: "Scenarios/places/penn-dining.json"
            ) { o, text, _ in o.places = text },
            SharedOption.unit(
                \.unit, meaning: "Declare the unit: rad/s, deg/s, g or m/s2.",
                default: "from the header, or the format's documentation for the file's sensor"),
            SharedOption.rate(\.rateHz),
            SharedOption.out(\.outputFolder, meaning: "Folder for the report.", default: "Reports/replay"),
            OptionSpec(
                "--log-entry", value: "<log.json>",
                meaning: "Heading only: append the walk (minutes, drift, turning) to this drift log, for walks."
            ) { o, text, _ in o.logEntry = text },
            OptionSpec(
                "--labels", value: "<labels.csv>",
                meaning: "Shake only: score the replay against these labels (start,end,label, or Sensor Logger's "
                    + "Annotation.csv).", default: "the labels beside the recording, if any"
            ) { o, text, _ in o.labels = text },
            SharedOption.quiet(\.quiet),
        ]
    }

    static var footer: String { RecordingFormats.helpSection }

    /// `sensorbench replay`: a recording through the detector its configuration names; events as CSV + Markdown.
    ///
    /// Everything is read and checked before anything is written: a bad file writes nothing.
    func run() throws -> ExitCode {
        try InputKind.expect(.detector, file: self.configuration, command: "replay --detector")
        try InputKind.expect(.recording, .gpx, file: self.file, command: "replay")
        let configuration = try ReplayConfiguration.load(path: self.configuration)
        let isGPX = self.file.lowercased().hasSuffix(".gpx")
        if self.labels != nil {
            guard case .shake = configuration else {
                throw InputError(.usage, file: nil, field: "--labels", problem: "needs a shake replay (labels mark shakes)")
            }
        }
        let result: ReplayResult
        switch configuration {
        case .heading(let settings):
            guard !isGPX else { throw mismatch("a GPX track", "the heading detector reads a gyro CSV") }
            result = .heading(
                try HeadingReplay(
                    path: self.file, unit: self.unit, rateHz: self.rateHz, settings: settings,
                    configurationFile: self.configuration))
        case .shake(let c):
            guard !isGPX else { throw mismatch("a GPX track", "the shake detector reads an accelerometer CSV") }
            let labels = try self.labels.map { path throws(InputError) in try RecordingLabels.read(path: path) }
            let replay = try ShakeReplay(
                path: self.file, unit: self.unit, rateHz: self.rateHz, configuration: c,
                labels: labels ?? RecordingLabels.beside(recording: self.file))
            // A warning, not a note: it prints with --quiet too.
            if let warning = replay.gravityWarning { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
            result = .shake(replay)
        case .proximity(let c):
            guard isGPX || LocationCSVReader.handles(path: self.file) else {
                throw mismatch("neither a .gpx nor a location .csv/.zip", "a proximity check replays a track")
            }
            let (places, source) = try Self.replayPlaces(self.places)
            result = .proximity(
                try ProximityReplay(
                    path: self.file, places: places, placesSource: source,
                    configuration: c))
        }
        if case .proximity(let p) = result, p.untimedPointsDropped > 0, !self.quiet {
            // A diagnostic: the partial-time rule left points out of the replay.
            FileHandle.standardError.write(
                Data(
                    ("note: \(self.file): \(p.untimedPointsDropped) points without <time> before the first or "
                        + "after the last timed point were left out (\(p.fixCount) replayed)\n").utf8))
        }
        var logText: String?
        if let logPath = self.logEntry {
            guard case .heading(let h) = result else {
                throw InputError(
                    .usage, file: nil, field: "--log-entry", problem: "needs a heading replay (a drift log holds walks)")
            }
            logText = try Self.appendedLog(path: logPath, entry: h.logEntryJSON(name: URL(fileURLWithPath: self.file).lastPathComponent))
        }
        try ReportFiles.reserve(URL(fileURLWithPath: self.outputFolder))
        let files = try ReplayReport.render(result, configurationFile: self.configuration)
        let out = URL(fileURLWithPath: self.outputFolder)
        try files.write(to: out)
        if let logPath = self.logEntry, let logText { try AtomicFile.write(logText, to: URL(fileURLWithPath: logPath)) }
        let what = if case .heading = result { "rows" } else { "events" }
        print("\(self.file): \(configuration.detectorName), \(result.eventCount) \(what) → \(out.relativePath)/summary.md")
        return .success
    }

    /// The drift log at `path` with `entry` appended, on one line as the app writes it: a missing file starts a new
    /// log; an existing one must be a JSON array, whose entries are kept as written.
    static func appendedLog(path: String, entry: String) throws(InputError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "[\(entry)]\n" }
        let node = try ScenarioFile.parseJSON(at: URL(fileURLWithPath: path), displayPath: path)
        guard case .array(let items) = node.value else {
            throw InputError(file: path, line: node.line, problem: "must be a JSON array of walks to append to, got \(node.value.typeName)")
        }
        guard let data = FileManager.default.contents(atPath: path), var text = String(data: data, encoding: .utf8) else {
            throw InputError(.missingFile, file: path, problem: "cannot be read")
        }
        // The array's closing bracket is the file's last non-blank character.
        while let last = text.last, last.isWhitespace { text.removeLast() }
        guard text.last == "]" else { throw InputError(file: path, problem: "does not end with the array's ']'") }
        text.removeLast()
        return text + (items.isEmpty ? "" : ",") + entry + "]\n"
    }

    func mismatch(_ what: String, _ why: String) -> InputError {
        InputError(
            file: file,
            problem: "is \(what), but --detector \(configuration) configures a detector for "
                + "another recording: \(why)")
    }

    /// The places of a proximity replay: `--places` (a places JSON or a GPX of waypoints, read as a geofence
    /// scenario's `places` field is), or Scenarios/places/penn-dining.json.
    static func replayPlaces(_ path: String?) throws(InputError) -> (places: [Place], source: String) {
        let file: String
        if let path {
            file = path
        } else {
            guard let folder = ScenarioLocator.folder() else {
                throw InputError(
                    .missingFile, file: "Scenarios",
                    problem: "no Scenarios folder found for the default "
                        + "places (run from the checkout, set SENSORBENCH_SCENARIOS, or pass --places)")
            }
            file = folder.appendingPathComponent("places/penn-dining.json").path
        }
        let field = JSONField(node: JSONNode(value: .string(file), line: 1), file: "--places", path: "places")
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let set = try PlaceSet.read(field, folder: cwd)
        return (set.places, path ?? "Scenarios/places/penn-dining.json")
    }
}
