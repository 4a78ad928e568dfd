import Foundation

// MARK: - Compiling many teams at once

extension SubmissionCompiler {
    /// One team to compile.
    package struct HarnessRequest: Sendable, Equatable {
        /// The submission's folder.
        package var teamFolder: URL
        /// Only these `.swift` files (relative paths), or nil for every one below the folder.
        package var files: [String]?
        /// The harness's `main.swift`.
        package var harnessMain: String
        /// The team's language mode and default isolation.
        package var settings = CompileSettings()

        /// A request.
        ///
        /// - Parameters:
        ///   - teamFolder: the submission's folder.
        ///   - files: the listed files, or nil for all.
        ///   - harnessMain: the harness's `main.swift`.
        package init(
            teamFolder: URL, files: [String]? = nil, harnessMain: String, settings: CompileSettings = CompileSettings()
        ) {
            self.settings = settings
            self.teamFolder = teamFolder
            self.files = files
            self.harnessMain = harnessMain
        }
    }

    /// Compiles every request, at most `jobs` compilers at a time, each content once (`compileHarness`'s cache
    /// and its in-process sharing: identical submissions compiled at once build one entry).
    ///
    /// - Parameters:
    ///   - requests: the teams.
    ///   - libraries: from `prepareLibraries()`.
    ///   - jobs: how many compilers may run at once (at least 1).
    /// - Returns: each request's outcome, or the grader's error for it, in the order of `requests` (whatever the
    ///   order in which they finished).
    package func compileHarnesses(
        _ requests: [HarnessRequest], libraries: PreparedLibraries, jobs: Int
    ) -> [Result<CompileOutcome, SourceSubmissionError>] {
        let results = WorkSlots<CompileOutcome>(count: requests.count)
        let workers = max(1, min(jobs, requests.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            // Threads of their own: a compile blocks for seconds, which the shared dispatch pool should not.
            let thread = Thread {
                while let index = results.next() {
                    let request = requests[index]
                    do throws(SourceSubmissionError) {
                        let outcome = try compileHarness(
                            teamFolder: request.teamFolder, files: request.files, harnessMain: request.harnessMain,
                            libraries: libraries, settings: request.settings)
                        results.set(index, .success(outcome))
                    } catch {
                        results.set(index, .failure(error))
                    }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return results.all().map { $0 ?? .failure(.toolFailed("a compile was not run")) }
    }
}

// MARK: - Shared state

/// The harness builds of this process, by cache entry: which are being built, and the compile errors found.
///
/// A second caller for an entry being built waits for the first; then it finds the built harness in the cache,
/// or the compile error here (a failed build leaves no cache entry to find), so identical content is compiled
/// once per process whatever its outcome.
final class HarnessBuilds: @unchecked Sendable {
    static let shared = HarnessBuilds()

    /// What a caller is to do.
    enum Claim {
        /// Build it (and call `finish`).
        case build
        /// Another caller's build of it failed to compile: that outcome.
        case finished(CompileOutcome)
    }

    private let condition = NSCondition()
    private var building: Set<String> = []
    private var finished: [String: CompileOutcome] = [:]

    /// Claims the entry `key`, waiting while another caller builds it.
    func claim(_ key: String) -> Claim {
        condition.lock()
        defer { condition.unlock() }
        while building.contains(key) { condition.wait() }
        if let outcome = finished[key] { return .finished(outcome) }
        building.insert(key)
        return .build
    }

    /// Ends a build: its outcome (nil when the grader's own step failed: the next caller tries again). Only a
    /// compile error is kept; a built harness is in the cache.
    func finish(_ key: String, _ outcome: CompileOutcome?) {
        condition.lock()
        building.remove(key)
        if case .compileError = outcome { finished[key] = outcome }
        condition.broadcast()
        condition.unlock()
    }
}
