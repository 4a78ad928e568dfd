import Testing

@testable import Grading

/// The advice's fresh-day sentence says "reliable" only when the 95% lower bound (Clopper–Pearson, `FreshDayShare`)
/// of the share of fresh days on which the claim held reaches 80%, and says where the rung was chosen and where it was
/// confirmed.
@Suite struct LadderConfirmationTextTests {
    static func confirmation(_ claim: LadderConfirmation.Claim, pass: Int, more: Int) -> LadderConfirmation {
        LadderConfirmation(claim: claim, alternative: 3, days: 20, timelinesPerDay: [36], passDays: pass, morePointsDays: more)
    }

    /// 20 of 20: Clopper–Pearson's 95% low end 0.025^(1/20) = 0.832 ≥ 0.8: reliable.
    @Test func twentyOfTwentyIsReliable() throws {
        let text = try GradeAdvice.confirmationText(Self.confirmation(.meetsAll, pass: 20, more: 20), claim: .meetsAll, index: 3)
        #expect(text.contains("Chosen on the grade's 36 timelines; re-run on 20 fresh days of 36 timelines"), "\(text)")
        #expect(text.contains("passed every one of those criteria on 20 of 20 days (100%, 95% CI 83%–100%)"), "\(text)")
        #expect(text.contains(": reliable by the shake study's rule"), "\(text)")
    }

    /// 19 of 20: Clopper–Pearson's 95% interval is B⁻¹(0.025; 19, 2) = 0.751 to 0.975^(1/20) = 0.9987 (scipy's beta
    /// quantile), so the low end < 0.8: not shown reliable, with the bound printed.
    @Test func nineteenOfTwentyIsNotShownReliable() throws {
        let text = try GradeAdvice.confirmationText(Self.confirmation(.meetsAll, pass: 19, more: 20), claim: .meetsAll, index: 3)
        #expect(text.contains("on 19 of 20 days (95%, 95% CI 75%–100%)"), "\(text)")
        #expect(text.contains("not shown to be reliable") && text.contains("here 75%"), "\(text)")
        #expect(!text.contains(": reliable"))
    }

    /// A "more points" claim counts the days the rung out-scored the team, and says on how many it passed everything.
    @Test func morePointsCountsTheDaysItOutScored() throws {
        let text = try GradeAdvice.confirmationText(Self.confirmation(.morePoints, pass: 2, more: 12), claim: .morePoints, index: 3)
        #expect(text.contains("earned more points on them than the submitted setting on 12 of 20 days (60%"), "\(text)")
        #expect(text.contains("and passed every one on 2"), "\(text)")
        #expect(text.contains("not shown to be reliable"), "\(text)")
    }

    /// A confirmation of another rung or claim is not quoted.
    @Test func anotherRungIsNotQuoted() throws {
        let c = Self.confirmation(.meetsAll, pass: 20, more: 20)
        #expect(try GradeAdvice.confirmationText(c, claim: .meetsAll, index: 2).isEmpty)
        #expect(try GradeAdvice.confirmationText(c, claim: .morePoints, index: 3).isEmpty)
        #expect(try GradeAdvice.confirmationText(nil, claim: .meetsAll, index: 3).isEmpty)
    }
}
