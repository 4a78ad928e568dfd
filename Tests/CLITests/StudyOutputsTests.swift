import Testing

@testable import MonteCarlo
@testable import Studies
@testable import sensorbench

/// `run --help` lists every study's outputs: the table matches what the studies write.
@Suite struct StudyOutputsTests {
    /// One shipped scenario per study, and the geofence scenarios whose charts differ (tour, distances, variants).
    static let scenarios = [
        "drift-one-phone", "shake-everyday", "scribble-tuning", "geofence-penn-tour", "geofence-mcclelland",
        "geofence-false-triggers",
    ]

    @Test func everyStudyHasAnEntryAndRunHelpListsIt() {
        #expect(StudyOutputs.table.map(\.study) == StudyRegistry.names)
        let help = HelpText.text("run")
        for entry in StudyOutputs.table {
            #expect(help.contains("  \(entry.study) "))
            for output in entry.outputs { #expect(help.contains(output.shown), "run --help lacks \(output.shown)") }
        }
    }

    @Test func patternsMatchLikeTheShell() {
        #expect(StudyOutputs.matches("false-triggers-campus.svg", "false-triggers-*.svg"))
        #expect(StudyOutputs.matches("false-triggers-mcclelland-old-indoor.svg", "false-triggers-*.svg"))
        #expect(!StudyOutputs.matches("false-triggers.svg", "false-triggers-*.svg"))
        #expect(!StudyOutputs.matches("rates.csv.bak", "rates.csv"))
    }

    /// Each file the scenarios write (one trial per cell) matches a listed output of its study, and every listed
    /// output is written by at least one of them.
    @Test func writtenFilesMatchTheTable() throws {
        var matched: Set<String> = []
        for name in Self.scenarios {
            let path = SensorBench.packageRoot.appendingPathComponent("Scenarios/\(name).json").path
            let scenario = try ScenarioFile.load(path: path, overrides: RunOverrides(trialsPerCell: 1))
            let outputs = try #require(StudyOutputs.table.first { $0.study == scenario.kind }).outputs
            for file in try scenario.report(runner: MonteCarloRunner(jobs: 1)).paths {
                let hit = outputs.first { StudyOutputs.matches(file, $0.pattern) }
                #expect(hit != nil, "\(name) writes \(file), which run --help does not list")
                if let hit { matched.insert("\(scenario.kind)/\(hit.pattern)") }
            }
        }
        for entry in StudyOutputs.table {
            for output in entry.outputs {
                #expect(matched.contains("\(entry.study)/\(output.pattern)"), "no scenario writes \(entry.study)'s \(output.shown)")
            }
        }
    }
}
