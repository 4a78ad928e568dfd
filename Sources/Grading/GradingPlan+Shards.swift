import FileFormats
import Foundation
import MonteCarlo

// MARK: - Part records

extension GradingPlan {
    /// The columns of a grading part's records.
    package static let recordColumns = "index suite trial result"

    /// One record line: `<global index> <suite> <trial> <result>`, where a visit's result is `v` followed by one
    /// hexadecimal digit a submission (its ``VisitResult`` flags: 1 collected, 2 falsely collected, 4 a gesture
    /// detected, 8 the check entered), and a timeline's is `t<settings>` followed by one tally a setting, each
    /// `truth,truePositives,falseAlarms,misses,fragments,gesturesWithFragments,<exposure seconds as 16 hex
    /// digits>,<false alarms by activity, ':'-separated>,<missed shakes by peak bin, ':'-separated>`.
    package func record(_ g: Int, _ result: GradingUnitResult) -> String {
        let (s, k) = locate(g) ?? (-1, -1)
        switch result {
        case .visit(let got):
            return "\(g) \(s) \(k) v" + String(got.map { Character(String($0.rawValue, radix: 16)) })
        case .timeline(let tallies):
            let fields = tallies.map { t in
                "\(t.truth),\(t.truePositives),\(t.falseAlarms),\(t.misses),\(t.fragments),\(t.gesturesWithFragments),"
                    + ExactDouble.encode(t.exposureSeconds) + ","
                    + t.falseAlarmsByActivity.map(String.init).joined(separator: ":") + ","
                    + t.missedPeakBins.map(String.init).joined(separator: ":")
            }
            return (["\(g) \(s) \(k) t\(tallies.count)"] + fields).joined(separator: " ")
        }
    }

    /// Reads one record back into the result of unit `g`, checking its index, suite and trial against the plan.
    ///
    /// - Throws: ``InputError`` naming the file and line of a malformed or misplaced record.
    package func unit(record r: PartRecord, index g: Int) throws(InputError) -> GradingUnitResult {
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
            var got: [VisitResult] = []
            for c in result.dropFirst() {
                guard let v = c.hexDigitValue, c.isASCII, !c.isUppercase else {
                    throw bad("a visit's result is one hexadecimal digit (0–9, a–f) a submission")
                }
                got.append(VisitResult(rawValue: UInt8(v)))
            }
            return .visit(got)
        } else if result.first == "t", let n = Int(result.dropFirst()), n == fields.count - 4 {
            var tallies: [GestureTally] = []
            for f in fields.dropFirst(4) {
                let parts = f.split(separator: ",", omittingEmptySubsequences: false)
                let counts = parts.prefix(6).compactMap { Int($0) }
                guard parts.count == 9, counts.count == 6, counts.allSatisfy({ $0 >= 0 }),
                    let exposure = ExactDouble.decode(parts[6]), exposure.isFinite, exposure >= 0
                else {
                    throw bad("a tally needs 6 counts, the exposure as 16 hex digits, the activities and the missed peaks")
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
                t.missedPeakBins = parts[8].isEmpty ? [] : parts[8].split(separator: ":").compactMap { Int($0) }
                t.makeCluster()
                tallies.append(t)
            }
            return .timeline(tallies)
        } else {
            throw bad("a result is 'v…' or 't<count>' followed by that many tallies")
        }
    }

    /// The evaluation of the records `feed` hands to its sink (every unit's, in global index order), each read
    /// and reduced as it arrives (``Reduction``): no array of records or units exists.
    ///
    /// - Throws: ``InputError`` naming the file and line of a malformed or misplaced record, or what `feed` throws.
    package func evaluation(recordFeed feed: ((PartRecord) throws -> Void) throws -> Void) throws -> GradingEvaluation {
        var reduction = Reduction(self)
        try feed { r in try reduction.add(try unit(record: r, index: reduction.count)) }
        return try reduction.finish()
    }

    /// Computes the units of `range` on every core and hands each one's record to `sink`, in index order, as
    /// they finish.
    package func records(_ range: Range<Int>, runner: MonteCarloRunner, sink: (String) throws -> Void) throws {
        let plan = self
        try runner.forEach(count: range.count) { i in
            try plan.unit(range.lowerBound + i)
        } consume: { i, u in
            try sink(record(range.lowerBound + i, u))
        }
    }

    // MARK: - Loading, with the content hash

    /// A rubric and its submissions as read, with the run's content hash.
    package struct Loaded: Sendable {
        package let rubric: Rubric
        package let files: [String]
        package let submissions: [Submission]
        package let failures: [SubmissionFailure]
        /// ``ContentHash`` of the bytes of every file read (the rubric, its places and suite scenarios, every
        /// submission, bad ones too) and the rubric's seed: parts of different content never merge.
        package let contentHash: String
    }

    /// Reads the rubric, then the submission files `files()` names (a bad submission is recorded, not fatal).
    ///
    /// - Throws: ``InputError`` for a bad rubric or submission list (nothing is graded then).
    package static func load(rubric path: String, files: () throws(InputError) -> [String]) throws(InputError) -> Loaded {
        let (read, log) = try InputLog.recording { () throws(InputError) -> (Rubric, [String], [Submission], [SubmissionFailure]) in
            let rubric = try Rubric.load(path: path)
            let list = try files()
            let (submissions, failures) = Grader.load(rubric, files: list)
            return (rubric, list, submissions, failures)
        }
        let (rubric, list, submissions, failures) = read
        return Loaded(
            rubric: rubric, files: list, submissions: submissions, failures: failures,
            contentHash: ContentHash.of(log, seed: rubric.seed, trialsPerCell: nil))
    }
}
