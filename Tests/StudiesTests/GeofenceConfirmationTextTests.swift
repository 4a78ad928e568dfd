import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import Studies

/// The geofence recommendation's fresh-day sentence: where it was chosen and confirmed, "reliable" only when the
/// 95% lower bound (Clopper–Pearson) of the share of fresh days on which the check holds reaches 80%, and otherwise the
/// check that
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

    /// 20 of 20 fresh days: Clopper–Pearson's 95% low end 0.025^(1/20) = 0.832 ≥ 0.8.
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

    /// 17 of 20 (Clopper–Pearson low end ≈ 0.62): not reliable; naive held on 19 (more), so it is named as the closest, with
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

    // MARK: - Tours and the number of days

    func tourConfirmation(hold: [Int], chosen: [Int], reasons: [(reason: String, days: Int)?], days: Int = 20)
        -> GeofenceConfirmation
    {
        var c = GeofenceConfirmation(
            recommended: 2, environment: "campus", variant: "base", distances: [0], days: days, holdDays: hold,
            chosenDays: chosen, commonestFailure: reasons)
        c.isTour = true
        return c
    }

    /// A tour's claim, "the fewest early plus missed collections per tour", on 20 of 20 fresh days: reliable (low
    /// end 0.832); on 12 of 20 (Clopper–Pearson [0.361, 0.809], scipy's beta quantiles) not, and the check that
    /// was best on the most days is named with the check that beat it.
    @Test func tourSentenceFlipsWithTheFreshDays() throws {
        let s = try scenario()
        let good = try GeofenceReport.confirmationText(
            s, tourConfirmation(hold: [3, 5, 20], chosen: [0, 0, 20], reasons: [("x", 17), ("y", 15), nil]), probe: nil)
        #expect(
            good.contains(
                "**Confirmed on fresh tours:** chosen on this report's 4 tours; re-run on 20 fresh days of 4 tours each on campus GPS"),
            "\(good)")
        #expect(
            good.contains(
                "had the fewest early plus missed collections per tour (ties included) on 20 of 20 days (100.0%, 95% CI 83.2%–100.0%)"),
            "\(good)")
        #expect(good.contains("It holds reliably"), "\(good)")
        let beaten = "has more early plus missed collections per tour than `accuracy-aware` (50 m, whole accuracy circle inside)"
        let bad = try GeofenceReport.confirmationText(
            s,
            tourConfirmation(
                hold: [15, 4, 12], chosen: [8, 0, 12],
                reasons: [
                    (beaten, 5), ("has more early plus missed collections per tour than `naive` (50 m, one fix)", 16),
                    ("has more early plus missed collections per tour than `naive` (50 m, one fix)", 8),
                ]),
            probe: nil)
        #expect(bad.contains("on 12 of 20 days (60.0%, 95% CI 36.1%–80.9%)"), "\(bad)")
        #expect(bad.contains("It is not shown to hold reliably"), "\(bad)")
        #expect(!bad.contains("It holds reliably"))
        #expect(bad.contains("the check that held on the most fresh days is `naive` (50 m, one fix) (15 of 20, 75.0%)"), "\(bad)")
        #expect(bad.contains("what stops that one most often: it \(beaten) (on 5 of 20 days)"), "\(bad)")
        // Ties hold for every tied check but the choice goes to the first: the sentence says on how many it was chosen.
        #expect(bad.contains("was the one chosen") == false, "held 12 and chosen 12: nothing to add")
        let tied = try GeofenceReport.confirmationText(
            s, tourConfirmation(hold: [20, 0, 20], chosen: [20, 0, 0], reasons: [nil, ("z", 20), nil]), probe: nil)
        #expect(tied.contains("and was the one chosen (ties to the first check) on 0 of 20"), "\(tied)")
    }

    /// Every one of 10 fresh days held, yet 10 of 10 has a Clopper–Pearson low end of 0.025^(1/10) = 0.692 < 0.8:
    /// what stops it is the number of days (17 at least: 0.025^(1/n) ≥ 0.8 from n = 16.5 up).
    @Test func tooFewDaysAreNamed() throws {
        let s = try scenario()
        var c = confirmation(hold: [10, 10, 2], reasons: [nil, nil, ("misses more than 5.0% of visits at 20 m", 8)])
        c = GeofenceConfirmation(
            recommended: c.recommended, environment: c.environment, variant: c.variant, distances: c.distances, days: 10,
            holdDays: c.holdDays, chosenDays: [0, 10, 0], commonestFailure: c.commonestFailure)
        let text = try GeofenceReport.confirmationText(s, c, probe: 80)
        #expect(text.contains("on 10 of 10 days (100.0%"), "\(text)")
        #expect(text.contains("It is not shown to hold reliably"), "\(text)")
        #expect(
            text.contains("what stops it is the number of days: even 10 of 10 cannot show 80.0% (at least 17 are needed; `confirm.days`)"),
            "\(text)")
    }

    /// `confirm.days` 0: no fresh day, and the sentence says the choice rests on the report's own visits.
    @Test func zeroDaysSaysNotConfirmed() throws {
        let s = try scenario()
        let c = GeofenceConfirmation(
            recommended: 1, environment: "campus", variant: "base", distances: [20, 80], days: 0, holdDays: [0, 0, 0],
            chosenDays: [0, 0, 0], commonestFailure: [nil, nil, nil])
        let text = try GeofenceReport.confirmationText(s, c, probe: 80)
        #expect(text.hasPrefix("**Not confirmed on fresh visits:** `confirm.days` is 0"), "\(text)")
        #expect(try !c.isReliable())
    }
}
