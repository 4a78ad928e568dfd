import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import Studies

/// The geofence recommendation's fresh-day sentence: where it was chosen and confirmed, "reliable" only when the
/// Wilson lower bound of the share of fresh days on which the check holds reaches 80%, and otherwise the check that
/// held most often and what stopped it.
@Suite struct GeofenceConfirmationTextTests {
    func scenario() throws -> GeofenceScenario {
        let (folder, path) = try geofenceScenarioFile(smallGeofenceScenario(trials: 4, distances: "[20, 80]"))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            throw InputError(file: path, problem: "not geofence")
        }
        return s
    }

    func confirmation(hold: [Int], reasons: [(reason: String, days: Int)?]) -> GeofenceConfirmation {
        GeofenceConfirmation(
            recommended: 1, environment: "campus", variant: "base", distances: [20, 80], days: 20, holdDays: hold,
            chosenDays: [0, hold[1], 0], commonestFailure: reasons)
    }

    /// 20 of 20 fresh days: Wilson 95% low end 20/(20 + 1.96²) = 0.839 ≥ 0.8.
    @Test func allTwentyDaysIsReliable() throws {
        let s = try scenario()
        let text = try GeofenceReport.confirmationText(
            s, confirmation(hold: [5, 20, 20], reasons: [("misses more than 5.0% of visits at 20 m", 15), nil, nil]),
            probe: 80)
        #expect(
            text.contains("chosen on this report's 4 visits a cell; re-run on 20 fresh days of 4 visits at each of 20, 80 m on campus GPS"),
            "\(text)")
        #expect(
            text.contains(
                "held (missed at most 5.0% of visits and triggered within 30 s at the 95th percentile up to 40 m) on 20 of 20 days"),
            "\(text)")
        #expect(text.contains("fewest false triggers at 80 m among the checks that held on 20 of 20"), "\(text)")
        #expect(text.contains("It holds reliably"), "\(text)")
    }

    /// 17 of 20 (Wilson low end ≈ 0.64): not reliable; naive held on 19 (more), so it is named as the closest, with
    /// what stopped it on the other day.
    @Test func fewerDaysNamesTheClosestAndWhatStopsIt() throws {
        let s = try scenario()
        let text = try GeofenceReport.confirmationText(
            s,
            confirmation(
                hold: [19, 17, 3],
                reasons: [("misses more than 5.0% of visits at 20 m", 1), ("misses more than 5.0% of visits at 20 m", 3), nil]),
            probe: 80)
        #expect(text.contains("on 17 of 20 days (85.0%"), "\(text)")
        #expect(text.contains("It is not shown to hold reliably"), "\(text)")
        #expect(!text.contains("It holds reliably"))
        #expect(text.contains("the check that held on the most fresh days is `naive` (50 m, one fix) (19 of 20, 95.0%)"), "\(text)")
        #expect(text.contains("what stops that one most often: it misses more than 5.0% of visits at 20 m (on 1 of 20 days)"), "\(text)")
    }

    /// When the recommended check is itself the closest, what stops it is said of it.
    @Test func theRecommendedCheckIsTheClosest() throws {
        let s = try scenario()
        let text = try GeofenceReport.confirmationText(
            s,
            confirmation(
                hold: [2, 10, 3],
                reasons: [nil, ("takes more than 30 s to trigger at the 95th percentile at 20 m", 10), nil]),
            probe: 80)
        #expect(!text.contains("held on the most fresh days"), "\(text)")
        #expect(
            text.contains("what stops it most often: it takes more than 30 s to trigger at the 95th percentile at 20 m (on 10 of 20 days)"),
            "\(text)")
    }
}
