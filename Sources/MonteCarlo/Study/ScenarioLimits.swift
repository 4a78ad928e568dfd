import FileFormats

/// Size limits every study's scenario shares, checked before anything runs: the Monte Carlo layer's, because the
/// bound comes from its trial seeding (``TrialSeed``) and every study's grid of cells × trials runs through it.
package enum ScenarioLimits {
    /// Trials in one scenario: below 2³² − 1 so trial seeds stay distinct, and far beyond any useful study.
    package static let maximumTotalTrials = 1_000_000_000

    /// Refuses a grid whose cells × trials exceed ``maximumTotalTrials``, naming the trials field.
    package static func checkTotalTrials(cells: Int, trialsPerCell: Int, field: JSONField) throws(InputError) {
        let total = cells * trialsPerCell
        guard total <= maximumTotalTrials else {
            throw InputError(
                file: field.file, line: field.node.line, field: field.path,
                problem: "\(cells) cells × \(trialsPerCell) trials = \(total) trials, at most \(maximumTotalTrials) allowed")
        }
    }
}
