import Foundation
import Testing

/// Runs the built `sensorbench` binary (`scripts/test` builds it before `swift test`).
@Suite(.serialized) struct EndToEndTests {
    @Test func versionAndHelp() throws {
        let version = try SensorBench.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.split(separator: ".").count == 3)
        let help = try SensorBench.run(["--help"])
        #expect(help.status == 0)
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] { #expect(help.stdout.contains(section)) }
        let runHelp = try SensorBench.run(["help", "run"])
        #expect(runHelp.status == 0 && runHelp.stdout.contains("--trials"))
        #expect(help.stderr.isEmpty)
    }

    @Test func usageErrorExits64WithAUsageLine() throws {
        let r = try SensorBench.run(["run", "--trials", "zero", "x.json"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --trials needs a whole number"))
        #expect(r.stderr.contains("Usage: sensorbench run"))
        #expect(r.stdout.isEmpty)
    }

    @Test func missingFileExits66() throws {
        let out = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try SensorBench.run(["run", "no-such-scenario.json", "--out", out.path])
        #expect(r.status == 66)
        #expect(r.stderr == "Error: no-such-scenario.json: no such file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// A bad value in the second file: one line naming file, line and field, exit 65, and nothing written —
    /// not even the first, valid scenario's report.
    @Test func badScenarioExits65AndWritesNothing() throws {
        let folder = try SensorBench.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profiles = SensorBench.packageRoot.appendingPathComponent("Scenarios/profiles")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("profiles"), withDestinationURL: profiles)
        let good =
            #"{"study": "drift", "name": "good", "seed": 1, "trialsPerCell": 2, "profile": "ideal", "grid": {"minutes": [1], "turns": [0]}}"#
        let bad =
            "{\n  \"study\": \"drift\",\n  \"name\": \"bad\",\n  \"seed\": 1,\n  \"trialsPerCell\": 2,\n  \"profile\": \"ideal\",\n"
            + "  \"walk\": {\"turnRateDegPerSec\": -90},\n  \"grid\": {\"minutes\": [1], \"turns\": [0]}\n}\n"
        try good.write(to: folder.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try bad.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("Reports")
        let r = try SensorBench.run(["run", "good.json", "bad.json", "--out", out.path], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr == "Error: bad.json:7: walk.turnRateDegPerSec: must be greater than 0, got -90\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let v = try SensorBench.run(["validate", "good.json", "bad.json"], in: folder)
        #expect(v.status == 65)
        #expect(v.stdout.hasPrefix("ok  good.json: drift scenario"))
    }

    /// A small run writes every report file, and reruns with --jobs 1 and --jobs 2 are byte-identical.
    @Test func runWritesIdenticalReportsForAnyJobs() throws {
        let out1 = try SensorBench.temporaryFolder()
        let out2 = try SensorBench.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: out1)
            try? FileManager.default.removeItem(at: out2)
        }
        let scenario = "Scenarios/drift-holding-tilt.json"
        let a = try SensorBench.run(["run", scenario, "--trials", "3", "--jobs", "1", "--out", out1.path, "--quiet"])
        let b = try SensorBench.run(["run", scenario, "--trials", "3", "--jobs", "2", "--out", out2.path])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(a.stderr.isEmpty && b.stderr.isEmpty)  // progress only on a terminal
        let folder1 = out1.appendingPathComponent("drift-holding-tilt")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder1.path).sorted()
        #expect(
            names == [
                "cells.csv", "drift-scatter.svg", "fits.csv", "regression.csv", "rms-vs-minutes.svg",
                "rms-vs-turns.svg", "summary.md", "trials.csv",
            ])
        for name in names {
            let x = try Data(contentsOf: folder1.appendingPathComponent(name))
            let y = try Data(contentsOf: out2.appendingPathComponent("drift-holding-tilt").appendingPathComponent(name))
            #expect(x == y, "\(name) differs between --jobs 1 and --jobs 2")
        }
        let summary = try String(contentsOf: folder1.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("# TurnBack drift: drift-holding-tilt"))
        // Its pooled levels by tilt mix loops with zigzags (issue 24: "4.79° (tilt 0°) to 53° (tilt 45°)" read as the
        // tilt's effect): the bullet says they are pooled.
        #expect(
            summary.contains(
                "By holding tilt, pooled over the other factors (walks of different kinds mixed: not the effect of the "
                    + "holding tilt on any one kind of walk): tilt 0° → "), "\(summary)")
        // 3 walks a cell, below the studentized interval's 20: the method sentence names the BCa interval it used.
        #expect(summary.contains("RMS 95% CI: the square root of a BCa bootstrap interval (from 20 walks a cell on"))
        // … joined with the χ²ₙ interval in its 20 cells of 32 held level or read by attitude yaw (4 + 16; docs/drift.md
        // part t), and gives what was measured below 20 walks a cell, at 10: the union's coverage, and that the other
        // cells' BCa interval alone is too narrow.
        #expect(
            summary.contains("(a fresh phone of a class profile each walk, planned turns, no tilt under-read: 20 of the 32 cells here)"),
            "\(summary)")
        #expect(
            summary.contains("With fewer than 20 walks a cell the bootstrap part is the BCa interval: the union covered 96.1% of cells"),
            "\(summary)")
        #expect(summary.contains("the other cells' BCa interval alone is too narrow"), "\(summary)")
    }

    @Test func listShowsShippedScenariosAndProfiles() throws {
        let r = try SensorBench.run(["list"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("drift-time-vs-turns") && r.stdout.contains("phone-calibrated"))
    }
}
