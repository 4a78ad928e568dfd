import Foundation

// MARK: - Compiling many teams at once

extension SubmissionCompiler {
    /// One team to compile.
    public struct HarnessRequest: Sendable, Equatable {
        /// The submission's folder.
        public var teamFolder: URL
        /// Only these `.swift` files (relative paths), or nil for every one below the folder.
        public var files: [String]?
        /// The harness's `main.swift`.
        public var harnessMain: String

        /// A request.
        ///
        /// - Parameters:
        ///   - teamFolder: the submission's folder.
        ///   - files: the listed files, or nil for all.
        ///   - harnessMain: the harness's `main.swift`.
        public init(teamFolder: URL, files: [String]? = nil, harnessMain: String) {
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
    public func compileHarnesses(
        _ requests: [HarnessRequest], libraries: PreparedLibraries, jobs: Int
    ) -> [Result<CompileOutcome, SourceSubmissionError>] {
        let results = ResultSlots(count: requests.count)
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
                            libraries: libraries)
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
        return results.all()
    }
}

// MARK: - Shared state

/// The results of a batch, and the next request to take; under a lock.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<CompileOutcome, SourceSubmissionError>?]
    private var taken = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < slots.count else { return nil }
        taken += 1
        return taken - 1
    }

    func set(_ index: Int, _ result: Result<CompileOutcome, SourceSubmissionError>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func all() -> [Result<CompileOutcome, SourceSubmissionError>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0 ?? .failure(.toolFailed("a compile was not run")) }
    }
}

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
