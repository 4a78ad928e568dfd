import Foundation
import Testing

/// Determinism across machines: glibc picks its `exp`, `log`, `sin` and `cos` by the CPU at run time (FMA builds on
/// this machine's AMD EPYC), and those builds differ from the plain ones in a last bit now and then. A report must
/// not. The same scenario is run with glibc's choice and with FMA, AVX2 and AVX masked off
/// (`GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-AVX`, the variant a CPU without them gets) and every file compared
/// byte for byte. `drift-one-phone`'s likelihood ratio for an unidentified term printed "LR 0" with one and
/// "LR 1.27e-11" with the other until ratios within rounding became 0. On a CPU without FMA both runs use the same
/// variant and the test cannot fail there.
@Suite struct CrossMachineDeterminismTests {
    static func run(_ scenario: String, trials: String?, into folder: URL, masked: Bool) throws -> SensorBench.Result {
        guard let binary = SensorBench.binary else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = binary
        process.arguments =
            ["run", "Scenarios/\(scenario).json", "--out", folder.path, "--quiet"] + (trials.map { ["--trials", $0] } ?? [])
        process.currentDirectoryURL = SensorBench.packageRoot
        var environment = ProcessInfo.processInfo.environment
        if masked { environment["GLIBC_TUNABLES"] = "glibc.cpu.hwcaps=-AVX2,-FMA,-AVX" }
        process.environment = environment
        return try SensorBench.collect(process)
    }

    static func files(under folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(arguments: [
        ("drift-one-phone", nil), ("drift-time-vs-turns", "3"), ("shake-threshold-tuning", "4"), ("geofence-false-triggers", "20"),
    ])
    func reportsAreTheSameWithAndWithoutFMA(scenario: String, trials: String?) throws {
        let root = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = root.appendingPathComponent("as-chosen")
        let masked = root.appendingPathComponent("masked")
        let a = try Self.run(scenario, trials: trials, into: plain, masked: false)
        let b = try Self.run(scenario, trials: trials, into: masked, masked: true)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let fa = try Self.files(under: plain)
        let fb = try Self.files(under: masked)
        #expect(!fa.isEmpty)
        #expect(fa.keys.sorted() == fb.keys.sorted())
        for (name, data) in fa where fb[name] != data {
            Issue.record("\(scenario): \(name) differs between glibc's FMA and plain math")
        }
    }
}
