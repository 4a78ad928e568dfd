import DetectionCore
import SensorShims
import Testing

// MARK: - Team code written against the shims gives the shipped detectors' events

@Suite struct TeamStyleDetectorTests {
    /// Indices at which a shake detector fired.
    static func events<D: ShakeDetecting>(_ detector: inout D, _ samples: [AccelerationSample]) -> [Int] {
        samples.indices.filter { detector.consume(samples[$0]) }
    }

    /// Raw readings at 60 Hz (t = i/60), phone face up (gravity (0, 0, −1) g) plus x = A sin(2π·4 Hz·(t − t₀))
    /// inside each (t₀, duration, A) segment.
    static func rawTrace(seconds: Double, segments: [(start: Double, duration: Double, amplitudeG: Double)])
        -> [AccelerationSample]
    {
        (0..<Int(seconds * 60)).map { i in
            let t = Double(i) / 60
            var x = 0.0
            for s in segments where t >= s.start && t < s.start + s.duration {
                x = s.amplitudeG * sin(2 * Double.pi * 4 * (t - s.start))
            }
            return AccelerationSample(timestampSeconds: t, x: x, y: 0, z: -1)
        }
    }

    @Test func teamRawMagnitudeDetectorMatchesTheShippedOne() throws {
        // A 0.6 s shake at 3.5 g; a 3 s shake at 3.5 g (it outlasts the 1 s cooldown, so it fires again);
        // a 2 g shake, whose raw magnitude peaks at √(2² + 1²) ≈ 2.24 g < 2.5 g, so it never fires.
        let samples = Self.rawTrace(
            seconds: 11, segments: [(1, 0.6, 3.5), (4, 3, 3.5), (9, 0.6, 2)])
        var shipped = try ShakeDetector(configuration: .rawMagnitudeDefault, maximumSampleRateHz: 60)
        var team = TeamShakeDetector()
        let expected = Self.events(&shipped, samples)
        let got = Self.events(&team, samples)

        #expect(got == expected)
        #expect(shipped.accelerationInput == team.accelerationInput)
        let times = expected.map { samples[$0].timestampSeconds }
        // One event in the first shake; three in the long one (it fires, waits out the 1 s cooldown, needs 3 fresh
        // hits, fires again: about 4.07, 5.17 and 6.2 s); none in the weak one.
        #expect(times.filter { $0 < 2 }.count == 1)
        #expect(times.filter { $0 >= 4 && $0 < 7 }.count == 3)
        #expect(times.count == 4)
    }

    @Test func teamHallCheckMatchesTheNaiveMonitor() throws {
        // 1920 Commons (Fixtures/penn-dining-halls.csv); fixes on the 30° bearing at distances around 50 m.
        let commons = try #require(Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938))
        let place = Place(name: "1920 Commons", coordinate: commons)
        var monitor = try ProximityMonitor(places: [place], configuration: ProximityCheckConfiguration(kind: .naive))
        let team = TeamHallCheck(hall: CLLocation(latitude: 39.95248, longitude: -75.19938))
        let distances = [120, 60, 50.001, 49.999, 30, 0, 49.999, 50.001, 80.0]
        var agreed = 0
        for (k, d) in distances.enumerated() {
            let c = try #require(Geodesic.direct(from: commons, bearingDegrees: 30, distanceMeters: d))
            let fix = LocationFix(coordinate: c, horizontalAccuracyMeters: 5, timestampSeconds: Double(k))
            _ = monitor.consume(fix)
            #expect(team.canCollect(at: CLLocation(fix)) == monitor.isInside(placeIndex: 0), "at \(d) m")
            if monitor.isInside(placeIndex: 0) == (d < 50) { agreed += 1 }
        }
        #expect(agreed == distances.count)
    }
}
