import Foundation
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Recordings
@testable import Studies

@Suite struct WalksDriftLogTests {
    static func parse(_ text: String) throws -> DriftLog {
        try DriftLog.parse(try JSONParser.parse(Array(text.utf8)), file: "log.json")
    }

    @Test func readsBothDateFormsAndToleratesVersionDifferences() throws {
        // 2025-01-01T00:00:00Z is 757 382 400 s after 2001-01-01T00:00:00Z: 24 years with 6 leap days (2004, 2008,
        // 2012, 2016, 2020, 2024) = (24·365 + 6)·86 400.
        let log = try Self.parse(
            """
            [
              {"id": "A", "emoji": "🏠", "name": "home", "date": 757382400, "minutes": 5, "driftDegrees": -3.5},
              {"id": "B", "emoji": "🏫", "name": "school", "date": "2025-01-01T00:00:00Z", "minutes": 10,
               "driftDegrees": 7, "headingSource": "gyro"},
              {"id": "C", "name": "old", "date": "2025-01-01T00:00:00.500Z", "minutes": 2, "driftDegrees": 1},
              {"id": "D", "emoji": "x", "name": "broken", "date": 0, "driftDegrees": 4}
            ]
            """)
        #expect(log.entries.count == 3)
        #expect(log.entries[0].dateSecondsSince2001 == 757_382_400)
        #expect(log.entries[1].dateSecondsSince2001 == 757_382_400)
        #expect(log.entries[2].dateSecondsSince2001 == 757_382_400.5)
        #expect(log.entries[2].emoji == nil)
        #expect(log.skipped.count == 1 && log.skipped[0].place == 6 && log.skipped[0].reason.contains("minutes"))
        #expect(log.notes.contains { $0.contains("headingSource") })
        #expect(log.notes.contains { $0.contains("\"emoji\"") })
    }

    /// A drift of ±1e308° (issue 29's corpus) squared or summed overflows to infinity and used to end the run with
    /// exit 1. |driftDegrees| is limited to ``DriftLog/maximumDriftDegrees`` (360 000°, a thousand turns): an entry
    /// outside is skipped with its line like a bad `minutes`, and a log with no other entry is refused (exit 65).
    @Test func refusesDriftsOutsideTheDocumentedRange() throws {
        #expect(DriftLog.maximumDriftDegrees == 360_000)
        #expect(
            throws: InputError(
                file: "log.json", line: 1,
                problem: "holds no usable walk (2 entries); line 1: \"driftDegrees\" is 1e+308, outside [-360000, 360000]")
        ) { try Self.parse("[{\"minutes\": 1, \"driftDegrees\": 1e308},\n{\"minutes\": 2, \"driftDegrees\": -1e308}]") }
        let log = try Self.parse("[{\"minutes\": 1, \"driftDegrees\": -360000},\n{\"minutes\": 2, \"driftDegrees\": 360000.5}]")
        #expect(log.entries.map(\.driftDegrees) == [-360_000])
        #expect(log.skipped.map(\.place) == [2])
        #expect(log.skipped.first?.reason == "\"driftDegrees\" is 360000.5, outside [-360000, 360000]")
    }

    @Test func refusesALogWithoutUsableWalks() {
        #expect(throws: InputError.self) { try Self.parse("{\"minutes\": 3}") }
        #expect(throws: InputError.self) { try Self.parse("[{\"minutes\": 3}]") }
    }

    @Test func idealProfilePredictsNoDriftAndTheReportRenders() throws {
        // On the `ideal` profile (no error) every simulated walk ends with 0° drift to rounding (the drift study's
        // known-answer test), so any measured drift is above the band.
        let log = try Self.parse(
            """
            [{"minutes": 1, "driftDegrees": 2}, {"minutes": 2, "driftDegrees": 3}, {"minutes": 3, "driftDegrees": 5},
             {"minutes": 3, "driftDegrees": 4}]
            """)
        let analysis = try WalksAnalysis(
            log: log, profile: .init(name: "ideal"), trials: 10, seed: 1, straight: false,
            runner: MonteCarloRunner(jobs: 2))
        #expect(analysis.predictions.count == 3)
        #expect(analysis.predictions.allSatisfy { $0.bandHighDeg < 1e-6 })
        #expect(analysis.aboveBand == 4)
        #expect(analysis.models.first { $0.id == DriftAnalysis.ModelID.growthMinutes }?.fit != nil)
        let files = try WalksReport.render(analysis)
        #expect(files.paths == ["profile.csv", "regression.csv", "summary.md", "walks.csv", "walks.svg"])
        #expect(files.contents(of: "summary.md")?.contains("do not drift as") == true)
    }
}
