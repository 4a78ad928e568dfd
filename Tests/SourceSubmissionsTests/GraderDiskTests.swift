import FileFormats
import Foundation
import MonteCarlo
import Testing

@testable import Grading
@testable import SourceSubmissions

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - The grader's own disk, full or read-only, is the grader's failure

/// A real small file system: a 1 MiB tmpfs mounted by the test (root only; skipped otherwise, with the reason),
/// filled to the last byte or mounted read-only, as the compile cache of a grade with one good source team. The
/// grade must stop with ``SourceSubmissionError/graderDisk(_:full:)`` (the command's exit 74 or 73), never give
/// the team a "compile error" or "grader error" outcome and go on.
@Suite(
    .serialized,
    .enabled(if: geteuid() == 0 && SourceFixture.toolchain != nil, "needs root (to mount a tmpfs) and swiftc"))
struct GraderDiskTests {
    /// Mounts a 1 MiB tmpfs (read-only when asked); the test fails with the reason when mount is refused.
    static func mount(readOnly: Bool) throws -> URL {
        let point = FileManager.default.temporaryDirectory.appendingPathComponent("sb-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        let status = Glibc.mount("tmpfs", point.path, "tmpfs", readOnly ? UInt(MS_RDONLY) : 0, "size=1m")
        try #require(status == 0, "mount -t tmpfs refused: \(String(cString: strerror(errno)))")
        return point
    }

    static func unmount(_ point: URL) {
        _ = umount2(point.path, 0)
        try? FileManager.default.removeItem(at: point)
    }

    /// Writes until the file system says ENOSPC.
    static func fill(_ point: URL) throws {
        let fd = open(point.appendingPathComponent("filler").path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        let block = [UInt8](repeating: 0x55, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        #expect(errno == ENOSPC)
    }

    static func grade(cache: URL) throws -> [TeamGrade] {
        var toolchain = try #require(SourceFixture.toolchain)
        toolchain.cacheFolder = cache.appendingPathComponent("sensorbench/submissions")
        let folder = try SourceFixture.folder(
            json: [:],
            sources: [
                "good": (
                    """
                    {"team": "good", "gesture": "shake", "source": {"shakeDetector": "ShakeCounter"},
                     "proximityCheck": {"kind": "naive", "radiusMeters": 50}, \(SourceFixture.halls)}
                    """, try SourceFixture.rawMagnitudeFiles()
                )
            ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let rubric = try Rubric.load(path: folder.appendingPathComponent("rubric.json").path)
        let (subs, failures) = Grader.load(rubric, files: [folder.appendingPathComponent("good").path])
        #expect(failures.isEmpty)
        return try Grader.grade(rubric, submissions: subs, runner: MonteCarloRunner(jobs: 1), toolchain: toolchain)
    }

    @Test func aFullCacheDiskStopsTheGradeWithExit74() throws {
        let point = try Self.mount(readOnly: false)
        defer { Self.unmount(point) }
        try Self.fill(point)
        do {
            let grades = try Self.grade(cache: point)
            Issue.record("graded on a full disk: \(grades.map { $0.source?.failure.map { "\($0.outcome): \($0.summary)" } ?? "ran" })")
        } catch let error as SourceSubmissionError {
            guard case .graderDisk(let message, let full) = error else {
                Issue.record("not a disk failure: \(error)")
                return
            }
            #expect(full)
            #expect(message.contains("no space left on device"), "\(message)")
            #expect(ExitCode(graderFailure: error) == .ioError)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aReadOnlyCacheStopsTheGradeWithExit73() throws {
        let point = try Self.mount(readOnly: true)
        defer { Self.unmount(point) }
        do {
            let grades = try Self.grade(cache: point)
            Issue.record("graded on a read-only disk: \(grades.map { $0.source?.failure?.outcome ?? "ran" })")
        } catch let error as SourceSubmissionError {
            guard case .graderDisk(let message, let full) = error else {
                Issue.record("not a disk failure: \(error)")
                return
            }
            #expect(!full)
            #expect(message.contains("read-only file system"), "\(message)")
            #expect(ExitCode(graderFailure: error) == .cannotCreate)
        }
    }
}
