import Testing

@testable import MonteCarlo

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        let parts = SensorBenchVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }
}
