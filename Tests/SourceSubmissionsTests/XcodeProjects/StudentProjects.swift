import Foundation

// MARK: - Student-style Xcode projects of the Penn Dining hunt, written for these tests

/// Fourteen small projects written the way the course's students write them (SwiftUI views, `@main` app,
/// previews, the detection code wherever the student put it), each with its `project.pbxproj`. None is a copy
/// of a real submission. What each covers:
///
/// | project | placement |
/// |---|---|
/// | `motion-class` | a class owning `CMMotionManager` (`shakeCount += 1`), a `CLLocationManagerDelegate` with continuous updates and `isNear(_:)`, halls hard-coded; Xcode 15 groups, Swift 5 |
/// | `view-model-closure` | an `ObservableObject` view model deciding in its handler closure, a `@Published` flag set true; MainActor default isolation; halls from a GPX file; Xcode 16 synchronized folder |
/// | `observable-collect` | an `@Observable` class that collects by `collected.insert(…)`; Swift 6, MainActor |
/// | `one-shot-location` | a delegate that asks once (`requestLocation()`), check `canCollect(at: CLLocation)` |
/// | `collect-button` | a "Collect" button in the view beside the shake |
/// | `private-members` | the counter and the start method are `private` (glue must sit in the same file) |
/// | `two-detectors` | two classes start motion updates |
/// | `view-onreceive` | the detector in a view's `onReceive` of a `Timer.publish` timer (motion started in `onAppear`, read by polling) |
/// | `view-onappear-handler` | the detector in the motion handler a view sets up in `onAppear`, `@State` counter |
/// | `scribble-drag` | scribble in a `DragGesture` of the view |
/// | `collect-method` | "collected" is a call of the class's own `markCollected(hall:)`, which changes nothing countable |
/// | `collect-store` | "collected" is a call into a store object (`store.collect(…)`), which appends to its list |
/// | `no-motion` | a list of halls, no motion or gesture code |
/// | `callback-only` | the motion class only calls a closure back: what "collected" means is not in it |
enum StudentProjects {
    /// The rubric's two halls (SourceFixture.rubric) as the students typed them.
    static let hallsArray = """
        let halls: [DiningHall] = [
            DiningHall(name: "1920 Commons", coordinate: CLLocationCoordinate2D(latitude: 39.95248, longitude: -75.19938)),
            DiningHall(name: "Pret A Manger", coordinate: CLLocationCoordinate2D(latitude: 39.95263, longitude: -75.19848)),
        ]
        """

    static let diningHall = """
        import CoreLocation

        struct DiningHall: Identifiable {
            let id = UUID()
            let name: String
            let coordinate: CLLocationCoordinate2D
        }

        \(hallsArray)

        """

    static let app = """
        import SwiftUI

        @main
        struct HuntApp: App {
            var body: some Scene {
                WindowGroup {
                    ContentView()
                }
            }
        }

        """

    /// A view that uses `model` and shows the halls; `extra` goes inside the VStack.
    static func contentView(_ model: String, extra: String = "") -> String {
        """
        import SwiftUI

        struct ContentView: View {
            @StateObject private var model = \(model)()
            @State private var selected: String? = nil

            var body: some View {
                NavigationStack {
                    VStack(spacing: 12) {
                        Text("Penn Dining Hunt").font(.largeTitle).bold()
                        ForEach(halls) { hall in
                            Text(hall.name).foregroundStyle(.secondary)
                        }
                        \(extra)
                    }
                    .padding()
                    .onAppear { print("appeared") }
                }
            }
        }

        #Preview {
            ContentView()
        }

        """
    }

    static let motionService = """
        import CoreMotion
        import Foundation

        class ShakeService: ObservableObject {
            private let motionManager = CMMotionManager()
            private var lastShake: Date?
            @Published private(set) var shakeCount = 0

            func startListening() {
                guard motionManager.isAccelerometerAvailable else { return }
                motionManager.accelerometerUpdateInterval = 0.02
                motionManager.startAccelerometerUpdates(to: .main) { [weak self] data, _ in
                    guard let self, let a = data?.acceleration else { return }
                    let g = sqrt(a.x * a.x + a.y * a.y + a.z * a.z)
                    if g > 2.5 {
                        let now = Date()
                        if let last = self.lastShake, now.timeIntervalSince(last) < 1.0 { return }
                        self.lastShake = now
                        self.shakeCount += 1
                    }
                }
            }

            func stopListening() { motionManager.stopAccelerometerUpdates() }
        }

        """

    static let continuousLocation = """
        import CoreLocation

        class LocationManager: NSObject, ObservableObject, CLLocationManagerDelegate {
            private let manager = CLLocationManager()
            @Published var lastLocation: CLLocation?

            override init() {
                super.init()
                manager.delegate = self
                manager.desiredAccuracy = kCLLocationAccuracyBest
                manager.requestWhenInUseAuthorization()
                manager.startUpdatingLocation()
            }

            func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                lastLocation = locations.last
            }

            func isNear(_ hall: CLLocationCoordinate2D) -> Bool {
                guard let here = lastLocation else { return false }
                return here.distance(from: CLLocation(latitude: hall.latitude, longitude: hall.longitude)) < 50
            }
        }

        """

    /// name → (app folder files, settings, extra files outside the app folder such as GPX).
    static var all: [String: (files: [String: String], settings: ProjectFile.Settings)] {
        var p: [String: (files: [String: String], settings: ProjectFile.Settings)] = [:]
        p["motion-class"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("ShakeService"), "DiningHall.swift": diningHall,
                "Services/ShakeService.swift": motionService, "Services/LocationManager.swift": continuousLocation,
            ],
            ProjectFile.Settings()
        )
        p["view-model-closure"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("HuntViewModel"),
                "HuntViewModel.swift": """
                import CoreMotion
                import SwiftUI

                struct DiningHall: Identifiable {
                    let id = UUID()
                    let name: String
                }
                let halls = [DiningHall(name: "1920 Commons"), DiningHall(name: "Pret A Manger")]

                final class HuntViewModel: ObservableObject {
                    @Published var shakeDetected = false
                    private let motion = CMMotionManager()

                    init() {
                        motion.deviceMotionUpdateInterval = 1.0 / 50.0
                        motion.startDeviceMotionUpdates(to: OperationQueue()) { [weak self] dm, _ in
                            guard let self, let dm else { return }
                            let a = dm.userAcceleration
                            if sqrt(a.x * a.x + a.y * a.y + a.z * a.z) > 2.0 && !self.shakeDetected {
                                DispatchQueue.main.async {
                                    self.shakeDetected = true
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
                                        self.shakeDetected = false
                                    }
                                }
                            }
                        }
                    }
                }

                """,
                "Notes.swift": "// excluded from the target\nlet broken: Int = \"not compiled\"\n",
                "Halls.gpx": """
                <?xml version="1.0"?>
                <gpx version="1.1" creator="Xcode">
                    <wpt lat="39.95248" lon="-75.19938"><name>1920 Commons</name></wpt>
                    <wpt lat="39.95263" lon="-75.19848"><name>Pret A Manger (Levine)</name></wpt>
                    <wpt lat="39.9522" lon="-75.1932"><name>Van Pelt Library</name></wpt>
                </gpx>

                """,
            ],
            ProjectFile.Settings(swiftVersion: "5.0", isolation: "MainActor", synchronized: true, excluded: ["Notes.swift"])
        )
        p["observable-collect"] = (
            [
                "HuntApp.swift": app,
                "ContentView.swift": contentView("HuntState").replacingOccurrences(of: "@StateObject", with: "@State"),
                "DiningHall.swift": diningHall,
                "HuntState.swift": """
                import CoreMotion
                import CoreLocation
                import Observation

                @Observable
                final class HuntState {
                    var collected: Set<String> = []
                    var magnitude = 0.0
                    @ObservationIgnored private let motion = CMMotionManager()

                    func start() {
                        motion.accelerometerUpdateInterval = 0.1
                        motion.startAccelerometerUpdates(to: .main) { data, _ in
                            guard let a = data?.acceleration else { return }
                            self.magnitude = (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot()
                            if self.magnitude - 1 >= 2.0 {
                                self.collected.insert("hall-\\(self.collected.count)")
                            }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings(swiftVersion: "6.0", isolation: "MainActor", upcomingFeatures: ["InferIsolatedConformances"])
        )
        p["one-shot-location"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("ShakeService"), "DiningHall.swift": diningHall,
                "ShakeService.swift": motionService,
                "LocationService.swift": """
                import CoreLocation

                class LocationService: NSObject, CLLocationManagerDelegate {
                    let manager = CLLocationManager()
                    var current: CLLocation?

                    override init() {
                        super.init()
                        manager.delegate = self
                    }

                    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                        manager.requestLocation()
                    }

                    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                        current = locations.first
                    }

                    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
                        print(error.localizedDescription)
                    }

                    func canCollect(at hall: CLLocation) -> Bool {
                        guard let current else { return false }
                        return current.distance(from: hall) <= 50
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["collect-button"] = (
            [
                "HuntApp.swift": app, "DiningHall.swift": diningHall, "ShakeService.swift": motionService,
                "ContentView.swift": contentView(
                    "ShakeService",
                    extra: """
                        Button("Collect") { selected = halls.first?.name }
                                                .buttonStyle(.borderedProminent)
                        """),
            ],
            ProjectFile.Settings()
        )
        p["private-members"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("Shaker"), "DiningHall.swift": diningHall,
                "Shaker.swift": """
                import CoreMotion

                final class Shaker: ObservableObject {
                    private let manager = CMMotionManager()
                    private var count = 0
                    private var times: [Double] = []

                    private func begin() {
                        manager.accelerometerUpdateInterval = 0.05
                        manager.startAccelerometerUpdates(to: .main) { data, _ in
                            guard let data else { return }
                            let a = data.acceleration
                            guard (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 2.2 else { return }
                            self.times.append(data.timestamp)
                            self.times.removeAll { data.timestamp - $0 > 1.5 }
                            if self.times.count >= 2 {
                                self.times.removeAll()
                                self.count += 1
                            }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["two-detectors"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("ShakeService"), "DiningHall.swift": diningHall,
                "ShakeService.swift": motionService,
                "OldShake.swift": """
                import CoreMotion

                class OldShakeDetector {
                    let mm = CMMotionManager()
                    var fired = false

                    func go() {
                        mm.startAccelerometerUpdates(to: .main) { d, _ in
                            if let d, abs(d.acceleration.x) > 1.5 { self.fired = true }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["view-onreceive"] = (
            [
                "HuntApp.swift": app, "DiningHall.swift": diningHall,
                "ContentView.swift": """
                import SwiftUI
                import CoreMotion

                struct ContentView: View {
                    let motion = CMMotionManager()
                    let timer = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect()
                    @State private var shakes = 0

                    var body: some View {
                        Text("Shakes: \\(shakes)")
                            .onAppear { motion.startAccelerometerUpdates() }
                            .onReceive(timer) { _ in
                                if let a = motion.accelerometerData?.acceleration, (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 2 { shakes += 1 }
                            }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["view-onappear-handler"] = (
            [
                "HuntApp.swift": app, "DiningHall.swift": diningHall,
                "ContentView.swift": """
                import SwiftUI
                import CoreMotion

                struct ContentView: View {
                    @State private var motion = CMMotionManager()
                    @State private var collectedCount = 0
                    @State private var lastShake = 0.0

                    var body: some View {
                        VStack {
                            Text("Collected: \\(collectedCount)")
                        }
                        .onAppear {
                            motion.accelerometerUpdateInterval = 0.02
                            motion.startAccelerometerUpdates(to: .main) { data, _ in
                                guard let data else { return }
                                let a = data.acceleration
                                if (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 2.5, data.timestamp - lastShake > 1 {
                                    lastShake = data.timestamp
                                    collectedCount += 1
                                }
                            }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["collect-method"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("HuntModel"), "DiningHall.swift": diningHall,
                "HuntModel.swift": """
                import CoreMotion

                class HuntModel: ObservableObject {
                    let motion = CMMotionManager()
                    @Published var message = ""
                    var last = 0.0

                    func start() {
                        motion.accelerometerUpdateInterval = 0.02
                        motion.startAccelerometerUpdates(to: .main) { data, _ in
                            guard let data else { return }
                            let a = data.acceleration
                            if a.x * a.x + a.y * a.y + a.z * a.z > 6.25, data.timestamp - self.last > 1 {
                                self.last = data.timestamp
                                self.markCollected(hall: "1920 Commons")
                            }
                        }
                    }

                    func markCollected(hall name: String) {
                        message = "Collected \\(name)!"
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["collect-store"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("ShakeWatcher"), "DiningHall.swift": diningHall,
                "ShakeWatcher.swift": """
                import CoreMotion

                final class CollectionStore {
                    private(set) var collectedHalls: [String] = []

                    func collect(_ hall: String) {
                        collectedHalls.append(hall)
                    }
                }

                final class ShakeWatcher: ObservableObject {
                    let motion = CMMotionManager()
                    let store = CollectionStore()
                    private var last = 0.0

                    init() {
                        motion.deviceMotionUpdateInterval = 0.02
                        motion.startDeviceMotionUpdates(to: .main) { dm, _ in
                            guard let dm else { return }
                            let a = dm.userAcceleration
                            if (a.x * a.x + a.y * a.y + a.z * a.z).squareRoot() > 1.5, dm.timestamp - self.last > 1 {
                                self.last = dm.timestamp
                                self.store.collect("1920 Commons")
                            }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["scribble-drag"] = (
            [
                "HuntApp.swift": app, "DiningHall.swift": diningHall,
                "ContentView.swift": """
                import SwiftUI

                struct ContentView: View {
                    @State private var points: [CGPoint] = []
                    @State private var collected = false

                    var body: some View {
                        Canvas { _, _ in }
                            .gesture(DragGesture().onChanged { value in
                                points.append(value.location)
                                if points.count > 40 { collected = true }
                            })
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        p["no-motion"] = (
            ["HuntApp.swift": app, "DiningHall.swift": diningHall, "ContentView.swift": contentView("NSObject")], ProjectFile.Settings()
        )
        p["callback-only"] = (
            [
                "HuntApp.swift": app, "ContentView.swift": contentView("ShakeListener"), "DiningHall.swift": diningHall,
                "ShakeListener.swift": """
                import CoreMotion

                class ShakeListener: ObservableObject {
                    let manager = CMMotionManager()
                    var onShake: (() -> Void)?

                    init() {
                        manager.startAccelerometerUpdates(to: .main) { data, _ in
                            if let a = data?.acceleration, a.x * a.x + a.y * a.y + a.z * a.z > 6.25 { self.onShake?() }
                        }
                    }
                }

                """,
            ],
            ProjectFile.Settings()
        )
        return p
    }

    /// The project's files as a Mac zips them: `Hunt/Hunt.xcodeproj/project.pbxproj`, `Hunt/Hunt/…`, plus the
    /// test target's file and macOS's `__MACOSX` copy of one file.
    static func files(_ name: String) -> [String: String] {
        let (files, settings) = all[name]!
        var out: [String: String] = [:]
        let swift = files.keys.filter { $0.hasSuffix(".swift") }.sorted()
        out["Hunt.xcodeproj/project.pbxproj"] = ProjectFile.text(app: "Hunt", appFiles: swift, settings: settings)
        for (path, text) in files { out["Hunt/" + path] = text }
        out["HuntTests/HuntTests.swift"] = "import XCTest\n@testable import Hunt\nfinal class HuntTests: XCTestCase {}\n"
        return out
    }

    /// Writes every project as `<dir>/<name>.zip` (student id = name) and returns the folder.
    static func zips(_ names: [String], in dir: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return try names.map { name in
            let url = dir.appendingPathComponent(name + ".zip")
            try ProjectZip.write(
                files(name), prefix: "Hunt/", to: url,
                extra: [ProjectZip.Entry(name: "__MACOSX/Hunt/Hunt/._ContentView.swift", bytes: [0, 5, 22, 7])])
            return url
        }
    }
}
