import Foundation
import Testing

/// A `dev` command's own checks of its options after parsing are usage errors: exit 64 with the usage line, as the
/// parser's, never the generic failure (1) they fell through to before.
@Suite struct DevCommandUsageTests {
    /// A sweep index the scenario does not have, and a scenario of another study.
    @Test func optionsAFileContradictsExitWithUsage() throws {
        let settings = try SensorBench.run([
            "dev", "shake-coverage", "2", "--scenario", "Scenarios/shake-campus-walk.json", "--settings", "999999",
        ])
        #expect(settings.status == 64, "\(settings.stderr)")
        #expect(settings.stderr.hasPrefix("Error: --settings: 999999 is not a setting of Scenarios/shake-campus-walk.json"))
        #expect(settings.stderr.contains("Usage: sensorbench dev shake-coverage"), "\(settings.stderr)")
        #expect(settings.stdout.isEmpty)
        let study = try SensorBench.run(["dev", "geofence-coverage", "Scenarios/shake-campus-walk.json", "2"])
        #expect(study.status == 64, "\(study.stderr)")
        #expect(study.stderr.hasPrefix("Error: Scenarios/shake-campus-walk.json is not a geofence scenario"))
        #expect(study.stdout.isEmpty)
    }
}
