import FileFormats
import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

// MARK: - Student projects in, grades and a list of what needs a person out (issue 27)

@Suite(.serialized) struct XcodeProjectTests {
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sb-projects-\(UUID().uuidString)")
    }

    static func rubric(in folder: URL) throws -> Rubric {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("rubric.json")
        try Data(SourceFixture.rubric.utf8).write(to: url)
        return try Rubric.load(path: url.path)
    }

    // MARK: project.pbxproj

    /// The app target's files and settings, in both shapes Xcode writes. The Release configuration is read
    /// (the fixture's Debug says 4.2), the test target's file is not the app's, and a membership exception
    /// leaves its file out.
    @Test func appTargetIsReadFromProjectFile() throws {
        let classic = ProjectFile.text(app: "Hunt", appFiles: ["A.swift", "Sub/B.swift"], settings: .init(swiftVersion: "6.0"))
        let t1 = try #require(
            XcodeAppTarget.read(
                try PropertyListText.parse(Array(classic.utf8)),
                available: ["Hunt/A.swift", "Hunt/Sub/B.swift", "HuntTests/HuntTests.swift"]))
        #expect(t1.name == "Hunt")
        #expect(t1.swiftFiles == ["Hunt/A.swift", "Hunt/Sub/B.swift"])
        #expect(t1.swiftVersion == "6.0" && t1.languageMode == "6" && t1.isolation == "nonisolated")

        let synced = ProjectFile.text(
            app: "Hunt", appFiles: [],
            settings: .init(isolation: "MainActor", upcomingFeatures: ["ExistentialAny"], synchronized: true, excluded: ["Notes.swift"]))
        let t2 = try #require(
            XcodeAppTarget.read(
                try PropertyListText.parse(Array(synced.utf8)),
                available: ["Hunt/A.swift", "Hunt/Notes.swift", "Hunt/V/C.swift", "HuntTests/HuntTests.swift"]))
        #expect(t2.swiftFiles == ["Hunt/A.swift", "Hunt/V/C.swift"])
        #expect(t2.languageMode == "5" && t2.isolation == "MainActor" && t2.upcomingFeatures == ["ExistentialAny"])
    }

    @Test(arguments: [
        ("{ a = b; c = (1, 2,); }", nil),
        ("{ a = \"x\\\"y\"; /* note */ b = c; // end\n }", nil),
        ("{ a = b }", "line 1: expected ';' after the value of \"a\""),
        ("{ a = (1 2); }", "line 1: expected ',' or ')' in an array"),
        ("{\n a = \"open;\n}", "line 3: a quoted string is not closed"),
    ])
    func propertyListProblemsNameTheLine(text: String, problem: String?) {
        do {
            _ = try PropertyListText.parse(Array(text.utf8))
            #expect(problem == nil)
        } catch {
            #expect("line \(error.line): \(error.message)" == problem)
        }
    }

    // MARK: Leaving the views out

    /// Views, the app and the preview are blanked: the compiled copy has the same length and line breaks, every
    /// byte outside them is the student's, and the files without views are byte-for-byte the student's.
    @Test func viewsAreBlankedAndEveryOtherByteKept() throws {
        var files: [String: [UInt8]] = [:]
        for (path, text) in StudentProjects.files("motion-class") { files[path] = Array(text.utf8) }
        let project = StudentProject(
            origin: "motion-class.zip", student: "motion-class", files: files, projectFile: "Hunt.xcodeproj/project.pbxproj")
        let a = ProjectAnalysis.analyze(project, hallNames: ["1920 Commons", "Pret A Manger"], gpx: [:])
        #expect(a.ungradable == nil)
        #expect(
            a.files.map(\.path) == [
                "Hunt/ContentView.swift", "Hunt/DiningHall.swift", "Hunt/HuntApp.swift", "Hunt/Services/LocationManager.swift",
                "Hunt/Services/ShakeService.swift",
            ])
        for f in a.files {
            let original = try #require(files[f.path])
            #expect(f.bytes.count == original.count)
            for (i, (x, y)) in zip(f.bytes, original).enumerated() where x != y {
                #expect(x == 32 && y != 10, "\(f.path) byte \(i)")
            }
        }
        let view = String(decoding: a.files[0].bytes, as: UTF8.self)
        #expect(view.split(whereSeparator: \.isWhitespace) == ["import", "SwiftUI"])
        #expect(view.filter { $0 == "\n" }.count == StudentProjects.contentView("ShakeService").filter { $0 == "\n" }.count)
        let app = String(decoding: a.files[2].bytes, as: UTF8.self)
        #expect(app.split(whereSeparator: \.isWhitespace) == ["import", "SwiftUI"])
        #expect(a.files[1].bytes == files["Hunt/DiningHall.swift"])
        #expect(a.files[4].bytes == files["Hunt/Services/ShakeService.swift"])
        #expect(
            a.leftOut.map(\.description) == [
                "Hunt/ContentView.swift:3: struct ContentView (SwiftUI) left out", "Hunt/ContentView.swift:22: #Preview left out",
                "Hunt/HuntApp.swift:3: struct HuntApp (SwiftUI) left out",
            ])
        // Entry points and halls, as the code says.
        #expect(
            a.motion
                == .init(
                    typeName: "ShakeService", startMethod: "startListening", counter: "shakeCount", counterKind: .integer,
                    file: "Hunt/Services/ShakeService.swift", line: 4))
        #expect(a.location?.typeName == "LocationManager" && a.location?.checkMethod == "isNear" && a.location?.checkLabel == "_")
        #expect(a.location?.startMethod == nil)  // started in init()
        #expect(
            a.halls == [
                .init(name: "1920 Commons", latitude: 39.95248, longitude: -75.19938, source: "Hunt/DiningHall.swift:10"),
                .init(name: "Pret A Manger", latitude: 39.95263, longitude: -75.19848, source: "Hunt/DiningHall.swift:11"),
            ])
        #expect(a.findings.isEmpty, "\(a.findings)")
    }

    // MARK: The class

    /// Every project of the class is either staged for grading or listed with its reason, and what needs a
    /// person is found with file and line.
    @Test func everyProjectIsGradedOrListedWithAReason() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Self.rubric(in: folder)
        let names = StudentProjects.all.keys.sorted()
        #expect(names.count == 11)
        let zips = try StudentProjects.zips(names, in: folder.appendingPathComponent("class"))
        let prepared = ProjectIntake.prepare(zips.map(\.path), rubric: rubric, scratch: folder.appendingPathComponent("staged"))
        var byName: [String: ProjectIntake.Project] = [:]
        for p in prepared.projects { byName[p.student] = p }
        let graded = [
            "collect-button", "motion-class", "observable-collect", "one-shot-location", "private-members", "two-detectors",
            "view-model-closure",
        ]
        #expect(byName.filter { $0.value.problem == nil }.keys.sorted() == graded)
        #expect(prepared.files.count == graded.count)
        func problem(_ name: String) -> String { byName[name]?.problem?.problem ?? "" }
        #expect(
            problem("view-onreceive").hasPrefix(
                "cannot be graded automatically: Hunt/ContentView.swift:11: motion updates started inside the view ContentView"))
        #expect(problem("scribble-drag").contains("Hunt/ContentView.swift:9: a scribble detector in a DragGesture"))
        #expect(problem("no-motion").contains("no motion or gesture code"))
        #expect(
            problem("callback-only").contains(
                "Hunt/ShakeListener.swift:3: ShakeListener starts motion updates, but what \"collected\" means was not found"))
        for name in ["view-onreceive", "scribble-drag", "no-motion", "callback-only"] {
            #expect(problem(name).hasSuffix("by hand in the source format (docs/source-submissions.md)"), "\(name)")
        }

        func findings(_ name: String) -> [String] { byName[name]?.analysis.findings.map(\.description) ?? [] }
        #expect(findings("motion-class").isEmpty)
        #expect(
            findings("one-shot-location").contains {
                $0.hasPrefix("Hunt/LocationService.swift:13: the location is read once (requestLocation())")
            })
        #expect(byName["one-shot-location"]?.analysis.location?.checkLabel == "at")
        #expect(byName["one-shot-location"]?.analysis.location?.checkTakesLocation == true)
        #expect(findings("collect-button").contains { $0.hasPrefix("Hunt/ContentView.swift:14: a button \"Collect\"") })
        #expect(
            findings("two-detectors").contains {
                $0.contains(
                    "several candidate detectors: OldShakeDetector (Hunt/OldShake.swift:8); ShakeService (Hunt/ShakeService.swift:12); graded: ShakeService"
                )
            })
        #expect(byName["two-detectors"]?.analysis.motion?.typeName == "ShakeService")

        // The view model: MainActor from the project, a flag, halls from the GPX file (the third point is no hall).
        let vm = try #require(byName["view-model-closure"]?.analysis)
        #expect(vm.compile == CompileSettings(swiftLanguageMode: "5", defaultIsolation: "MainActor"))
        #expect(vm.motion?.counterKind == .flag && vm.motion?.counter == "shakeDetected" && vm.motion?.startMethod == nil)
        #expect(vm.halls.map(\.source) == ["Hunt/Halls.gpx:3", "Hunt/Halls.gpx:4"])
        #expect(!vm.files.contains { $0.path.hasSuffix("Notes.swift") })
        let observable = try #require(byName["observable-collect"]?.analysis)
        #expect(observable.compile == CompileSettings(swiftLanguageMode: "6", defaultIsolation: "MainActor"))
        #expect(observable.motion?.counterKind == .collection && observable.motion?.startMethod == "start")

        // Private members: the glue is appended to the copy of the type's own file, after the student's bytes.
        let staged = try #require(byName["private-members"]?.stagedFolder)
        let shaker = try String(contentsOfFile: staged + "/Hunt/Shaker.swift", encoding: .utf8)
        let original = StudentProjects.all["private-members"]!.files["Shaker.swift"]!
        #expect(shaker.hasPrefix(original) && shaker.contains("extension Shaker: ShakeApp {\n    func sensorBenchStart() { begin() }"))
        #expect(!FileManager.default.fileExists(atPath: staged + "/" + ProjectGlue.fileName))

        // The class list names every project; an ungradable one on one line.
        let list = ProjectClassList.markdown(prepared.projects)
        #expect(list.contains("11 projects read from zips or folders: 7 graded (3 with something to check), 4 not graded automatically."))
        #expect(
            list.contains(
                "- Not graded automatically: `\(zips[names.firstIndex(of: "no-motion")!].path): cannot be graded automatically: no motion"))
    }

    /// A zip is read safely: a symbolic link entry or a name leaving the archive is refused with one line,
    /// macOS's `__MACOSX` copies are skipped, and nothing is unpacked outside the scratch folder.
    @Test func zipsAreReadSafely() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("link.zip")
        try ProjectZip.write(
            StudentProjects.files("motion-class"), prefix: "Hunt/", to: link,
            extra: [ProjectZip.Entry(name: "Hunt/Hunt/Secret.swift", bytes: Array("/etc/passwd".utf8), mode: 0o120777)])
        #expect(
            throws: InputError(
                file: link.path + ":Hunt/Hunt/Secret.swift", problem: "is a symbolic link inside the archive; links are not followed")
        ) {
            try StudentProject.read(link.path)
        }
        let escape = folder.appendingPathComponent("escape.zip")
        try ProjectZip.write(["../Evil.swift": "let x = 1\n"], prefix: "", to: escape)
        #expect(
            throws: InputError(
                file: escape.path,
                problem: "entry \"../Evil.swift\" names a path outside the archive (absolute, a drive, or \"..\"), which is not read")
        ) {
            try StudentProject.read(escape.path)
        }
        let good = try StudentProjects.zips(["motion-class"], in: folder)[0]
        let p = try StudentProject.read(good.path)
        #expect(p.student == "motion-class" && p.projectFile == "Hunt.xcodeproj/project.pbxproj")
        #expect(!p.files.keys.contains { $0.contains("__MACOSX") || $0.contains("._") })
        #expect(p.files.keys.sorted().first == "Hunt.xcodeproj/project.pbxproj")
    }

    // MARK: Graded end to end

    /// In-range intervals per stream and place as sorted text, comparable across two grades.
    static func intervals(_ inside: [Int: [Int: [(start: Double, end: Double)]]]?) -> [String] {
        (inside ?? [:]).flatMap { s, places in places.flatMap { p, spans in spans.map { "\(s) \(p) \($0.start) \($0.end)" } } }.sorted()
    }

    /// A project graded from its zip gets exactly the grades of the same code handed in by hand in the source
    /// format (its non-view files unchanged, a hand-written Grading.swift and submission.json as
    /// docs/source-submissions.md describes); the MainActor view model with a flag and the Swift 6
    /// `@Observable` project compile and run from their zips too.
    @Test func zippedProjectGradesEqualTheHandWrittenSourceSubmission() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let project = StudentProjects.all["motion-class"]!.files
        let hand = """
            import CoreLocation

            extension ShakeService: ShakeApp {
                func sensorBenchStart() { startListening() }
                var sensorBenchShakeCount: Int { shakeCount }
            }

            extension LocationManager: LocationApp {
                func sensorBenchMayCollect(_ place: CLLocationCoordinate2D) -> Bool { isNear(place) }
            }
            """
        let submission = """
            { "team": "by-hand", "gesture": "shake",
              "source": { "shakeApp": "ShakeService", "locationApp": "LocationManager" },
              \(SourceFixture.halls) }
            """
        let folder = try SourceFixture.folder(
            json: [:],
            sources: [
                "by-hand": (
                    submission,
                    [
                        "ShakeService.swift": project["Services/ShakeService.swift"]!,
                        "LocationManager.swift": project["Services/LocationManager.swift"]!,
                        "DiningHall.swift": project["DiningHall.swift"]!, "Grading.swift": hand,
                    ]
                )
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let zips = try StudentProjects.zips(
            ["motion-class", "observable-collect", "view-model-closure"], in: folder.appendingPathComponent("class"))
        let prepared = ProjectIntake.prepare(
            [folder.appendingPathComponent("by-hand").path] + zips.map(\.path), rubric: rubric,
            scratch: folder.appendingPathComponent("staged"))
        let (subs, failures) = Grader.load(rubric, files: prepared.files)
        #expect(prepared.failures(failures).isEmpty, "\(prepared.failures(failures))")
        let grades = try Grader.grade(
            rubric, submissions: subs.map(prepared.relabel), runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
        #expect(grades.map(\.submission.team) == ["by-hand", "motion-class", "observable-collect", "view-model-closure"])
        #expect(grades[1].submission.file == zips[0].path && grades[1].submission.student == "motion-class")
        for g in grades {
            #expect(g.source?.failure == nil, "\(g.submission.team): \(String(describing: g.source?.failure))")
            for r in g.results { #expect(r.verdict != .notMeasurable, "\(g.submission.team) \(r)") }
        }
        #expect(grades[0].results.map(\.points) == grades[1].results.map(\.points))
        #expect(grades[0].total == grades[1].total)
        #expect(grades[0].source?.times == grades[1].source?.times)
        #expect(Self.intervals(grades[0].source?.inside) == Self.intervals(grades[1].source?.inside))
        #expect(grades[1].source?.intervals.accelerometerSeconds == 0.02)
        #expect(grades[3].source?.intervals.deviceMotionSeconds == 0.02)
        #expect(grades[2].source?.intervals.accelerometerSeconds == 0.1)
    }
}
