import FileFormats
import Foundation
import MonteCarlo

/// Parses `sensorbench`'s arguments into a ``Command``: a pure function, unit-tested.
package enum CommandLineParser {
    package static let subcommands =
        ["run", "merge", "validate", "list", "bench", "distance", "gpx", "help"] + recordingSubcommands + ["grade"]

    /// Parses the arguments after the program name.
    ///
    /// - Throws: ``InputError`` of kind `.usage` naming the offending argument.
    package static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(InputError) -> Command {
        guard let first = arguments.first else { return .help(topic: nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version": return .version
        case "help":
            guard rest.count <= 1 else { throw usage("help takes at most one subcommand") }
            if let topic = rest.first, !subcommands.contains(topic) { throw usage("unknown subcommand '\(topic)'") }
            return .help(topic: rest.first)
        case "run": return try parseRun(rest, environment: environment)
        case "merge": return try parseMerge(rest)
        case "validate":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "validate") }
            if let option = rest.first(where: { $0.hasPrefix("-") }) {
                throw usage("unknown option '\(option)' for validate", topic: "validate")
            }
            guard !rest.isEmpty else { throw usage("validate needs at least one scenario file", topic: "validate") }
            return .validate(files: rest)
        case "list":
            if rest.contains("--help") || rest.contains("-h") { return .help(topic: "list") }
            guard rest.isEmpty else { throw usage("list takes no arguments, got '\(rest[0])'", topic: "list") }
            return .list
        case "bench": return try parseBench(rest)
        case "allan", "calibrate": return try parseRecording(first, rest)
        case "walks": return try parseWalks(rest)
        case "replay": return try parseReplay(rest)
        case "dev": return try parseDev(rest)
        case "distance": return try parseDistance(rest)
        case "gpx": return try parseGPX(rest)
        case "grade": return try parseGrade(rest, environment: environment)
        default:
            throw usage(first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'")
        }
    }

    static func parseMerge(_ args: [String]) throws(InputError) -> Command {
        var parts: [String] = []
        var out: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "merge")
            case "--out", "-o": out = try value(args, &i, for: arg, topic: "merge")
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for merge", topic: "merge") }
                parts.append(arg)
            }
            i += 1
        }
        guard !parts.isEmpty else { throw usage("merge needs at least one part file", topic: "merge") }
        return .merge(parts: parts, outputFolder: out)
    }

    static func parseRun(_ args: [String], environment: [String: String]) throws(InputError) -> Command {
        var options = RunOptions()
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "run")
            case "--quiet", "-q": options.quiet = true
            case "--out", "-o": options.outputFolder = try value(args, &i, for: arg, topic: "run")
            case "--trials":
                options.overrides.trialsPerCell = try integer(
                    try value(args, &i, for: arg, topic: "run"), arg, 1...1_000_000_000, topic: "run")
            case "--seed":
                let text = try value(args, &i, for: arg, topic: "run")
                guard let seed = UInt64(text) else {
                    throw usage("--seed needs a whole number from 0 to 18446744073709551615, got '\(text)'", topic: "run")
                }
                options.overrides.seed = seed
            case "--jobs", "-j":
                options.jobs = try integer(try value(args, &i, for: arg, topic: "run"), arg, 1...1024, topic: "run")
            case "--shard":
                options.shard = try ShardSpec.parse(try value(args, &i, for: arg, topic: "run"), environment: environment)
            default:
                if arg.hasPrefix("-") && arg != "-" { throw usage("unknown option '\(arg)' for run", topic: "run") }
                options.files.append(arg)
            }
            i += 1
        }
        guard !options.files.isEmpty else { throw usage("run needs at least one scenario file", topic: "run") }
        return .run(options)
    }

    static func parseBench(_ args: [String]) throws(InputError) -> Command {
        var options = BenchOptions()
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "bench")
            case "--trials": options.trials = try integer(try value(args, &i, for: arg, topic: "bench"), arg, 1...100_000, topic: "bench")
            case "--jobs", "-j": options.jobs = try integer(try value(args, &i, for: arg, topic: "bench"), arg, 1...1024, topic: "bench")
            case "--quick": options.quick = true
            default: throw usage("unknown argument '\(arg)' for bench", topic: "bench")
            }
            i += 1
        }
        return .bench(options)
    }

    /// `distance LAT,LON LAT,LON`: two points, each two numbers separated by a comma (negative values allowed).
    static func parseDistance(_ args: [String]) throws(InputError) -> Command {
        if args.contains("--help") || args.contains("-h") { return .help(topic: "distance") }
        guard args.count == 2 else {
            throw usage(
                "distance needs two points LAT,LON LAT,LON (degrees), got \(args.count) argument\(args.count == 1 ? "" : "s")",
                topic: "distance")
        }
        for point in args where parseLatLon(point) == nil {
            throw usage("'\(point)' is not LAT,LON in decimal degrees (for example 39.95248,-75.19938)", topic: "distance")
        }
        return .distance(from: args[0], to: args[1])
    }

    /// Two decimal numbers separated by one comma, or `nil`.
    package static func parseLatLon(_ text: String) -> (latitude: Double, longitude: Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let lat = DecimalText.double(parts[0]),
            let lon = DecimalText.double(parts[1])
        else { return nil }
        return (lat, lon)
    }

    /// `gpx export SCENARIO --out FILE`.
    static func parseGPX(_ args: [String]) throws(InputError) -> Command {
        if args.contains("--help") || args.contains("-h") { return .help(topic: "gpx") }
        guard args.first == "export" else {
            throw usage(args.isEmpty ? "gpx needs an action: export" : "unknown gpx action '\(args[0])' (known: export)", topic: "gpx")
        }
        var scenario: String?
        var out: String?
        var i = 1
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--out", "-o": out = try value(args, &i, for: arg, topic: "gpx")
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for gpx export", topic: "gpx") }
                guard scenario == nil else { throw usage("gpx export takes one scenario file, got a second: '\(arg)'", topic: "gpx") }
                scenario = arg
            }
            i += 1
        }
        guard let scenario else { throw usage("gpx export needs a scenario file", topic: "gpx") }
        guard let out else { throw usage("gpx export needs --out <file>", topic: "gpx") }
        return .gpxExport(scenario: scenario, outputFile: out)
    }

    // MARK: - Helpers

    static func value(_ args: [String], _ i: inout Int, for option: String, topic: String) throws(InputError) -> String {
        guard i + 1 < args.count, !args[i + 1].hasPrefix("--") else { throw usage("\(option) needs a value", topic: topic) }
        guard !args[i + 1].isEmpty else { throw usage("\(option) needs a value, got an empty string", topic: topic) }
        i += 1
        return args[i]
    }

    static func integer(_ text: String, _ option: String, _ range: ClosedRange<Int>, topic: String) throws(InputError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw usage("\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'", topic: topic)
        }
        return n
    }

    /// A usage error; `field` carries the subcommand so the caller can print its usage line.
    static func usage(_ problem: String, topic: String = "") -> InputError {
        InputError(.usage, file: nil, field: topic, problem: problem)
    }
}

// MARK: - Recordings

extension CommandLineParser {
    static let recordingSubcommands = ["allan", "calibrate", "walks", "replay"]

    /// `replay FILE --detector CONFIG.json [--places PLACES] [--unit U] [--out DIR]`.
    static func parseReplay(_ args: [String]) throws(InputError) -> Command {
        var o = ReplayOptions()
        var files: [String] = []
        var configuration: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "replay")
            case "--detector", "-d": configuration = try value(args, &i, for: arg, topic: "replay")
            case "--places": o.places = try value(args, &i, for: arg, topic: "replay")
            case "--out", "-o": o.outputFolder = try value(args, &i, for: arg, topic: "replay")
            case "--unit":
                let text = try value(args, &i, for: arg, topic: "replay")
                guard let u = RecordingUnit(text: text) else {
                    throw usage("--unit needs rad/s, deg/s, g or m/s2, got '\(text)'", topic: "replay")
                }
                o.unit = u
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for replay", topic: "replay") }
                files.append(arg)
            }
            i += 1
        }
        guard files.count == 1, let file = files.first else {
            throw usage("replay needs exactly one recording (CSV or GPX), got \(files.count)", topic: "replay")
        }
        guard let configuration else { throw usage("replay needs --detector CONFIG.json", topic: "replay") }
        o.file = file
        o.configuration = configuration
        return .replay(o)
    }

    /// `dev write-samples DIR`, `dev allan-recovery [REPLICATIONS]`: developer commands, left out of the help on
    /// purpose.
    static func parseDev(_ args: [String]) throws(InputError) -> Command {
        if args.first == "allan-recovery" {
            guard args.count <= 2 else { throw usage("dev allan-recovery takes at most a replication count") }
            guard let count = args.count == 2 ? Int(args[1]) : 20, (2...10_000).contains(count) else {
                throw usage("dev allan-recovery: the replication count must be an integer in 2...10000")
            }
            return .allanRecovery(replications: count)
        }
        guard args.first == "write-samples" else {
            throw usage("unknown dev action '\(args.first ?? "")' (known: write-samples, allan-recovery)")
        }
        guard args.count == 2, !args[1].hasPrefix("-") else { throw usage("dev write-samples needs one folder") }
        return .writeSamples(folder: args[1])
    }

    /// `walks LOG.json [--profile NAME] [--out DIR] [--trials N] [--seed S] [--walk straight|loop] [--jobs N]`.
    static func parseWalks(_ args: [String]) throws(InputError) -> Command {
        var o = WalksOptions()
        var files: [String] = []
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "walks")
            case "--profile": o.profile = try value(args, &i, for: arg, topic: "walks")
            case "--out", "-o": o.outputFolder = try value(args, &i, for: arg, topic: "walks")
            case "--trials": o.trials = try integer(try value(args, &i, for: arg, topic: "walks"), arg, 10...100_000, topic: "walks")
            case "--jobs", "-j": o.jobs = try integer(try value(args, &i, for: arg, topic: "walks"), arg, 1...1024, topic: "walks")
            case "--seed":
                let text = try value(args, &i, for: arg, topic: "walks")
                guard let seed = UInt64(text) else {
                    throw usage("--seed needs a whole number from 0 to 18446744073709551615, got '\(text)'", topic: "walks")
                }
                o.seed = seed
            case "--walk":
                let text = try value(args, &i, for: arg, topic: "walks")
                guard text == "straight" || text == "loop" else {
                    throw usage("--walk needs straight or loop, got '\(text)'", topic: "walks")
                }
                o.straight = text == "straight"
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for walks", topic: "walks") }
                files.append(arg)
            }
            i += 1
        }
        guard files.count == 1, let file = files.first else {
            throw usage("walks needs exactly one drift log, got \(files.count)", topic: "walks")
        }
        o.file = file
        return .walks(o)
    }

    /// `allan FILE [--axis x|y|z|all] [--out DIR] [--unit U]`, `calibrate FILE --out PROFILE.json [--axis x|y|z] [--unit U]`.
    static func parseRecording(_ name: String, _ args: [String]) throws(InputError) -> Command {
        var files: [String] = []
        var axis: String?
        var out: String?
        var unit: RecordingUnit?
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: name)
            case "--axis":
                let text = try value(args, &i, for: arg, topic: name)
                let allowed = name == "allan" ? ["x", "y", "z", "all"] : ["x", "y", "z"]
                guard allowed.contains(text) else {
                    throw usage("--axis needs one of \(allowed.joined(separator: ", ")), got '\(text)'", topic: name)
                }
                axis = text
            case "--out", "-o": out = try value(args, &i, for: arg, topic: name)
            case "--unit":
                let text = try value(args, &i, for: arg, topic: name)
                guard let u = RecordingUnit(text: text) else {
                    throw usage("--unit needs rad/s, deg/s, g or m/s2, got '\(text)'", topic: name)
                }
                unit = u
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for \(name)", topic: name) }
                files.append(arg)
            }
            i += 1
        }
        guard files.count == 1, let file = files.first else {
            throw usage("\(name) needs exactly one recording file, got \(files.count)", topic: name)
        }
        if name == "allan" {
            var o = AllanOptions()
            o.file = file
            o.axis = axis ?? o.axis
            o.outputFolder = out ?? o.outputFolder
            o.unit = unit
            return .allan(o)
        }
        guard let out else { throw usage("calibrate needs --out PROFILE.json", topic: name) }
        let stem = URL(fileURLWithPath: out).deletingPathExtension().lastPathComponent
        guard out.hasSuffix(".json"), !stem.isEmpty,
            stem.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else {
            throw usage(
                "--out must name a .json file whose name (the profile name) has letters, digits, '-' and '_' only, got '\(out)'",
                topic: name)
        }
        var o = CalibrateOptions()
        o.file = file
        o.output = out
        o.axis = axis ?? o.axis
        o.unit = unit
        return .calibrate(o)
    }
}

// MARK: - Grading

extension CommandLineParser {
    /// `grade --rubric FILE SUBMISSION... [--out DIR] [--jobs N] [--shard K/N|slurm] [--quiet]`.
    static func parseGrade(_ args: [String], environment: [String: String] = [:]) throws(InputError) -> Command {
        var o = GradeOptions()
        var rubric: String?
        var i = 0
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--help", "-h": return .help(topic: "grade")
            case "--rubric": rubric = try value(args, &i, for: arg, topic: "grade")
            case "--out", "-o": o.outputFolder = try value(args, &i, for: arg, topic: "grade")
            case "--jobs", "-j": o.jobs = try integer(try value(args, &i, for: arg, topic: "grade"), arg, 1...1024, topic: "grade")
            case "--shard":
                do {
                    o.shard = try ShardSpec.parse(try value(args, &i, for: arg, topic: "grade"), environment: environment)
                } catch {
                    throw usage(error.problem, topic: "grade")
                }
            case "--quiet", "-q": o.quiet = true
            default:
                if arg.hasPrefix("-") { throw usage("unknown option '\(arg)' for grade", topic: "grade") }
                o.submissions.append(arg)
            }
            i += 1
        }
        guard let rubric else { throw usage("grade needs --rubric <file>", topic: "grade") }
        guard !o.submissions.isEmpty else { throw usage("grade needs at least one submission file or folder", topic: "grade") }
        o.rubric = rubric
        return .grade(o)
    }
}
