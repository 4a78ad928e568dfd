import Foundation
import Stats
import Testing

@testable import MonteCarlo
@testable import Studies

@Suite struct DriftStreamingTests {
    /// Two durations × two turn counts, short walks at 10 Hz (fast in a debug build).
    func scenario(trials: Int, sameDevice: Bool = false) -> DriftScenario {
        gridScenario(
            phoneCalibratedAt10Hz(), minutes: [0.5, 1], turns: [0, 2], trials: trials, seed: 17, sameDevice: sameDevice)
    }

    /// The streamed report (trials reduced as they finish, `trials.csv` on a spool) is byte for byte the report of
    /// the whole array of outcomes, for 1 and 4 jobs.
    @Test(arguments: [false, true]) func streamedReportEqualsTheInMemoryOne(sameDevice: Bool) throws {
        let s = scenario(trials: 6, sameDevice: sameDevice)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 1))
        let reference = try s.report(outcomes)
        for jobs in [1, 4] {
            let streamed = try s.report(runner: MonteCarloRunner(jobs: jobs))
            #expect(streamed.paths == reference.paths)
            for path in reference.paths {
                #expect(streamed.contents(of: path) == reference.contents(of: path), "\(path) differs, \(jobs) jobs")
            }
        }
        #expect(reference.contents(of: "trials.csv")?.split(separator: "\n").count == 1 + 24)
        #expect(reference.contents(of: "summary.md")?.contains("first") == false)
    }

    /// A cap of 3 walks a cell on 9 walks a cell: the figures that use every walk against the in-memory analysis
    /// of all of them, the error budget against the in-memory one of the first 3 walks of each cell, the RMS
    /// interval against the delta-method formula computed here in two passes.
    @Test func cappedReportUsesEveryWalkButForTheErrorBudget() throws {
        let s = scenario(trials: 9)
        let outcomes = try DriftStudy.simulate(s, runner: MonteCarloRunner(jobs: 2))
        var stream = try DriftStream(scenario: s, keptWalksPerCell: 3)
        for o in outcomes { try stream.add(o) }
        #expect(stream.isCapped)
        let (capped, scatter) = try stream.analysis()
        let full = try DriftAnalysis(scenario: s, outcomes: outcomes)
        #expect(capped.keptWalksPerCell == 3 && full.keptWalksPerCell == nil)

        // Every cell: counts, quantiles and arrow shares exact; moments to rounding.
        #expect(capped.cells.count == full.cells.count)
        for (c, f) in zip(capped.cells, full.cells) {
            #expect(c.isCapped && c.count == 9 && f.count == 9)
            #expect(c.medianAbsDriftDeg.bitPattern == f.medianAbsDriftDeg.bitPattern)
            #expect(c.p95AbsDriftDeg.bitPattern == f.p95AbsDriftDeg.bitPattern)
            #expect(c.arrowBeyond90Fraction == f.arrowBeyond90Fraction)
            #expect(abs(c.meanDriftDeg - f.meanDriftDeg) <= 1e-13 * max(abs(f.meanDriftDeg), f.sdDriftDeg))
            #expect(abs(c.sdDriftDeg - f.sdDriftDeg) <= 1e-13 * f.sdDriftDeg)
            #expect(abs(c.rmsDriftDeg - f.rmsDriftDeg) <= 1e-14 * f.rmsDriftDeg)
            #expect(c.driftsDeg == Array(f.driftsDeg.prefix(3)))
            // Delta method by hand: m₂ ± z·√(s²(x²)/n), s² the two-pass sample variance of the squares.
            let squares = f.driftsDeg.map { $0 * $0 }
            let n = Double(squares.count)
            let m2 = squares.reduce(0, +) / n
            let v = squares.reduce(0) { $0 + ($1 - m2) * ($1 - m2) } / (n - 1)
            let half = 1.959963984540054 * (v / n).squareRoot()
            #expect(abs(c.rmsInterval.high - (m2 + half).squareRoot()) <= 1e-12 * c.rmsInterval.high)
            #expect(abs(c.rmsInterval.low - max(m2 - half, 0).squareRoot()) <= 1e-12 * c.rmsInterval.high)
        }

        // Regressions over every walk (five passes over the row file): the in-memory fits to rounding (measured: at
        // most 5e-16 relative here; the normal equations and the QR solve differ in the last bits).
        #expect(capped.models.map(\.id) == full.models.map(\.id))
        #expect(capped.models.count > 5)
        // (Loops have |net rotation| = total rotation, so `rotation` is collinear in both, with the same message.)
        #expect(full.models.contains { $0.fit == nil })
        for (c, f) in zip(capped.models, full.models) {
            guard let ff = f.fit else {
                #expect(c.fit == nil && c.note == f.note, "\(c.id): \(c.note ?? "fitted") vs \(f.note ?? "")")
                continue
            }
            let cf = try #require(c.fit, "\(c.id)")
            #expect(cf.observations == ff.observations)
            for (x, y) in zip(cf.coefficients, ff.coefficients) {
                #expect(abs(x.estimate - y.estimate) <= 1e-12 * max(abs(y.estimate), y.standardError), "\(c.id) \(x.name)")
                #expect(abs(x.standardError - y.standardError) <= 1e-12 * y.standardError, "\(c.id) \(x.name)")
            }
        }

        // The error budget: exactly the in-memory one of the first 3 walks of each cell.
        let firstWalks = outcomes.filter { $0.trialInCell < 3 }
        let budget = try DriftAnalysis.decompositions(s, outcomes: firstWalks)
        #expect(capped.decompositions.count == budget.count && budget.count == 1)
        for (c, b) in zip(capped.decompositions, budget) {
            #expect(c.shares.map(\.timeDeg2) == b.shares.map(\.timeDeg2))
            #expect(c.shares.map(\.turningDeg2) == b.shares.map(\.turningDeg2))
        }

        // The scatter points: every trial (36 < 2000), as in memory.
        let points = DriftReport.scatterPoints(s, outcomes)
        #expect(scatter.map(\.x) == points.map(\.x) && scatter.map(\.y) == points.map(\.y))

        // The report says so.
        var again = try DriftStream(scenario: s, keptWalksPerCell: 3)
        for o in outcomes { try again.add(o) }
        let files = try again.finish()
        let summary = try #require(files.contents(of: "summary.md"))
        #expect(summary.contains("The error budget was fitted on the first 3 walks of each cell; every other figure uses all 36."))
        #expect(summary.contains("Cells with more than 3 walks"))
        #expect(files.contents(of: "trials.csv") == (try s.report(outcomes)).contents(of: "trials.csv"))
    }

    /// Pooled moments equal the moments of the pooled values (to rounding), whatever each part's first value.
    @Test func pooledMoments() throws {
        let a: [Double] = [10, 10.5, 9.5, 11]
        let b: [Double] = [-3, 2, 0.25]
        var ma = DriftMoments()
        var mb = DriftMoments()
        var mall = DriftMoments()
        for x in a { ma.add(x) }
        for x in b { mb.add(x) }
        for x in a + b { mall.add(x) }
        let pooled = DriftMoments.pooled([ma, mb])
        #expect(pooled.count == 7)
        #expect(abs(pooled.mean - mall.mean) <= 1e-14 * abs(mall.mean))
        #expect(abs(pooled.standardDeviation - mall.standardDeviation) <= 1e-14 * mall.standardDeviation)
        let (p, q) = (try pooled.meanSquareInterval(), try mall.meanSquareInterval())
        #expect(abs(p.low - q.low) <= 1e-13 * q.high && abs(p.high - q.high) <= 1e-13 * q.high)
        // By hand: mean of a ∪ b = (41 − 0.75)/7 = 5.75.
        #expect(abs(mall.mean - 5.75) <= 1e-15)
    }
}
