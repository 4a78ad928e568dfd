import Foundation

/// Puts a finished folder in place of an existing one in one step.
///
/// On Linux this is `renameat2(…, RENAME_EXCHANGE)`: both names exist before and after, and the kernel swaps
/// them atomically, so no moment exists at which the destination is missing or mixed. glibc declares
/// `renameat2` only under `_GNU_SOURCE`, which Swift's Glibc module does not define, so the function is looked
/// up once with `dlsym`.
///
/// Where the exchange is unavailable (another system, a kernel or file system answering `EINVAL`/`ENOSYS`), a
/// two-rename scheme is used: the old folder is renamed to `.<name>.old-<pid>`, then the new one to `<name>`.
/// Every state in between is recoverable: when a process is killed after the first rename, `<name>` is missing
/// and `.<name>.old-<pid>` (a dead pid) holds the complete previous report, which ``ReportFolder`` renames
/// back before it does anything else; after the second rename only leftovers remain, which it removes.
enum FolderSwap {
    private typealias RenameAt2 =
        @convention(c) (
            Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32

    /// `RENAME_EXCHANGE` from `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 1 << 1

    private static let renameat2: RenameAt2? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
            return nil
        #endif
    }()

    /// Exchanges the folders at `a` and `b` atomically.
    ///
    /// - Returns: false when the system offers no atomic exchange here (the caller falls back to two renames).
    /// - Throws: ``ReportingError`` for any other failure (nothing changed).
    static func exchange(_ a: String, _ b: String) throws(ReportingError) -> Bool {
        guard let renameat2, !FaultInjection.isActive(.noExchange) else { return false }
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0 { return true }
        let code = errno
        if code == EINVAL || code == ENOSYS || code == ENOTSUP { return false }
        throw FileSystem.error(code, path: b, doing: "cannot swap the new report into place")
    }
}
