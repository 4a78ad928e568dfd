import Foundation
import Reporting
import SensorSim
import Stats

extension DriftReport {
    // MARK: - Headline from the error budget

    /// "loops", "zigzags", … .
    static func shapeNoun(_ shape: WalkShape) -> String {
        switch shape {
        case .loop: return "loops"
        case .outAndBack: return "out-and-back walks"
        case .zigzag: return "zigzags"
        case .random: return "walks with random turns"
        }
    }

    /// A duration in minutes, three significant digits.
    static func minutesText(_ m: Double) throws -> String { try Format.number(m, significantDigits: 2) }

    /// A lower bound of a duration, rounded down to two significant digits ("1.2" for 1.27): a bound rounded to the
    /// nearest would move inward half the time and lose coverage.
    static func minutesLowText(_ m: Double) throws -> String { try minutesText(outward(m, significantDigits: 2, up: false)) }

    /// An upper bound of a duration, rounded up to two significant digits ("1.7" for 1.61).
    static func minutesHighText(_ m: Double) throws -> String { try minutesText(outward(m, significantDigits: 2, up: true)) }

    /// `x` > 0 rounded down (`up` false) or up to `significantDigits` digits; a value already on that grid (within
    /// 1e-12 relative, the decimal's binary rounding) stays.
    static func outward(_ x: Double, significantDigits: Int, up: Bool) -> Double {
        guard x > 0, x.isFinite else { return x }
        let scale = pow(10, (log10(x)).rounded(.down) - Double(significantDigits - 1))
        let q = x / scale
        let nearest = q.rounded()
        if abs(q - nearest) <= 1e-12 * q { return nearest * scale }
        return (up ? q.rounded(.up) : q.rounded(.down)) * scale
    }

    /// One walk kind's verdict over its turn counts: the status merged over the crossovers of that kind.
    struct Verdict {
        enum Kind: Equatable { case time, turning, crossing }
        let kind: Kind
        /// Turning dominates below `turningBelow` minutes (nil: nowhere shown); time beyond `timeBeyond` (nil: nowhere).
        let turningBelow: Double?
        let timeBeyond: Double?
        let minimumMinutes: Double
        let maximumMinutes: Double
        let tilt: Bool
    }

    /// Merges the crossovers of one walk kind (every turn count of one shape, tilt and input): time everywhere
    /// only when every turn count says so, and so on; a crossing takes the lowest lower bound and the highest
    /// upper bound over turn counts, so the sentence holds for each of them.
    static func verdict(_ xs: [DriftDecomposition.Crossover]) -> Verdict {
        let lowest = xs.map(\.minimumMinutes).min() ?? 0
        let highest = xs.map(\.maximumMinutes).max() ?? 0
        let tilt = xs.contains { $0.tiltDominatesTurning && $0.status != .timeEverywhere }
        if xs.allSatisfy({ $0.status == .timeEverywhere }) {
            return Verdict(kind: .time, turningBelow: nil, timeBeyond: lowest, minimumMinutes: lowest, maximumMinutes: highest, tilt: tilt)
        }
        if xs.allSatisfy({ $0.status == .turningEverywhere }) {
            return Verdict(
                kind: .turning, turningBelow: highest, timeBeyond: nil, minimumMinutes: lowest, maximumMinutes: highest, tilt: tilt)
        }
        var below = Double.infinity
        var beyond = -Double.infinity
        for x in xs {
            switch x.status {
            case .timeEverywhere:
                below = min(below, x.minimumMinutes)
                beyond = max(beyond, x.minimumMinutes)
            case .turningEverywhere:
                below = min(below, x.maximumMinutes)
                beyond = max(beyond, x.maximumMinutes)
            case .crosses(_, let low, let high):
                below = min(below, low)
                beyond = max(beyond, high)
            case .turningNotIdentified(let atMost):
                // The crossover lies in [0, atMost]: turning is not shown to dominate anywhere.
                below = min(below, x.minimumMinutes)
                beyond = max(beyond, min(atMost, x.maximumMinutes))
            }
        }
        return Verdict(
            kind: .crossing, turningBelow: below > lowest * (1 + 1e-9) ? below : nil,
            timeBeyond: beyond < highest * (1 - 1e-9) ? beyond : nil, minimumMinutes: lowest, maximumMinutes: highest,
            tilt: tilt)
    }

    /// The crossovers of one walk kind grouped by what they say (time everywhere, turning everywhere, a crossing),
    /// in the order each first appears; one group when they all say the same.
    static func splitByStatus(_ xs: [DriftDecomposition.Crossover]) -> [[DriftDecomposition.Crossover]] {
        func key(_ x: DriftDecomposition.Crossover) -> Int {
            switch x.status {
            case .timeEverywhere: return 0
            case .turningEverywhere: return 1
            // Both are bounds on where time takes over; merged, the verdict keeps the widest, true of each.
            case .crosses, .turningNotIdentified: return 2
            }
        }
        var order: [Int] = []
        var groups: [Int: [DriftDecomposition.Crossover]] = [:]
        for x in xs {
            if groups[key(x)] == nil { order.append(key(x)) }
            groups[key(x), default: []].append(x)
        }
        return order.compactMap { groups[$0] }
    }

    /// The walk kinds of a decomposition in grid order: (label, crossovers of every turn count).
    static func walkKinds(_ s: DriftScenario, _ d: DriftDecomposition) -> [(
        shape: WalkShape, context: String, crossovers: [DriftDecomposition.Crossover]
    )] {
        let contextFactors = varying(s).filter { [.input, .tilt].contains($0) }
        var order: [String] = []
        var members: [String: (WalkShape, String, [DriftDecomposition.Crossover])] = [:]
        for x in d.crossovers {
            let c = x.representative
            let context = contextFactors.map { $0.value(c) }.joined(separator: ", ")
            let key = "\(c.walk.shape.rawValue)|\(context)"
            if members[key] == nil {
                order.append(key)
                members[key] = (c.walk.shape, context, [])
            }
            members[key]?.2.append(x)
        }
        return order.compactMap { members[$0] }.map { (shape: $0.0, context: $0.1, crossovers: $0.2) }
    }

    /// The plain-words answer, generated from the error budget's shares and crossovers: which of time and turning
    /// dominates the mean-square drift, for which walks, and from which duration on.
    static func decompositionHeadline(_ s: DriftScenario, _ a: DriftAnalysis) throws -> String {
        guard !a.decompositions.isEmpty else {
            return "No walk here drifts at all: this gyro model adds no error to these walks."
        }
        var sentences: [String] = []
        var boundsFromIntervals = false
        for d in a.decompositions {
            let who: String
            if s.sameDevice {
                who = a.decompositions.count > 1 ? "On this `\(d.profile.name)` phone" : "On this phone"
            } else {
                who = "For phones like `\(d.profile.name)` (a fresh phone each walk)"
            }
            let kinds = walkKinds(s, d)
            guard !kinds.isEmpty else {
                sentences.append("\(who), every walk here is straight, so all of the drift comes from time.")
                continue
            }
            var everywhereTime: [DriftCell] = []
            var everywhereTurning: [DriftCell] = []
            var tiltDriven = false
            var clauses: [String] = []
            // A kind whose turn counts disagree (some cross inside the grid, others do not) is split by turn count,
            // so that merging cannot hide the turn counts where one side dominates throughout.
            var parts: [(kind: (shape: WalkShape, context: String, crossovers: [DriftDecomposition.Crossover]), turns: String)] = []
            for kind in kinds {
                let split = splitByStatus(kind.crossovers)
                if split.count == 1 {
                    parts.append((kind, ""))
                } else {
                    for members in split {
                        let counts = members.map(\.representative.walk.turns)
                        let turns = "with \(list(counts.map(String.init))) turn\(counts == [1] ? "" : "s")"
                        parts.append(((kind.shape, kind.context, members), turns))
                    }
                }
            }
            var splitEverywhere: [String] = []
            for (kind, turns) in parts {
                let v = verdict(kind.crossovers)
                let noun =
                    shapeNoun(kind.shape) + (turns.isEmpty ? "" : " " + turns) + (kind.context.isEmpty ? "" : " (\(kind.context))")
                let tiltNote = v.tilt ? ", mostly the held tilt's under-reading of every turn," : ""
                let representative = kind.crossovers[0].representative
                switch v.kind {
                case .time where !turns.isEmpty:
                    splitEverywhere.append("time dominates \(noun) at every duration here (\(try durationRange(s)))")
                case .turning where !turns.isEmpty:
                    splitEverywhere.append(
                        "turning\(v.tilt ? " (mostly the held tilt's under-reading of every turn)" : "") dominates \(noun) at every duration here (\(try durationRange(s)))"
                    )
                case .time: everywhereTime.append(representative)
                case .turning:
                    everywhereTurning.append(representative)
                    tiltDriven = tiltDriven || v.tilt
                case .crossing:
                    boundsFromIntervals = boundsFromIntervals || v.turningBelow != nil || v.timeBeyond != nil
                    switch (v.turningBelow, v.timeBeyond) {
                    case (let n?, let m?):
                        clauses.append(
                            "turning\(tiltNote) dominates \(noun) shorter than about \(try minutesLowText(n)) minutes; beyond \(try minutesHighText(m)) minutes, time does"
                        )
                    case (let n?, nil):
                        clauses.append(
                            "turning\(tiltNote) dominates \(noun) shorter than about \(try minutesLowText(n)) minutes; up to the longest here (\(try minutesText(v.maximumMinutes)) minutes) these trials cannot say that time has taken over"
                        )
                    case (nil, let m?):
                        clauses.append(
                            "time dominates \(noun) longer than about \(try minutesHighText(m)) minutes; at the shortest here (\(try minutesText(v.minimumMinutes)) minutes) these trials cannot say that turning dominates"
                        )
                    case (nil, nil):
                        clauses.append(
                            "for \(noun) of \(try minutesText(v.minimumMinutes))–\(try minutesText(v.maximumMinutes)) minutes these trials cannot say whether time or turning dominates"
                        )
                    }
                }
            }
            clauses += splitEverywhere
            let range = try durationRange(s)
            if !everywhereTurning.isEmpty {
                clauses.append(
                    "turning\(tiltDriven ? " (mostly the held tilt's under-reading of every turn)" : "") dominates \(walkList(s, everywhereTurning)) at every duration here (\(range))"
                )
            }
            if !everywhereTime.isEmpty {
                clauses.append("time dominates \(walkList(s, everywhereTime)) at every duration here (\(range))")
            }
            sentences.append("\(who), " + clauses.joined(separator: "; ") + ".")
        }
        if boundsFromIntervals, let caution = try crossoverIntervalCaution(s) { sentences.append(caution) }
        return sentences.joined(separator: " ")
    }

    /// Names walk kinds compactly: per shape and input, the tilts listed, or left out when every tilt of the grid
    /// is there; the input left out when every input has every tilt. "loops (rotation-rate, tilt 15°, 30° and 45°)
    /// and zigzags".
    static func walkList(_ s: DriftScenario, _ cells: [DriftCell]) -> String {
        let tiltsVary = varying(s).contains(.tilt)
        let inputsVary = varying(s).contains(.input)
        let allTilts = Set(s.cells.map(\.tiltDegrees))
        let allInputs = Set(s.cells.map(\.input))
        var phrases: [String] = []
        var shapes: [WalkShape] = []
        for c in cells where !shapes.contains(c.walk.shape) { shapes.append(c.walk.shape) }
        for shape in shapes {
            let mine = cells.filter { $0.walk.shape == shape }
            var inputs: [HeadingInput] = []
            for c in mine where !inputs.contains(c.input) { inputs.append(c.input) }
            let complete = inputs.filter { input in Set(mine.filter { $0.input == input }.map(\.tiltDegrees)) == allTilts }
            if Set(complete) == allInputs {
                phrases.append(shapeNoun(shape))
                continue
            }
            for input in inputs {
                let tilts = mine.filter { $0.input == input }.map(\.tiltDegrees)
                var context: [String] = []
                if inputsVary { context.append(input.rawValue) }
                if tiltsVary, Set(tilts) != allTilts { context.append("tilt " + list(tilts.map { "\(Format.exact($0))°" })) }
                phrases.append(shapeNoun(shape) + (context.isEmpty ? "" : " (\(context.joined(separator: ", ")))"))
            }
        }
        return list(phrases)
    }

    static func durationRange(_ s: DriftScenario) throws -> String {
        let minutes = s.cells.map(\.walk.minutes)
        let low = minutes.min() ?? 0
        let high = minutes.max() ?? 0
        return low == high ? "\(try minutesText(low)) minutes" : "\(try minutesText(low))–\(try minutesText(high)) minutes"
    }

    /// "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    // MARK: - Findings from the error budget

    static func intervalText(_ c: DriftDecomposition.Component) throws -> String {
        guard c.isReliablyDetected else { return try boundText(c) }
        return "\(try deg(c.estimate)) \(c.unit) (95% CI \(try deg(c.interval.low)) to \(try deg(c.interval.high)))"
    }

    /// A spread the bootstrap replicates' own selection drops in more than 2.5% of them: no point value (the value a
    /// term takes when it survives selection is biased upward), only the replicates' 97.5% point as a bound.
    static func boundText(_ c: DriftDecomposition.Component) throws -> String {
        "not reliably detected (kept in \(try Format.percent(c.keptShare ?? 0, decimals: 0)) of the bootstrap refits), "
            + "at most \(try deg(c.interval.high)) \(c.unit) (95% upper bound)"
    }

    /// A one-phone in-run noise term: its bootstrap range, labelled rough (it under-covers; see the caller).
    static func roughIntervalText(_ c: DriftDecomposition.Component) throws -> String {
        guard c.isReliablyDetected else { return try boundText(c) }
        return "\(try deg(c.estimate)) \(c.unit) (rough range \(try deg(c.interval.low)) to \(try deg(c.interval.high)))"
    }

    static func decompositionFindings(_ s: DriftScenario, _ a: DriftAnalysis) throws -> [String] {
        var items: [String] = []
        for d in a.decompositions {
            let scope = a.decompositions.count > 1 ? " (`\(d.profile.name)`)" : ""
            if s.sameDevice {
                let phone = try d.components.filter(\.isPhoneValue).map { c in
                    "\(c.label) \(try intervalText(c)) [the simulated phone's: \(try deg(c.profileValue)) \(c.unit)]"
                }
                if !phone.isEmpty {
                    items.append(
                        "This one phone\(scope), from its signed drifts (weighted least squares within the likelihood fit): "
                            + phone.joined(separator: "; ") + ".")
                }
                if let spread = try inRunSpreadFinding(d, scope: scope) { items.append(spread) }
            }
            // One phone's in-run noise terms: their bootstrap intervals under-cover in simulation (white noise and
            // bias instability trade the in-run variance between them: `dev drift-coverage`, docs/drift.md), so they
            // are given as rough ranges, never as 95% intervals.
            let interval = { (c: DriftDecomposition.Component) throws -> String in
                s.sameDevice ? try roughIntervalText(c) : try intervalText(c)
            }
            let spreads = try d.components.filter { !$0.isPhoneValue }.map { c in
                c.carries.isEmpty
                    ? "\(c.label) \(try interval(c)) [profile: \(try deg(c.profileValue))]"
                    : "\(c.label) \(try interval(c)), which also carries the \(list(c.carries))'s part [profile: \(try deg(c.profileValue)) for the \(c.label) alone]"
            }
            if !spreads.isEmpty {
                items.append(
                    (s.sameDevice
                        ? "Its in-run noise\(scope): " : "Error budget of the phones\(scope) (1σ over phones, fitted to the walks): ")
                        + spreads.joined(separator: "; ") + "."
                        + (s.sameDevice
                            ? " \(spreads.count == 1 ? "That range is rough, not a 95% interval" : "Those ranges are rough, not 95% intervals"): with one phone, white noise and bias instability trade the in-run variance between them, and in simulated replications such ranges held the true value less often than 95% of the time (docs/drift.md, coverage)\(d.inRunSpreads.isEmpty ? "" : "; the walk-to-walk spread above is the in-run noise these walks do identify")."
                            : ""))
            }
            for note in d.notSeparated { items.append("Note\(scope): \(note).") }
            if !d.unidentified.isEmpty {
                items.append(
                    "Not identified in these trials\(scope) (a fit without it is as good, likelihood ratio below 2.71, the 5% point for a variance at zero): "
                        + list(d.unidentified.map(\.label)) + ".")
            }
            if let lr = d.turningLikelihoodRatio, let p = d.turningPValue {
                items.append(
                    "The gyro's turning errors\(scope) (\(s.sameDevice ? "the phone's scale factor and asymmetry" : "scale factor and asymmetry")) \(p < 0.05 ? "add drift" : "add no measurable drift"): a fit without them is worse by a likelihood ratio of \(try deg(lr)) (p \(try pText(p)), χ² test, conservative at a zero variance)."
                )
            }
            // Turning's share at the shortest and the longest duration, for the walk of each kind that turns most.
            let kinds = walkKinds(s, d)
            if kinds.count > 4 {
                items.append("Turning's share of each walk's mean-square drift is in the table under \"Where the drift comes from\".")
            }
            for kind in kinds where kinds.count <= 4 {
                guard let most = kind.crossovers.max(by: { $0.representative.walk.turns < $1.representative.walk.turns }) else { continue }
                let w = most.representative
                let cells = d.shares.filter {
                    $0.cell.walk.shape == w.walk.shape && $0.cell.walk.turns == w.walk.turns && $0.cell.input == w.input
                        && $0.cell.tiltDegrees == w.tiltDegrees
                }.sorted { $0.cell.walk.minutes < $1.cell.walk.minutes }
                guard let first = cells.first, let last = cells.last else { continue }
                let label = "\(w.walk.shape.rawValue) with \(w.walk.turns) turns" + (kind.context.isEmpty ? "" : " (\(kind.context))")
                var text =
                    "Turning's share of the mean-square drift\(scope), \(label): \(try shareText(first, d)) at \(Format.exact(first.cell.walk.minutes)) min"
                if last.cell.index != first.cell.index {
                    text += ", \(try shareText(last, d)) at \(Format.exact(last.cell.walk.minutes)) min"
                }
                items.append(text + ".")
            }
        }
        return items
    }

    /// One phone's walk-to-walk spread at each duration (``DriftDecomposition/InRunSpread``) against the profile, and
    /// whether each interval holds the profile's value, in words generated from the numbers; `nil` without spreads.
    static func inRunSpreadFinding(_ d: DriftDecomposition, scope: String) throws -> String? {
        guard !d.inRunSpreads.isEmpty else { return nil }
        let values = try d.inRunSpreads.map { x in
            "\(try deg(x.estimateDeg))° at \(try minutesText(x.minutes)) min (95% CI \(try deg(x.interval.low)) to \(try deg(x.interval.high)); profile \(try deg(x.profileDeg)))"
        }
        let varying = d.inRunSpreads.map(\.cellsWithVaryingRotation).reduce(0, +)
        var text =
            "The walk-to-walk spread of its drift about its fixed errors\(scope), which is all of its in-run noise together "
            + "(bias instability, white noise and rate random walk; the SD of the signed drift within each cell"
            + (varying > 0
                ? ", after each trial's rotations are regressed out in the \(varying) cell\(varying == 1 ? "" : "s") whose turns vary" : "")
            + ", pooled over the cells of each duration, with χ² 95% intervals, exact when the in-run noise is normal): "
            + values.joined(separator: "; ") + "."
        let below = try d.inRunSpreads.filter { $0.interval.high < $0.profileDeg }.map { try minutesText($0.minutes) }
        let above = try d.inRunSpreads.filter { $0.interval.low > $0.profileDeg }.map { try minutesText($0.minutes) }
        if below.isEmpty, above.isEmpty {
            text += d.inRunSpreads.count == 1 ? " The interval holds the profile's value." : " Every interval holds the profile's value."
        } else {
            if !above.isEmpty { text += " The spread is above the profile's at \(list(above)) min." }
            if !below.isEmpty { text += " The spread is below the profile's at \(list(below)) min." }
        }
        return text
    }

    /// How the report names the upper bound of a term the elimination dropped (``DriftDecomposition/Unidentified/upperBound``,
    /// ``DriftDecomposition/CellShare/turningShareUpperBound``): a profile-likelihood end at a cut-off that allows
    /// for the term's having been dropped because its likelihood ratio came out small.
    static let droppedTermBoundName = "95% profile-likelihood bound, allowing for the selection"

    /// Turning's share with its interval: "69% (95% CI 64% to 73%)", with as many decimals as keep a share that is
    /// neither 0 nor 1 from printing as "0%" or "100%" (up to two), the bounds rounded outward ("0.1% (95% CI 0.01%
    /// to 0.41%)"). A straight walk says it has no turns; a walk that turns but whose turning errors were all
    /// dropped (not identified, or not separable) says so instead of "0% (95% CI 0% to 0%)".
    static func shareText(_ c: DriftDecomposition.CellShare, _ d: DriftDecomposition) throws -> String {
        let share = 1 - c.timeShare
        let low = 1 - c.timeShareInterval.high
        let high = 1 - c.timeShareInterval.low
        if share == 0, high == 0, c.tiltDeg2 == 0 {
            if c.cell.walk.turns == 0 { return "0 (a straight walk)" }
            let dropped = d.unidentified.filter { $0.source == .turning }.map(\.label)
            guard !dropped.isEmpty else { return "0 (no turning error of the fitted model applies to this walk)" }
            let bound = try c.turningShareUpperBound.map { ", at most \(try shareBoundText($0)) (\(droppedTermBoundName))" }
            return
                "not identified (the \(list(dropped)), which this walk's turning comes from, is not identified in these trials)"
                + (bound ?? "")
        }
        return try sharePercent(share, low: low, high: high)
    }

    /// An upper bound of a share as a percentage rounded up, with as many decimals (up to two) as keep a bound that
    /// is neither 0 nor 1 from printing as "0%" or "100%": "0.37%" for 0.00362.
    static func shareBoundText(_ x: Double) throws -> String {
        var decimals = 0
        while decimals < 2, x > 0, x < 1, x * 100 * pow(10, Double(decimals)) < 0.5 || (1 - x) * 100 * pow(10, Double(decimals)) < 0.5 {
            decimals += 1
        }
        let scale = pow(10, Double(decimals)) * 100
        let q = x * scale
        let nearest = q.rounded()
        let r = abs(q - nearest) <= 1e-9 ? nearest : q.rounded(.up)
        return try Format.percent(min(max(r / scale, 0), 1), decimals: decimals)
    }

    /// "69% (95% CI 64% to 73%)": fractions as percentages, the bounds rounded outward.
    static func sharePercent(_ share: Double, low: Double, high: Double) throws -> String {
        func distinct(_ x: Double, _ decimals: Int) -> Bool {
            let half = 0.5 * pow(10, -Double(decimals)) / 100
            return x <= 0 || x >= 1 || (x >= half && x <= 1 - half)
        }
        var decimals = 0
        while decimals < 2, ![share, low, high].allSatisfy({ distinct($0, decimals) }) { decimals += 1 }
        let scale = pow(10, Double(decimals)) * 100
        func bound(_ x: Double, up: Bool) throws -> String {
            let q = x * scale
            let nearest = q.rounded()
            let r = abs(q - nearest) <= 1e-9 ? nearest : (up ? q.rounded(.up) : q.rounded(.down))
            return try Format.percent(min(max(r / scale, 0), 1), decimals: decimals)
        }
        return "\(try Format.percent(share, decimals: decimals)) (95% CI \(try bound(low, up: false)) to \(try bound(high, up: true)))"
    }

    // MARK: - Tables

    static func componentTable(_ d: DriftDecomposition) throws -> MarkdownTable {
        let right = MarkdownTable.Alignment.right
        var t = MarkdownTable(columns: [
            MarkdownTable.Column("error"), MarkdownTable.Column("of"), MarkdownTable.Column("unit"),
            MarkdownTable.Column("fitted", alignment: right), MarkdownTable.Column("95% CI", alignment: right),
            MarkdownTable.Column(d.sameDevice ? "simulated value" : "profile 1σ", alignment: right),
        ])
        for c in d.components {
            try t.append([
                c.label + (c.carries.isEmpty ? "" : " (carries the \(list(c.carries))'s part)"),
                c.isPhoneValue ? "this phone" : (d.sameDevice ? "in-run noise" : "spread over phones"), c.unit,
                c.isReliablyDetected ? try deg(c.estimate) : "not reliably detected",
                c.isReliablyDetected
                    ? (d.sameDevice && !c.isPhoneValue ? "rough: " : "") + "\(try deg(c.interval.low)) to \(try deg(c.interval.high))"
                    : "at most \(try deg(c.interval.high)) (kept in \(try Format.percent(c.keptShare ?? 0, decimals: 0)) of refits)",
                try deg(c.profileValue),
            ])
        }
        for u in d.unidentified {
            try t.append([
                u.label, d.sameDevice ? "in-run noise" : "spread over phones", u.unit, "not identified",
                "a fit without it is as good (LR \(try deg(u.likelihoodRatio)))"
                    + (try u.upperBound.map {
                        $0.isFinite
                            ? "; at most \(try deg($0)) (\(droppedTermBoundName))"
                            : "; no finite upper bound (\(droppedTermBoundName))"
                    } ?? ""),
                try deg(u.profileValue),
            ])
        }
        for x in d.inRunSpreads {
            try t.append([
                "walk-to-walk spread at \(try minutesText(x.minutes)) min", "in-run noise, all terms", "°", try deg(x.estimateDeg),
                "\(try deg(x.interval.low)) to \(try deg(x.interval.high))", try deg(x.profileDeg),
            ])
        }
        return t
    }

    static func shareTable(_ s: DriftScenario, _ d: DriftDecomposition, _ a: DriftAnalysis) throws -> MarkdownTable {
        let right = MarkdownTable.Alignment.right
        let context = varying(s).filter { [.input, .tilt].contains($0) }
        var t = MarkdownTable(
            columns: context.map { MarkdownTable.Column(factorName($0)) } + [
                MarkdownTable.Column("shape"), MarkdownTable.Column("minutes", alignment: right),
                MarkdownTable.Column("turns", alignment: right), MarkdownTable.Column("observed MS (°²)", alignment: right),
                MarkdownTable.Column("fitted MS (°²)", alignment: right), MarkdownTable.Column("time (°²)", alignment: right),
                MarkdownTable.Column("turning (°²)", alignment: right), MarkdownTable.Column("of which tilt (°²)", alignment: right),
                MarkdownTable.Column("turning share", alignment: right),
            ])
        for c in d.shares {
            let observed = a.cells.first { $0.cell.index == c.cell.index }.map { $0.rmsDriftDeg * $0.rmsDriftDeg } ?? 0
            try t.append(
                context.map { $0.value(c.cell) } + [
                    c.cell.walk.shape.rawValue, Format.exact(c.cell.walk.minutes), String(c.cell.walk.turns), try deg(observed),
                    try deg(c.meanSquareDeg2), try deg(c.timeDeg2), try deg(c.turningDeg2), try deg(c.tiltDeg2), try shareText(c, d),
                ])
        }
        return t
    }

    /// With fewer walks per cell than ``DriftDecomposition/crossoverIntervalMinimumTrials``, the crossover's 95%
    /// interval was never measured to cover: the sentence that says so, else nil.
    static func crossoverIntervalCaution(_ s: DriftScenario) throws -> String? {
        let minimum = DriftDecomposition.crossoverIntervalMinimumTrials
        guard s.trialsPerCell < minimum else { return nil }
        return "With \(s.trialsPerCell) walks per cell, read these crossover durations as rough: their 95% intervals were "
            + "measured to contain the true crossover at their nominal rate from \(minimum) walks per cell, not below."
    }

    static func crossoverTable(_ s: DriftScenario, _ d: DriftDecomposition) throws -> MarkdownTable {
        let context = varying(s).filter { [.input, .tilt].contains($0) }
        var t = MarkdownTable(
            columns: context.map { MarkdownTable.Column(factorName($0)) } + [
                MarkdownTable.Column("shape"), MarkdownTable.Column("turns", alignment: .right),
                MarkdownTable.Column("time overtakes turning"),
            ])
        for x in d.crossovers {
            let c = x.representative
            let text: String
            switch x.status {
            case .timeEverywhere: text = "time dominates from \(try minutesText(x.minimumMinutes)) min (the shortest here)"
            case .turningEverywhere: text = "turning dominates up to \(try minutesText(x.maximumMinutes)) min (the longest here)"
            case .crosses(let m, let low, let high):
                text = "at \(try minutesText(m)) min (95% CI \(try minutesLowText(low)) to \(try minutesHighText(high)))"
            case .turningNotIdentified(let atMost):
                text =
                    "not identified (the fit dropped these walks' turning errors); "
                    + (atMost <= x.maximumMinutes
                        ? "at most \(try minutesHighText(atMost)) min (95% bound, with them at their bounds)"
                        : "with them at their 95% bounds turning could dominate up to \(try minutesText(x.maximumMinutes)) min (the longest here)")
            }
            try t.append(context.map { $0.value(c) } + [c.walk.shape.rawValue, String(c.walk.turns), text])
        }
        return t
    }

    static func decompositionSection(_ doc: inout MarkdownDocument, _ s: DriftScenario, _ a: DriftAnalysis) throws {
        guard !a.decompositions.isEmpty else { return }
        doc.heading("Where the drift comes from", level: 2)
        let replicates = a.decompositions.first?.bootstrapReplicates ?? 0
        let profiledCrossover = a.decompositions.contains { d in d.crossovers.contains { $0.candidateIntervals["profile"] != nil } }
        doc.paragraph(
            "The gyro model makes each walk's drift a sum of independent errors with known forms in the walk's duration T, "
                + "net rotation θ_net and total rotation θ_total: turn-on bias (∝ T), bias instability (integrated Gauss–Markov), "
                + "white noise (√T), rate random walk (T^1.5), scale factor (∝ θ_net), asymmetry (∝ θ_total/2) and, when the z rate "
                + "is integrated with the phone tilted, a fixed under-reading (cos α − 1)·θ_net. "
                + (s.sameDevice
                    ? "With one phone, its bias, scale factor and asymmetry are fixed numbers, estimated as the mean of the signed drift; the in-run noise is its variance. "
                    : "Over a class of phones each error has mean zero, so the mean-square drift is a sum of variance components times known regressors. ")
                + (s.sameDevice
                    ? "They are fitted by restricted maximum likelihood (REML, which estimates the in-run variance without the downward bias that estimating the fixed errors gives plain maximum likelihood) to "
                    : "They are fitted by maximum likelihood to ")
                + (a.keptWalksPerCell.map { "the first \($0) walks of each cell" } ?? "every trial")
                + " (normal likelihood, Fisher scoring with the variances kept ≥ 0). "
                + (s.sameDevice
                    ? "The phone's bias, scale factor and asymmetry have 95% t intervals from the model-based standard error of the weighted least squares (the inverse of Σ z·zᵀ/v over the trials, v the fitted variance; t with Satterthwaite's degrees of freedom for that standard error, at most n − p). "
                        + "The walk-to-walk spread at each duration is the pooled SD of the signed drift within cells (residuals of each cell's fit on the rotations that vary in it), "
                        + "with the exact χ² interval: within a cell the in-run noise is a sum of normal terms, so that variance is χ²-distributed; it is compared with "
                        + "√(σ_GM²·2τ²(T/τ − 1 + e^(−T/τ)) + N²T + K²T³/3) of the profile. "
                        + "Turning's share of a walk's mean square has the 95% interval of the delta method on the log-odds of the share, from the same standard errors of the bias, scale factor and asymmetry and the inverse Fisher information of the in-run variances (t with the smallest of their Satterthwaite degrees of freedom); its ends stay between 0 and 100%. "
                        + "The other intervals are "
                    : "Intervals are ")
                + "95% bias-corrected percentile intervals of a stratified bootstrap over trials (\(replicates) replicates, trials "
                + "resampled within each cell, the whole fit repeated; seeded from the scenario seed\(s.sameDevice ? "; for the in-run terms only rough ranges" : "")); the crossover's is symmetric on the "
                + "log scale around the estimate, as wide as the replicates' central 95% range of log T"
                + (profiledCrossover
                    ? "; for a walk held upright whose turning comes from one error it is widened to take in the crossover's 95% "
                        + "profile-likelihood interval (the fit held to time = turning at each duration), because over few trials "
                        + "per cell the bootstrap's alone fell short"
                    : "")
                + "; it is clipped to the durations here. "
                + (s.sameDevice
                    ? ""
                    : "A spread's upper end is the larger of the bootstrap's and its 95% profile-likelihood interval's (the other "
                        + "components re-fitted at each value): over few trials per cell the bootstrap's alone fell short. ")
                + "Time's part of a walk's mean square is the time errors' (bias, bias instability, white noise, rate random walk); "
                + "turning's part is the scale factor's, the asymmetry's and the tilt's. The headline compares those parts."
                + (s.sameDevice
                    ? " With one phone the two parts leave out their signed cross term 2·(time's mean)·(turning's mean), which the fitted mean square includes."
                    : ""))
        for d in a.decompositions {
            if a.decompositions.count > 1 { doc.heading("Profile `\(d.profile.name)`", level: 3) }
            doc.table(try componentTable(d))
            if !d.crossovers.isEmpty {
                doc.table(try crossoverTable(s, d))
                let intervals = d.crossovers.contains { if case .crosses = $0.status { true } else { false } }
                if intervals, let caution = try crossoverIntervalCaution(s) { doc.paragraph(caution) }
            }
            doc.table(try shareTable(s, d, a))
            if !d.converged { doc.paragraph("The likelihood fit stopped at its iteration limit before converging.") }
        }
    }
}
