import Foundation
import Synchronization

/// The bytes of every file read while a scenario or a rubric loads, in reading order.
///
/// A content hash made from the log covers every file a run depends on (the scenario, its profiles, its places,
/// a rubric's suites and submissions) without each reader having to list them: the file readers call
/// ``note(path:bytes:)``, which records into the log of the innermost ``recording(_:)`` and every enclosing one,
/// and does nothing outside one.
package final class InputLog: Sendable {
    private let entries = Mutex<[(path: String, bytes: [UInt8])]>([])
    private let parent: InputLog?

    @TaskLocal private static var current: InputLog?

    private init(parent: InputLog?) { self.parent = parent }

    /// Every file read, in order: its path as read and its bytes.
    package var files: [(path: String, bytes: [UInt8])] { entries.withLock { $0 } }

    /// Records that `path` was read and held `bytes`.
    package static func note(path: String, bytes: Data) {
        var log = current
        while let l = log {
            l.entries.withLock { $0.append((path, [UInt8](bytes))) }
            log = l.parent
        }
    }

    /// Runs `body` with a fresh log and returns its result with every file read meanwhile.
    package static func recording<Result>(
        _ body: () throws(InputError) -> Result
    ) throws(InputError) -> (result: Result, log: InputLog) {
        let log = InputLog(parent: current)
        let outcome = $current.withValue(log) { Swift.Result { () throws(InputError) -> Result in try body() } }
        return (try outcome.get(), log)
    }
}
