import FileFormats
import Foundation
import Testing

@testable import Grading

// MARK: - A proximity check's keys come from its kind's declaration

/// `proximityCheck` reads the keys its kind declares (`ProximityCheckKind.parameters`): a vocabulary key the kind
/// does not read is refused naming the keys it does read, and only the keys it reads are validated.
@Suite struct SubmissionCheckKeyTests {
    static func load(_ check: String) throws(InputError) -> Submission {
        let f: GradingFixture
        do {
            f = try GradingFixture(submissions: ["t.json": GradingFixture.submission(team: "t", check: check)])
        } catch {
            throw InputError(file: "fixture", problem: "\(error)")
        }
        defer { f.remove() }
        let rubric: Rubric
        do { rubric = try Rubric.load(path: f.rubricPath) } catch { throw InputError(file: "rubric", problem: "\(error)") }
        return try Submission.load(path: f.path("t.json"), rubric: rubric)
    }

    @Test(arguments: [
        (#"{"kind": "naive", "dwellSeconds": 5}"#, "proximityCheck.dwellSeconds", "is not read by naive (it reads: radiusMeters)"),
        (
            #"{"kind": "hysteresis", "maximumAccuracyMeters": 5}"#, "proximityCheck.maximumAccuracyMeters",
            "is not read by hysteresis (it reads: radiusMeters, exitMarginMeters)"
        ),
        (
            #"{"kind": "dwell", "radius": 50}"#, "proximityCheck.radius",
            "is not a ProximityCheckConfiguration key (known: kind, radiusMeters, dwellSeconds)"
        ),
        (#"{"kind": "dwell", "dwellSeconds": -1}"#, "proximityCheck.dwellSeconds", "must be in [0, 86400] s, got -1"),
    ])
    func refusedOnItsKey(_ check: String, _ field: String, _ problem: String) throws {
        do throws(InputError) {
            _ = try Self.load(check)
            Issue.record("accepted \(check)")
        } catch {
            #expect(error.field == field && error.problem == problem, "\(error)")
        }
    }

    /// Keys the kind reads are taken as written; the others keep their defaults.
    @Test func readKeysAreTaken() throws {
        let s = try Self.load(#"{"kind": "hysteresis", "radiusMeters": 40, "exitMarginMeters": 7.5}"#)
        #expect(s.check.kind == .hysteresis && s.check.radiusMeters == 40 && s.check.exitMarginMeters == 7.5)
        #expect(s.check.dwellSeconds == 10)
    }
}
