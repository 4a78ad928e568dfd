import Foundation

// MARK: - Part records

extension GradingPlan {
    /// The columns of a grading part's records.
    public static let recordColumns = "index suite trial result"

    /// One record line: `<global index> <suite> <trial> <result>`, where a visit's result is `v` followed by one
    /// `0`/`1` a submission, and a timeline's is `t<settings>` followed by one tally a setting, each
    /// `truth,truePositives,falseAlarms,misses,fragments,gesturesWithFragments,<exposure seconds as 16 hex
    /// digits>,<false alarms by activity, ':'-separated>`.
    func record(_ g: Int, _ result: GradingUnitResult) -> String {
        let (s, k) = locate(g) ?? (-1, -1)
        switch result {
        case .visit(let got):
            return "\(g) \(s) \(k) v" + String(got.map { $0 ? "1" : "0" })
        case .timeline(let tallies):
            let fields = tallies.map { t in
                "\(t.truth),\(t.truePositives),\(t.falseAlarms),\(t.misses),\(t.fragments),\(t.gesturesWithFragments),"
                    + ExactDouble.encode(t.exposureSeconds) + ","
                    + t.falseAlarmsByActivity.map(String.init).joined(separator: ":")
            }
            return (["\(g) \(s) \(k) t\(tallies.count)"] + fields).joined(separator: " ")
        }
    }

    /// Reads record lines back into unit results, checking each one's index, suite and trial against the plan.
    ///
    /// - Parameter records: every unit's record in global index order, with the file and line it came from.
    /// - Throws: ``InputError`` naming the file and line of a malformed or misplaced record.
    func units(records: [(file: String, line: Int, text: String)]) throws(InputError) -> [GradingUnitResult] {
        var out: [GradingUnitResult] = []
        out.reserveCapacity(records.count)
        for (g, r) in records.enumerated() {
            func bad(_ problem: String) -> InputError { InputError(file: r.file, line: r.line, field: "record", problem: problem) }
            let fields = r.text.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count >= 4, let index = Int(fields[0]), let s = Int(fields[1]), let k = Int(fields[2]) else {
                throw bad("expected '<index> <suite> <trial> <result>'")
            }
            guard index == g, let (suite, trial) = locate(g), suite == s, trial == k else {
                throw bad("record \(index) (suite \(s), trial \(k)) is not unit \(g) of this rubric and submissions")
            }
            let result = fields[3]
            if result.first == "v" {
                guard fields.count == 4 else { throw bad("a visit record has 4 fields") }
                var got: [Bool] = []
                for c in result.dropFirst() {
                    guard c == "0" || c == "1" else { throw bad("a visit's result is 0s and 1s") }
                    got.append(c == "1")
                }
                out.append(.visit(got))
            } else if result.first == "t", let n = Int(result.dropFirst()), n == fields.count - 4 {
                var tallies: [GestureTally] = []
                for f in fields.dropFirst(4) {
                    let parts = f.split(separator: ",", omittingEmptySubsequences: false)
                    let counts = parts.prefix(6).compactMap { Int($0) }
                    guard parts.count == 8, counts.count == 6, counts.allSatisfy({ $0 >= 0 }),
                        let exposure = ExactDouble.decode(parts[6]), exposure.isFinite, exposure >= 0
                    else {
                        throw bad("a tally needs 6 counts, the exposure as 16 hex digits and the activities")
                    }
                    let byActivity = parts[7].isEmpty ? [] : parts[7].split(separator: ":").compactMap { Int($0) }
                    var t = GestureTally()
                    t.truth = counts[0]
                    t.truePositives = counts[1]
                    t.falseAlarms = counts[2]
                    t.misses = counts[3]
                    t.fragments = counts[4]
                    t.gesturesWithFragments = counts[5]
                    t.exposureSeconds = exposure
                    t.falseAlarmsByActivity = byActivity
                    t.makeCluster()
                    tallies.append(t)
                }
                out.append(.timeline(tallies))
            } else {
                throw bad("a result is 'v…' or 't<count>' followed by that many tallies")
            }
        }
        return out
    }

    // MARK: - Content hash

    /// FNV-1a 64 of everything that determines a grading run's results: the rubric file, its resolved places,
    /// every suite (name, source, seed, trials, and a suite scenario file's bytes), and every submission file's
    /// path and bytes (bad ones too: they are reported).
    public static func contentHash(_ rubric: Rubric, files: [String]) -> String {
        var h = ContentHash()
        func bytes(_ path: String) -> String {
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        h.add(bytes(rubric.file))
        h.add(String(rubric.seed))
        for p in rubric.places {
            h.add(p.name)
            h.add(p.coordinate.latitudeDegrees)
            h.add(p.coordinate.longitudeDegrees)
        }
        let folder = URL(fileURLWithPath: rubric.file).deletingLastPathComponent()
        for suite in rubric.suites {
            h.add(suite.id)
            h.add(suite.source)
            h.add(String(suite.seed))
            h.add(suite.trialCount)
            if suite.source != "inline" {
                h.add(bytes(suite.source.hasPrefix("/") ? suite.source : folder.appendingPathComponent(suite.source).path))
            }
        }
        h.add(files.count)
        for f in files {
            h.add(f)
            h.add(bytes(f))
        }
        return h.hex
    }
}
