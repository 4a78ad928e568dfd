import Foundation
import Testing

/// Faults during a report write, end to end with the built binary: whatever happens, the report folder holds the
/// previous report or the new one, byte for byte, and no temporary file is left once a later run has finished.
@Suite(.serialized) struct ReportFaultTests {
    /// A small drift scenario (2 cells × `trials` walks of one minute), with the shipped profiles linked in.
    static func workspace(trials: Int = 2) throws -> URL {
        let folder = try SensorBench.temporaryFolder()
        let profiles = SensorBench.packageRoot.appendingPathComponent("Scenarios/profiles")
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("profiles"), withDestinationURL: profiles)
        let scenario =
            #"{"study": "drift", "name": "s", "seed": 1, "trialsPerCell": \#(trials), "profile": "ideal", "#
            + #""grid": {"minutes": [1], "turns": [0, 2]}}"#
        try scenario.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every file below `folder` by relative path (hidden ones included).
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        while let path = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    /// Runs `sensorbench run s.json --seed <seed> --out Reports` in `folder` with extra environment, optionally
    /// killing it with SIGKILL after `killAfter` seconds; returns the exit status and whether a signal ended it.
    static func run(
        seed: Int, in folder: URL, environment: [String: String] = [:], killAfter: Double? = nil,
        shell prefix: String? = nil
    ) throws -> (status: Int32, signalled: Bool) {
        guard let binary = SensorBench.binary else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        let arguments = ["run", "s.json", "--seed", String(seed), "--out", "Reports", "--quiet"]
        if let prefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(prefix); exec \"$0\" \"$@\"", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let killAfter {
            usleep(UInt32(killAfter * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// The names beside the report folder and inside it that are not report files (locks, temporaries).
    static func leftovers(_ folder: URL) -> [String] {
        let reports = folder.appendingPathComponent("Reports")
        let beside = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
        let inside = snapshot(reports.appendingPathComponent("s")).keys.filter { $0.hasPrefix(".") || $0.contains("/.") }
        return beside.filter { $0 != "s" } + inside
    }

    /// Reports A (seed 1) and B (seed 2) written cleanly in two other folders, to compare against.
    static func references(trials: Int = 2) throws -> (a: [String: Data], b: [String: Data]) {
        let folder = try workspace(trials: trials)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try run(seed: 1, in: folder).status == 0)
        let a = snapshot(folder.appendingPathComponent("Reports/s"))
        #expect(try run(seed: 2, in: folder).status == 0)
        let b = snapshot(folder.appendingPathComponent("Reports/s"))
        #expect(!a.isEmpty && a.keys.contains("summary.md") && a != b)
        #expect(leftovers(folder).isEmpty)
        return (a, b)
    }

    /// SIGKILL at each step of the swap (the process kills itself there, `SENSORBENCH_FAULT`): before the swap
    /// the previous report stays, after it the new one is whole; with the two-rename fallback, a kill between the
    /// renames leaves the previous report aside, and the next run puts it back before doing anything else.
    @Test func killAtEachStepOfTheSwapLeavesOneWholeReport() throws {
        let (a, b) = try Self.references()
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("Reports/s")
        #expect(try Self.run(seed: 1, in: folder).status == 0)

        let before = try Self.run(seed: 2, in: folder, environment: ["SENSORBENCH_FAULT": "kill-before-swap"])
        #expect(before.signalled)
        #expect(Self.snapshot(report) == a)

        let after = try Self.run(seed: 2, in: folder, environment: ["SENSORBENCH_FAULT": "kill-after-swap"])
        #expect(after.signalled)
        #expect(Self.snapshot(report) == b)

        let fallback = try Self.run(seed: 1, in: folder, environment: ["SENSORBENCH_FAULT": "no-exchange,kill-after-swap"])
        #expect(fallback.signalled)
        #expect(Self.snapshot(report) == a)

        let between = try Self.run(seed: 2, in: folder, environment: ["SENSORBENCH_FAULT": "no-exchange,kill-between-renames"])
        #expect(between.signalled)
        #expect(!FileManager.default.fileExists(atPath: report.path))  // the recoverable state: A is set aside
        let next = try Self.run(seed: 2, in: folder, environment: ["SENSORBENCH_FAULT": "kill-before-swap"])
        #expect(next.signalled)
        #expect(Self.snapshot(report) == a)  // put back by the next run, before it was killed in its turn

        #expect(try Self.run(seed: 2, in: folder).status == 0)
        #expect(Self.snapshot(report) == b)
        #expect(Self.leftovers(folder).isEmpty, "\(Self.leftovers(folder))")
    }

    /// SIGKILL from outside at several moments of a run (during the trials, the rendering or the write): each
    /// time the folder holds report A or report B exactly.
    @Test func killAtRandomMomentsNeverMixesReports() throws {
        let (a, b) = try Self.references(trials: 40)
        let folder = try Self.workspace(trials: 40)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("Reports/s")
        #expect(try Self.run(seed: 1, in: folder).status == 0)
        for (i, delay) in [0.02, 0.08, 0.15, 0.25, 0.4].enumerated() {
            let seed = i % 2 == 0 ? 2 : 1
            _ = try Self.run(seed: seed, in: folder, killAfter: delay)
            let now = Self.snapshot(report)
            #expect(now == a || now == b, "after a kill at \(delay) s the report is mixed: \(now.keys.sorted())")
        }
        #expect(try Self.run(seed: 2, in: folder).status == 0)
        #expect(Self.snapshot(report) == b)
        #expect(Self.leftovers(folder).isEmpty, "\(Self.leftovers(folder))")
    }

    /// A write that fails midway (files beyond the process's file-size limit, `ulimit -f`, with SIGXFSZ ignored
    /// so the write gets EFBIG): exit 74 naming the file, and the previous report intact.
    @Test func writeFailureMidwayKeepsThePreviousReport() throws {
        let (a, _) = try Self.references()
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("Reports/s")
        #expect(try Self.run(seed: 1, in: folder).status == 0)
        let largest = a.values.map(\.count).max() ?? 0
        let smallest = a.values.map(\.count).min() ?? 0
        #expect(smallest < 8 * 512 && largest > 8 * 512)  // so the limit below (8 blocks of 512 bytes, dash) cuts midway
        let failed = try Self.run(seed: 2, in: folder, shell: "trap '' XFSZ; ulimit -f 8")
        #expect(!failed.signalled && failed.status == 74)
        #expect(Self.snapshot(report) == a)
        #expect(Self.leftovers(folder).isEmpty, "\(Self.leftovers(folder))")
    }

    /// The disk fills midway (a tmpfs big enough for one report, not two): exit 74, the previous report intact.
    /// Mounting needs root; only this variant is skipped otherwise.
    @Test(.enabled(if: getuid() == 0)) func fullDiskKeepsThePreviousReport() throws {
        let (a, _) = try Self.references()
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        // tmpfs charges whole 4 KiB pages: room for report A and a third of B.
        let pages = a.values.reduce(0) { $0 + ($1.count + 4095) / 4096 }
        let kib = (pages * 4 * 4) / 3 + 8
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kib)k", "tmpfs", reports.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            Issue.record("root, but mount -t tmpfs failed (exit \(mount.terminationStatus))")
            return
        }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [reports.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        #expect(try Self.run(seed: 1, in: folder).status == 0)
        #expect(Self.snapshot(reports.appendingPathComponent("s")) == a)
        let full = try Self.run(seed: 2, in: folder)
        #expect(full.status == 74)
        #expect(Self.snapshot(reports.appendingPathComponent("s")) == a)
        #expect(Self.leftovers(folder).isEmpty, "\(Self.leftovers(folder))")
    }

    /// A second writer of the same folder is refused at once (exit 75) with a line naming the folder.
    @Test func concurrentWriterIsRefused() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let lockFile = reports.appendingPathComponent(".s.lock").path
        let fd = open(lockFile, O_RDWR | O_CREAT, 0o644)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        let r = try SensorBench.run(["run", "s.json", "--out", "Reports"], in: folder)
        close(fd)
        #expect(r.status == 75)
        #expect(r.stderr == "Error: Reports/s: another sensorbench process is writing this report folder; wait for it to finish\n")
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("s").path))
    }

    /// Output locations that cannot hold a report are refused before anything runs, in plain words.
    @Test func unusableOutputLocationsAreRefused() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "x".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let onFile = try SensorBench.run(["run", "s.json", "--out", "file"], in: folder)
        #expect(onFile.status == 73)
        #expect(onFile.stderr == "Error: file: is a file, not a folder\n")
        let root = SensorBench.packageRoot.path
        let grade = try SensorBench.run(
            ["grade", "--rubric", root + "/Scenarios/rubrics/penn-dining.json", root + "/Scenarios/submissions", "--out", "/dev/null"],
            in: folder)
        #expect(grade.status == 73)
        #expect(grade.stderr == "Error: /dev/null: is a device or special file, not a folder\n")
        let devNull = try SensorBench.run(["run", "s.json", "--out", "/dev/null"], in: folder)
        #expect(devNull.status == 73)
        #expect(devNull.stderr == "Error: /dev/null: is a device or special file, not a folder\n")
        let empty = try SensorBench.run(["run", "s.json", "--out", ""], in: folder)
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: --out needs a value, got an empty string\n"))
        let other = folder.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: other.appendingPathComponent("s"), withIntermediateDirectories: true)
        try "keep".write(to: other.appendingPathComponent("s/notes.txt"), atomically: true, encoding: .utf8)
        let foreign = try SensorBench.run(["run", "s.json", "--out", "mine"], in: folder)
        #expect(foreign.status == 73)
        #expect(foreign.stderr.contains("mine/s: exists and is not a sensorbench report (no summary.md)"))
        #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent("s/notes.txt").path))
    }

    /// Two scenarios whose names differ only in case would share one report folder on a case-insensitive file
    /// system: refused before anything runs (exit 65), naming both files.
    @Test func scenarioNamesDifferingOnlyInCaseAreRefused() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: folder.appendingPathComponent("s.json"), encoding: .utf8)
        try text.replacingOccurrences(of: #""name": "s""#, with: #""name": "S""#)
            .write(to: folder.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let r = try SensorBench.run(["run", "s.json", "t.json", "--out", "Reports"], in: folder)
        #expect(r.status == 65)
        #expect(r.stderr == "Error: t.json: name: \"S\" is also the name (ignoring case) of s.json; their reports would collide\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports").path))
    }
}
