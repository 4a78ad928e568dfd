import FileFormats
import Foundation
import Testing

@testable import Grading

// MARK: - Reading a source submission folder (no compile)

@Suite struct SourceSubmissionLoadingTests {
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="39.95248" lon="-75.19938"><name>1920 Commons</name></wpt>
          <wpt lat="39.95263" lon="-75.19848"><name>Pret A Manger</name></wpt>
        </gpx>
        """

    /// A folder with one Swift file and the given submission.json (and halls.gpx when given).
    static func load(_ submission: String, gpx: String? = nil) throws -> (Result<Submission, InputError>, URL) {
        let folder = try SourceFixture.folder(
            json: [:], sources: ["team": (submission, ["Detector.swift": "struct D {}\n", "Other.swift": "struct O {}\n"])])
        if let gpx { try gpx.write(to: folder.appendingPathComponent("team/halls.gpx"), atomically: true, encoding: .utf8) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let path = folder.appendingPathComponent("team").path
        #expect(Submission.isSourceFolder(path))
        do throws(InputError) {
            return (.success(try Submission.load(folder: path, rubric: rubric)), folder)
        } catch {
            return (.failure(error), folder)
        }
    }

    @Test func hallsFromTheFoldersGPXFile() throws {
        let (result, folder) = try Self.load(
            #"{"team": "t", "gesture": "shake", "source": {"shakeDetector": "D", "files": ["Detector.swift"]}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx"}"#,
            gpx: Self.gpx)
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = try result.get()
        #expect(s.halls.map { $0?.latitudeDegrees } == [39.95248, 39.95263])
        #expect(s.source?.files == ["Detector.swift"])
        #expect(s.source?.types.shakeDetector == "D")
        #expect(s.detector == .source(.shake, team: "t", type: "D"))
    }

    /// Each mistake is one error naming the file (submission.json or the GPX file), the field and the problem.
    @Test(arguments: [
        (
            #""source": {"shakeDetector": "D()"}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#, "submission.json",
            "source.shakeDetector", "not a Swift type name"
        ),
        (
            #""source": {"scribbleDetector": "D"}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#, "submission.json",
            "source.scribbleDetector", "this team's gesture is shake"
        ),
        (
            #""source": {"shakeDetector": "D", "proximityCheck": "C"}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#,
            "submission.json", "proximityCheck", "must be absent"
        ),
        (
            #""source": {"shakeDetector": "D", "files": ["Nope.swift"]}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#,
            "submission.json", "source.files[0]", "not a .swift file"
        ),
        (
            #""source": {"shakeDetector": "D"}, "proximityCheck": {"kind": "naive"}, "halls": "../halls.gpx""#, "submission.json", "halls",
            "inside the submission folder"
        ),
        (
            #""detector": {"kind": "threshold-count"}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#, "submission.json",
            "source", "required"
        ),
        (
            #""source": {"shakeDetector": "D", "upcomingFeatures": ["ExistentialAny", "-Xfrontend"]}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx""#,
            "submission.json", "source.upcomingFeatures[1]", "is not an upcoming feature's name"
        ),
    ])
    func mistakesNameTheFileAndField(_ body: String, _ file: String, _ field: String, _ problem: String) throws {
        let (result, folder) = try Self.load(#"{"team": "t", "gesture": "shake", "# + body + "}", gpx: Self.gpx)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let e) = result else {
            Issue.record("accepted")
            return
        }
        #expect(e.file?.hasSuffix("team/" + file) == true, "\(e)")
        #expect(e.field == field, "\(e)")
        #expect(e.problem.contains(problem), "\(e)")
        #expect(e.line != nil, "\(e)")
    }

    @Test func aGPXPointNamedForNoHallIsRefusedOnItsLine() throws {
        let (result, folder) = try Self.load(
            #"{"team": "t", "gesture": "shake", "source": {"shakeDetector": "D"}, "proximityCheck": {"kind": "naive"}, "halls": "halls.gpx"}"#,
            gpx: Self.gpx.replacingOccurrences(of: "Pret A Manger", with: "Pret"))
        defer { try? FileManager.default.removeItem(at: folder) }
        guard case .failure(let e) = result else {
            Issue.record("accepted")
            return
        }
        #expect(e.file?.hasSuffix("team/halls.gpx") == true && e.line == 4 && e.problem.contains("\"Pret\""), "\(e)")
    }
}
