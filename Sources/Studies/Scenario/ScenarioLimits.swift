import FileFormats

/// Size limits every study's scenario shares, checked before anything runs.
enum ScenarioLimits {
    /// Trials in one scenario: below 2³² − 1 so trial seeds stay distinct, and far beyond any useful study.
    static let maximumTotalTrials = 1_000_000_000

    /// Refuses a grid whose cells × trials exceed ``maximumTotalTrials``, naming the trials field.
    static func checkTotalTrials(cells: Int, trialsPerCell: Int, field: JSONField) throws(InputError) {
        let total = cells * trialsPerCell
        guard total <= maximumTotalTrials else {
            throw InputError(
                file: field.file, line: field.node.line, field: field.path,
                problem: "\(cells) cells × \(trialsPerCell) trials = \(total) trials, at most \(maximumTotalTrials) allowed")
        }
    }
}
