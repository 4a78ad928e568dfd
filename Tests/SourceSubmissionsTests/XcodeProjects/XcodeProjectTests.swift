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

    /// `SWIFT_UPCOMING_FEATURE_*` settings reach the compile: read from the project, written into the generated
    /// `submission.json`, read back by the source-submission reader, and passed as `-enable-upcoming-feature`,
    /// each once and sorted (the MainActor default's `InferIsolatedConformances` not twice). A MainActor team
    /// without features gets exactly the arguments it got before features existed, so its cache key is unchanged.
    @Test func upcomingFeaturesAreApplied() throws {
        let s = CompileSettings(
            swiftLanguageMode: "5", defaultIsolation: "MainActor",
            upcomingFeatures: ["MemberImportVisibility", "ExistentialAny", "Bad-Name", "ExistentialAny", "InferIsolatedConformances"])
        #expect(s.upcomingFeatures == ["ExistentialAny", "InferIsolatedConformances", "MemberImportVisibility"])
        #expect(
            s.arguments == [
                "-swift-version", "5", "-default-isolation", "MainActor", "-enable-upcoming-feature", "ExistentialAny",
                "-enable-upcoming-feature", "InferIsolatedConformances", "-enable-upcoming-feature", "MemberImportVisibility",
            ])
        #expect(
            CompileSettings(defaultIsolation: "MainActor").arguments == [
                "-swift-version", "5", "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
            ])
        #expect(CompileSettings().arguments == ["-swift-version", "5"])
        #expect(!CompileSettings.isFeatureName("") && !CompileSettings.isFeatureName("1Feature") && !CompileSettings.isFeatureName("A B"))

        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Self.rubric(in: folder)
        var files = StudentProjects.files("motion-class")
        files["Hunt.xcodeproj/project.pbxproj"] = ProjectFile.text(
            app: "Hunt", appFiles: StudentProjects.all["motion-class"]!.files.keys.filter { $0.hasSuffix(".swift") }.sorted(),
            settings: .init(upcomingFeatures: ["ExistentialAny", "MemberImportVisibility"]))
        let zip = folder.appendingPathComponent("features.zip")
        try ProjectZip.write(files, prefix: "Hunt/", to: zip)
        let prepared = ProjectIntake.prepare([zip.path], rubric: rubric, scratch: folder.appendingPathComponent("staged"))
        let p = try #require(prepared.projects.first)
        #expect(p.problem == nil && p.analysis.findings.isEmpty, "\(p.analysis.findings)")
        #expect(p.analysis.compile.upcomingFeatures == ["ExistentialAny", "MemberImportVisibility"])
        let (loaded, failures) = Grader.load(rubric, files: prepared.files)
        #expect(failures.isEmpty, "\(failures)")
        #expect(loaded.first?.source?.types.compile == p.analysis.compile)
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
        #expect(names.count == 14)
        let zips = try StudentProjects.zips(names, in: folder.appendingPathComponent("class"))
        let prepared = ProjectIntake.prepare(zips.map(\.path), rubric: rubric, scratch: folder.appendingPathComponent("staged"))
        var byName: [String: ProjectIntake.Project] = [:]
        for p in prepared.projects { byName[p.student] = p }
        let graded = [
            "collect-button", "collect-method", "collect-store", "motion-class", "observable-collect", "one-shot-location",
            "private-members", "scribble-drag", "two-detectors", "view-model-closure", "view-onappear-handler", "view-onreceive",
        ]
        #expect(byName.filter { $0.value.problem == nil }.keys.sorted() == graded)
        #expect(prepared.files.count == graded.count)
        func problem(_ name: String) -> String { byName[name]?.problem?.problem ?? "" }
        #expect(problem("no-motion").contains("no motion or gesture code"))
        #expect(
            problem("callback-only").contains(
                "Hunt/ShakeListener.swift:3: ShakeListener starts motion updates, but what \"collected\" means was not found"))
        for name in ["no-motion", "callback-only"] {
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
        #expect(
            observable.compile
                == CompileSettings(swiftLanguageMode: "6", defaultIsolation: "MainActor", upcomingFeatures: ["InferIsolatedConformances"]))
        #expect(observable.motion?.counterKind == .collection && observable.motion?.startMethod == "start")

        // Private members: the glue is appended to the copy of the type's own file, after the student's bytes.
        let staged = try #require(byName["private-members"]?.stagedFolder)
        let shaker = try String(contentsOfFile: staged + "/Hunt/Shaker.swift", encoding: .utf8)
        let original = StudentProjects.all["private-members"]!.files["Shaker.swift"]!
        #expect(shaker.hasPrefix(original) && shaker.contains("extension Shaker: ShakeApp {\n    func sensorBenchStart() { begin() }"))
        #expect(!FileManager.default.fileExists(atPath: staged + "/" + ProjectGlue.fileName))

        // A detector in a view's onReceive: the view's interface blanked, its properties kept, the closures'
        // statements copied unchanged under #sourceLocation (the onAppear closure has no `in`: it starts at its
        // brace on line 11; the onReceive one at its `in` on line 12), driven by a generated wrapper.
        let receiving = try #require(byName["view-onreceive"])
        #expect(receiving.analysis.view?.counter == "shakes" && receiving.analysis.view?.counterKind == .integer)
        #expect(receiving.analysis.motion?.typeName == "SensorBenchDriven_ContentView")
        #expect(receiving.analysis.motion?.startMethod == "sensorBenchAppear_")
        let receivingView = try String(contentsOfFile: try #require(receiving.stagedFolder) + "/Hunt/ContentView.swift", encoding: .utf8)
        let receivingOriginal = StudentProjects.all["view-onreceive"]!.files["ContentView.swift"]!
        let compiledPart = Array(receivingView.utf8.prefix(receivingOriginal.utf8.count))
        for (i, (x, y)) in zip(compiledPart, Array(receivingOriginal.utf8)).enumerated() where x != y {
            #expect(x == 32 && y != 10, "byte \(i)")
        }
        #expect(receivingView.contains("    let timer = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()\n"))
        #expect(receivingView.contains("    @State private var shakes = 0\n"))
        #expect(!receivingView.prefix(receivingOriginal.utf8.count).contains("var body"))
        #expect(
            receivingView.contains("#sourceLocation(file: \"Hunt/ContentView.swift\", line: 11)\n motion.startAccelerometerUpdates() \n"))
        #expect(
            receivingView.contains(
                "#sourceLocation(file: \"Hunt/ContentView.swift\", line: 12)\n\n"
                    + "                if let a = motion.accelerometerData?.acceleration, "
                    + "(a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 2 { shakes += 1 }\n"))
        // Scribble in a DragGesture: the flag the onChanged statements set, driven as a ScribbleDetecting type.
        let scribble = try #require(byName["scribble-drag"])
        #expect(scribble.analysis.view?.gesture == "scribble" && scribble.analysis.view?.counter == "collected")
        #expect(scribble.analysis.view?.counterKind == .flag && scribble.analysis.motion == nil)
        let scribbleJSON = try String(contentsOfFile: try #require(scribble.stagedFolder) + "/submission.json", encoding: .utf8)
        #expect(
            scribbleJSON.contains("\"gesture\": \"scribble\"")
                && scribbleJSON.contains("\"scribbleDetector\": \"SensorBenchScribble_ContentView\""))
        // "Collected" as a method call: the class's own method counted by a subclass; a store's method through
        // the list it appends to.
        let method = try #require(byName["collect-method"]?.analysis.motion)
        #expect(method.typeName == "SensorBenchCounted_HuntModel" && method.counterKind == .calls && method.startMethod == "start")
        #expect(method.declarations.contains("class SensorBenchCounted_HuntModel: HuntModel {"))
        #expect(method.declarations.contains("override func markCollected(hall name: String) {"))
        #expect(method.declarations.contains("super.markCollected(hall: name)"))
        let store = try #require(byName["collect-store"]?.analysis.motion)
        #expect(store.typeName == "ShakeWatcher" && store.counter == "store.collectedHalls" && store.counterKind == .collection)

        // The class list names every project; an ungradable one on one line.
        let list = ProjectClassList.markdown(prepared.projects)
        #expect(list.contains("14 projects read from zips or folders: 12 graded (3 with something to check), 2 not graded automatically."))
        #expect(
            list.contains(
                "- Not graded automatically: `\(zips[names.firstIndex(of: "no-motion")!].path): cannot be graded automatically: no motion"))
    }

    /// The shipped example projects type all eleven halls of the shipped rubric (one as Swift literals, one as a
    /// GPX file whose twelfth point, a library, names no hall), so they are graded against the whole rubric with
    /// no hall missing. Expected: the rubric's eleven names in its order, each from the line the project gives it
    /// (literals on lines 10–20 of DiningHall.swift, GPX points on lines 3–13).
    @Test func shippedExamplesTypeEveryHall() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = SourceFixture.repository.appendingPathComponent("Scenarios")
        let rubric = try Rubric.load(path: scenarios.appendingPathComponent("rubrics/penn-dining.json").path)
        #expect(rubric.places.count == 11)
        let paths = ["hunt-motion-class", "hunt-view-model"].map { scenarios.appendingPathComponent("projects/\($0)").path }
        let prepared = ProjectIntake.prepare(paths, rubric: rubric, scratch: folder)
        #expect(prepared.projects.count == 2 && prepared.files.count == 2)
        let expected = [("hunt-motion-class", "Hunt/DiningHall.swift:", 10), ("hunt-view-model", "Hunt/Halls.gpx:", 3)]
        for (p, (student, file, first)) in zip(prepared.projects, expected) {
            #expect(p.student == student && p.problem == nil)
            #expect(p.analysis.halls.map(\.name) == rubric.places.map(\.name), "\(student)")
            #expect(p.analysis.halls.map(\.source) == (first..<first + 11).map { file + String($0) }, "\(student)")
            for (hall, place) in zip(p.analysis.halls, rubric.places) {
                #expect(
                    hall.latitude == place.coordinate.latitudeDegrees && hall.longitude == place.coordinate.longitudeDegrees,
                    "\(student) \(hall.name)")
            }
            #expect(!p.analysis.findings.contains { $0.text.hasPrefix("no coordinates found") }, "\(student)")
        }
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

    /// Detectors in a view (a timer's `onReceive`, the handler a view sets up in `onAppear`), "collected" as a
    /// method call (the class's own, counted by a subclass; a store's, through its list), and a scribble
    /// `DragGesture` compile from their zips and run: no compile or run failure, every criterion measurable, and
    /// the team's own code fired at least once (a driver that never reached the closures would fire never).
    @Test func drivenViewsCollectCallsAndScribblesRun() throws {
        guard let toolchain = SourceFixture.toolchain else {
            Issue.record("no swiftc: source submissions cannot be tested")
            return
        }
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Self.rubric(in: folder)
        let scribbleRubricURL = folder.appendingPathComponent("scribble-rubric.json")
        try Data(
            """
            { "name": "scribble-small", "seed": 12,
              "places": [{"name": "1920 Commons", "latitude": 39.95248, "longitude": -75.19938},
                         {"name": "Pret A Manger", "latitude": 39.95263, "longitude": -75.19848}],
              "suites": { "scribbles": {"kind": "scribble-timelines", "timelines": 2, "minutes": 2},
                          "coordinates": {"kind": "coordinates"} },
              "criteria": [
                {"id": "recall", "description": "recall", "suite": "scribbles", "metric": "recall", "atLeast": 0.5, "points": 10},
                {"id": "coords", "description": "coordinates", "suite": "coordinates",
                 "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10}
              ] }
            """.utf8
        ).write(to: scribbleRubricURL)
        let scribbleRubric = try Rubric.load(path: scribbleRubricURL.path)
        let names = ["collect-method", "collect-store", "view-onappear-handler", "view-onreceive"]
        for (r, list) in [(rubric, names), (scribbleRubric, ["scribble-drag"])] {
            let zips = try StudentProjects.zips(list, in: folder.appendingPathComponent("class-\(r.name)"))
            let prepared = ProjectIntake.prepare(zips.map(\.path), rubric: r, scratch: folder.appendingPathComponent("staged-\(r.name)"))
            let (subs, failures) = Grader.load(r, files: prepared.files)
            #expect(prepared.failures(failures).isEmpty, "\(prepared.failures(failures))")
            let grades = try Grader.grade(
                r, submissions: subs.map(prepared.relabel), runner: MonteCarloRunner(jobs: 2), toolchain: toolchain)
            #expect(grades.map(\.submission.team) == list)
            for g in grades {
                #expect(g.source?.failure == nil, "\(g.submission.team): \(String(describing: g.source?.failure))")
                for c in g.results { #expect(c.verdict != .notMeasurable, "\(g.submission.team) \(c)") }
                let fired = (g.source?.times.values.flatMap { $0.flatMap { $0 } } ?? []).count
                #expect(fired > 0, "\(g.submission.team) never fired")
            }
        }
    }
}
