import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import MonteCarlo
@testable import Studies

/// `confirm.days`: the fresh days a geofence recommendation is confirmed on, read and validated like the shake
/// study's (`ConfirmationPlan`): 0…1000, default 20, one line naming the field otherwise.
@Suite struct GeofenceConfirmDaysTests {
    func load(_ json: String) throws -> GeofenceScenario {
        let (folder, path) = try geofenceScenarioFile(json)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, problem: "not geofence")
        }
        return s
    }

    @Test func defaultsToTwentyAndReadsTheKey() throws {
        #expect(try load(smallGeofenceScenario()).confirmationDays == 20)
        #expect(try load(smallGeofenceScenario(extra: #", "confirm": {"days": 30}"#)).confirmationDays == 30)
        #expect(try load(smallGeofenceScenario(extra: #", "confirm": {"days": 0}"#)).confirmationDays == 0)
        #expect(try load(smallGeofenceScenario(extra: #", "confirm": {}"#)).confirmationDays == 20)
    }

    /// Each bad value: exit-65 data error naming `confirm.days` (or the unknown key), with a line.
    @Test(arguments: [
        (#", "confirm": {"days": -1}"#, "confirm.days", "must be between 0 and 1000, got -1"),
        (#", "confirm": {"days": 1001}"#, "confirm.days", "must be between 0 and 1000, got 1001"),
        (#", "confirm": {"days": 2.5}"#, "confirm.days", "must be a whole number"),
        (#", "confirm": {"timelines": 5}"#, "confirm.timelines", "unknown key"),
        (#", "confirm": 3"#, "confirm", "object"),
    ])
    func refusesBadValues(extra: String, field: String, problem: String) throws {
        do {
            _ = try load(smallGeofenceScenario(extra: extra))
            Issue.record("accepted: \(extra)")
        } catch let error as InputError {
            #expect(error.kind == .badData)
            #expect(error.field == field, "\(error)")
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.line != nil, "\(error)")
            #expect(!"\(error)".contains("\n"), "one line: \(error)")
        }
    }

    /// 1000 days of 2 cells × 300 000 visits = 6·10⁸ fresh visits > 2²⁹ = 536 870 912: refused (the stream would
    /// run into `dev geofence-recheck`'s); 894 days (5.364·10⁸) fit.
    @Test func refusesMoreFreshVisitsThanItsStream() throws {
        let big = smallGeofenceScenario(trials: 300_000, extra: #", "confirm": {"days": 1000}"#)
        do {
            _ = try load(big)
            Issue.record("accepted 6e8 fresh visits")
        } catch let error as InputError {
            #expect(error.field == "confirm.days", "\(error)")
            #expect(error.problem.contains("1000 days of 600000 visits is more than 2²⁹ = 536870912 fresh visits"), "\(error)")
        }
        #expect(try load(smallGeofenceScenario(trials: 300_000, extra: #", "confirm": {"days": 894}"#)).confirmationDays == 894)
    }
}
