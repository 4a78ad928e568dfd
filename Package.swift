// swift-tools-version: 6.0
// SensorBench: synthetic phone-sensor noise, the detection core an app links, and GSL statistics.

import PackageDescription

let package = Package(
    name: "SensorBench",
    products: [
        .library(name: "DetectionCore", targets: ["DetectionCore"]),
        .library(name: "SensorShims", targets: ["SensorShims"]),
        .executable(name: "sensorbench", targets: ["sensorbench"]),
    ],
    targets: [
        // What an iOS app links: the Swift standard library only.
        .target(name: "DetectionCore"),
        // Apple-shaped value types (Core Motion, Core Location, the drag gesture) over the core: stdlib only.
        .target(name: "SensorShims", dependencies: ["DetectionCore"]),
        // GSL through pkg-config; imported `internal`ly by Stats alone.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        .target(name: "Stats", dependencies: ["CGSL"]),
        // zlib through pkg-config; imported `internal`ly by the zip reader of FileFormats alone.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "SensorSim", dependencies: ["Stats", "DetectionCore"]),
        .target(name: "Reporting"),
        // SHA-256 (FIPS 180-4), the one implementation: part-file checksums and compile-cache keys. Stdlib only.
        .target(name: "Checksum"),
        // The line-numbered JSON reader, InputError and exit codes, GPX, sensor CSV / JSON / zip exports: knows nothing of studies.
        .target(name: "FileFormats", dependencies: ["CZlib"]),
        // The runner, trial seeding, shards, part files and merge.
        .target(name: "MonteCarlo", dependencies: ["Checksum", "FileFormats", "Reporting"]),
        // Drift, gestures (shake and scribble) and geofence.
        .target(
            name: "Studies", dependencies: ["DetectionCore", "FileFormats", "MonteCarlo", "Reporting", "SensorSim", "Stats"]),
        .target(
            name: "Grading",
            dependencies: [
                "DetectionCore", "FileFormats", "MonteCarlo", "Reporting", "SensorSim", "SourceSubmissions", "Stats", "Studies",
            ]),
        .target(
            name: "Recordings",
            dependencies: ["DetectionCore", "FileFormats", "MonteCarlo", "Reporting", "SensorSim", "Stats", "Studies"]),
        // Plain C + GSL loops of the hot paths' arithmetic, the references `sensorbench bench` compares against.
        .target(name: "CBenchReference", dependencies: ["CGSL"]),
        // The command line.
        .executableTarget(
            name: "sensorbench",
            dependencies: [
                "CBenchReference", "DetectionCore", "FileFormats", "Grading", "MonteCarlo", "Recordings", "Reporting",
                "SensorSim", "Stats", "Studies",
            ]),
        // Compiles a team's Swift files against DetectionCore and SensorShims with swiftc; the harness wire format.
        .target(name: "SourceSubmissions", dependencies: ["Checksum"]),

        // Test helpers (fixture loading, tolerances); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DetectionCoreTests", dependencies: ["DetectionCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "SensorShimsTests",
            // SensorSim, Stats and Studies: the pasteable detectors are checked against the core on the shipped suites.
            dependencies: ["SensorShims", "DetectionCore", "SensorSim", "Stats", "Studies", "TestSupport"]),
        .testTarget(
            name: "SourceSubmissionsTests",
            dependencies: ["Checksum", "FileFormats", "Grading", "MonteCarlo", "SensorSim", "SourceSubmissions", "Stats"],
            // Student-style source teams, compiled by the tests against the shims (not part of the test target).
            exclude: ["Teams"]),
        .testTarget(name: "StatsTests", dependencies: ["Stats", "CGSL", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SensorSimTests", dependencies: ["DetectionCore", "SensorSim", "Stats"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FileFormatsTests", dependencies: ["DetectionCore", "FileFormats"]),
        .testTarget(name: "MonteCarloTests", dependencies: ["FileFormats", "MonteCarlo"]),
        .testTarget(
            name: "StudiesTests",
            dependencies: [
                "DetectionCore", "FileFormats", "MonteCarlo", "Reporting", "SensorSim", "Stats", "Studies", "TestSupport",
            ]),
        .testTarget(
            name: "GradingTests",
            dependencies: [
                "DetectionCore", "FileFormats", "Grading", "MonteCarlo", "Reporting", "SensorSim", "Stats", "Studies",
            ]),
        .testTarget(
            name: "RecordingsTests",
            dependencies: [
                "DetectionCore", "FileFormats", "Grading", "MonteCarlo", "Recordings", "Reporting", "SensorSim", "Stats",
                "Studies", "TestSupport",
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "DetectionCore", "FileFormats", "Grading", "MonteCarlo", "Recordings", "Studies", "sensorbench",
            ]),
        // The layering rules, checked on the source tree: DetectionCore imports only Swift, only Stats imports CGSL, and
        // every target's imports are exactly its dependencies here and in docs/architecture.md's target table.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
    ],
    swiftLanguageModes: [.v6]
)
