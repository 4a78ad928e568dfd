import Reporting

/// A shake report's simulated false-alarm rates set beside real ones (``MotionReference``): for each real activity
/// the report simulates, the settings whose simulated rate on the matching activity differs from the real rate by
/// more than a factor of two (``MotionCheck/differ(_:exposureA:_:exposureB:)``: a 0 counts at one event over its
/// side's hours).
package struct RealMotionComparison: Sendable {
    /// The reference.
    package let reference: MotionReference
    /// Its path as reports name it.
    package let file: String

    package init(reference: MotionReference, file: String) {
        self.reference = reference
        self.file = file
    }

    /// One setting on one activity: real and simulated false alarms an hour.
    package struct Pair: Sendable, Equatable {
        package let setting: Int
        package let realPerHour: Double
        package let simulatedPerHour: Double
    }

    /// One real activity's verdict for a report.
    package struct Verdict: Sendable {
        package let activity: MotionReference.Activity
        /// False when the report gives the activity no simulated time.
        package let simulated: Bool
        /// The settings whose rates differ by more than a factor of two, in setting order.
        package let mismatched: [Pair]
        /// The settings the reference holds a real rate for.
        package let checkedSettings: [Int]
        package var checked: Int { checkedSettings.count }
    }

    /// The verdicts, one per reference activity, for settings labelled `labels` (``MotionCheck/label(_:)``).
    ///
    /// - Parameters:
    ///   - activityNames: the report's activity names (its labels' vocabulary).
    ///   - simulated: the report's false alarms an hour of setting s during activity i, and the hours of i.
    package func verdicts(
        labels: [String], activityNames: [String], simulated: (_ setting: Int, _ activity: Int) -> (rate: Double, hours: Double)
    ) -> [Verdict] {
        reference.activities.map { real in
            guard let i = activityNames.firstIndex(of: real.simulated.rawValue), simulated(0, i).hours > 0 else {
                return Verdict(activity: real, simulated: false, mismatched: [], checkedSettings: [])
            }
            var checked: [Int] = []
            var mismatched: [Pair] = []
            for (s, label) in labels.enumerated() {
                guard let realRate = real.falseAlarmsPerHour(label) else { continue }
                checked.append(s)
                let sim = simulated(s, i)
                if MotionCheck.differ(realRate, exposureA: real.hours, sim.rate, exposureB: sim.hours) {
                    mismatched.append(Pair(setting: s, realPerHour: realRate, simulatedPerHour: sim.rate))
                }
            }
            return Verdict(activity: real, simulated: true, mismatched: mismatched, checkedSettings: checked)
        }
    }

    /// The report's section: which activities the simulation does not match for these settings, and which it does,
    /// each named with its numbers.
    ///
    /// - Parameter settingName: a setting's name as the report writes it ("window-fraction at 1 g").
    package func section(_ verdicts: [Verdict], settingName: (Int) -> String) -> [String] {
        func rate(_ x: Double) -> String {
            x >= 100 ? String(Int(x.rounded())) : Format.general(x, significantDigits: 2)
        }
        var paragraphs = [
            "The simulated false-alarm rates set beside real ones: \(reference.dataSet), as recorded in `\(file)` (written "
                + "by `\(reference.command)`). A setting does not match on an activity when the real and the simulated "
                + "false alarms an hour differ by more than a factor of two (a 0 counts as one event over its side's "
                + "hours). Real phones recorded at 50 Hz; this report's timelines may use another rate."
        ]
        let compared = verdicts.filter { $0.simulated && $0.checked > 0 }
        let off = compared.filter { !$0.mismatched.isEmpty }
        let on = compared.filter { $0.mismatched.isEmpty }
        var bullets: [String] = []
        for v in off {
            let worst = v.mismatched.max {
                max($0.realPerHour, $0.simulatedPerHour) / max(min($0.realPerHour, $0.simulatedPerHour), 1e-9)
                    < max($1.realPerHour, $1.simulatedPerHour) / max(min($1.realPerHour, $1.simulatedPerHour), 1e-9)
            }
            let example = worst.map {
                "; furthest: \(settingName($0.setting)), \(rate($0.realPerHour)) an hour real against "
                    + "\(rate($0.simulatedPerHour)) simulated"
            }
            bullets.append(
                "- **Does not match: \(v.activity.name)** (simulated as `\(v.activity.simulated.rawValue)`, "
                    + "\(v.activity.files) real files): \(v.mismatched.count) of \(v.checked) settings differ"
                    + (example ?? "") + ".")
        }
        for v in on {
            bullets.append(
                "- Matches: \(v.activity.name) (simulated as `\(v.activity.simulated.rawValue)`): all \(v.checked) "
                    + "settings within a factor of two.")
        }
        let absent = verdicts.filter { !$0.simulated }.map(\.activity.name)
        let unchecked = verdicts.filter { $0.simulated && $0.checked == 0 }.map(\.activity.name)
        if !absent.isEmpty {
            bullets.append("- Not in this report's timelines (no weight): " + absent.joined(separator: ", ") + ".")
        }
        if !unchecked.isEmpty {
            bullets.append("- No real rate on file for these settings: " + unchecked.joined(separator: ", ") + ".")
        }
        paragraphs.append(bullets.joined(separator: "\n"))
        return paragraphs
    }

    /// One sentence for the recommendation: the activities on which the chosen setting's simulated rate does not match,
    /// or that it matches on every compared one; nil when nothing was compared.
    package func recommendationSentence(_ verdicts: [Verdict], setting: Int) -> String? {
        var off: [String] = []
        var compared = 0
        for v in verdicts where v.simulated {
            guard v.checkedSettings.contains(setting) else { continue }
            compared += 1
            if let p = v.mismatched.first(where: { $0.setting == setting }) {
                func rate(_ x: Double) -> String {
                    x >= 100 ? String(Int(x.rounded())) : Format.general(x, significantDigits: 2)
                }
                off.append(
                    "\(v.activity.name) (\(rate(p.realPerHour)) an hour real, \(rate(p.simulatedPerHour)) simulated)")
            }
        }
        guard compared > 0 else { return nil }
        if off.isEmpty {
            return "On real motion (`\(file)`) its false-alarm rate matches the simulated one within a factor of two on "
                + "every compared activity."
        }
        return "On real motion (`\(file)`) its false-alarm rate does **not** match the simulated one on "
            + off.joined(separator: ", ") + ": read its false-alarm figures with that in mind."
    }
}
