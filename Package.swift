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
        .target(name: "MonteCarlo", dependencies: ["Stats", "FileFormats", "Reporting", "Checksum"]),
        // Drift, gestures (shake and scribble) and geofence.
        .target(name: "Studies", dependencies: ["DetectionCore", "Stats", "SensorSim", "Reporting", "FileFormats", "MonteCarlo"]),
        .target(name: "Grading", dependencies: ["Studies", "SourceSubmissions"]),
        .target(name: "Recordings", dependencies: ["Studies"]),
        // Plain C + GSL loops of the hot paths' arithmetic, the references `sensorbench bench` compares against.
        .target(name: "CBenchReference", dependencies: ["CGSL"]),
        // The command line.
        .executableTarget(name: "sensorbench", dependencies: ["Grading", "Recordings", "CBenchReference"]),
        // Compiles a team's Swift files against DetectionCore and SensorShims with swiftc; the harness wire format.
        .target(name: "SourceSubmissions", dependencies: ["DetectionCore", "Checksum"]),

        // Test helpers (fixture loading, tolerances); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DetectionCoreTests", dependencies: ["DetectionCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SensorShimsTests", dependencies: ["SensorShims", "DetectionCore", "TestSupport"]),
        .testTarget(name: "SourceSubmissionsTests", dependencies: ["SourceSubmissions", "Grading", "Checksum", "TestSupport"]),
        .testTarget(name: "StatsTests", dependencies: ["Stats", "CGSL", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SensorSimTests", dependencies: ["SensorSim", "Stats", "TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ChecksumTests", dependencies: ["Checksum"]),
        .testTarget(name: "FileFormatsTests", dependencies: ["FileFormats", "DetectionCore", "TestSupport"]),
        .testTarget(name: "MonteCarloTests", dependencies: ["MonteCarlo", "TestSupport"]),
        .testTarget(name: "StudiesTests", dependencies: ["Studies", "TestSupport"]),
        .testTarget(name: "GradingTests", dependencies: ["Grading", "TestSupport"]),
        .testTarget(name: "RecordingsTests", dependencies: ["Recordings", "Grading", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["sensorbench", "TestSupport"]),
        // The layering rules (DetectionCore imports only Swift, only Stats imports CGSL), checked on the source tree.
        .testTarget(name: "ArchitectureTests"),
    ],
    swiftLanguageModes: [.v6]
)
