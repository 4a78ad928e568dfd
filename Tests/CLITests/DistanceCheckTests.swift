import Foundation
import Testing

@testable import DetectionCore
@testable import FileFormats
@testable import sensorbench

/// `distance` refuses a latitude beyond ±90° naming the argument, warns about a point that looks typed as
/// LON,LAT, and gives no bearing between identical points.
@Suite struct DistanceCheckTests {
    func coordinate(_ text: String) throws -> (String, Coordinate) {
        let p = try #require(CommandLineParser.parseLatLon(text))
        return (text, try #require(Coordinate(latitudeDegrees: p.latitude, longitudeDegrees: p.longitude)))
    }

    func warning(_ a: String, _ b: String) throws -> String? {
        let (from, to) = (try coordinate(a), try coordinate(b))
        let meters = Geodesic.inverse(from.1, to.1).distanceMeters
        return try DistanceCommand.swapWarning(from: from, to: to, typedMeters: meters)
    }

    /// 1920 Commons and a point 80 m east, the second typed LON,LAT: -75.19848 is a valid latitude, so only the
    /// distance tells (about 14,960 km as typed, 0.1 km read back). Read back, either point lands near the other,
    /// so both readings are named.
    @Test func aSwappedPairIsNamed() throws {
        let text = try #require(try warning("39.95248,-75.19938", "-75.19848,39.95263"))
        #expect(text.hasPrefix("one of the points looks swapped (the order is LAT,LON): '39.95248,-75.19938' read as LON,LAT lies 0.1 km"))
        #expect(text.contains(", and '-75.19848,39.95263' read as LON,LAT lies 0.1 km from '39.95248,-75.19938'"))
        #expect(text.hasSuffix("km apart (computed as typed)"))
    }

    /// Far-apart true pairs are left alone: Sydney–London (swapping London gives a point 10,000+ km from Sydney,
    /// swapping Sydney gives no valid latitude), and two nearby points.
    @Test(arguments: [
        ("-33.8568,151.2153", "51.5,-0.12"), ("39.95248,-75.19938", "39.95263,-75.19848"), ("10,20", "-60,100"),
    ])
    func truePairsAreNotFlagged(a: String, b: String) throws {
        #expect(try warning(a, b) == nil)
    }

    @Test func latitudeBeyondNinetyNamesTheArgument() {
        for (from, to, which) in [
            ("95,0", "0,0", "first point '95,0'"), ("0,0", "-175.19938,39.95248", "second point '-175.19938,39.95248'"),
        ] {
            do {
                _ = try DistanceCommand(from: from, to: to).run()
                Issue.record("accepted \(from) \(to)")
            } catch let error as InputError {
                #expect(error.field == which)
                #expect(ExitCode(error) == .dataError && error.problem.contains("beyond ±90°"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func identicalPointsHaveNoBearingAndSwapsWarnOnStandardError() throws {
        let same = try SensorBench.run(["distance", "39.95248,-75.19938", "39.95248,-75.19938"])
        #expect(same.status == 0)
        #expect(same.stdout == "0.000 m, bearing undefined (same point) (WGS-84 geodesic)\n")
        let swapped = try SensorBench.run(["distance", "39.95248,-75.19938", "-75.19848,39.95263"])
        #expect(swapped.status == 0)
        #expect(swapped.stdout.hasSuffix("(WGS-84 geodesic)\n"))
        #expect(swapped.stderr.hasPrefix("Warning: one of the points looks swapped (the order is LAT,LON): "))
    }
}
