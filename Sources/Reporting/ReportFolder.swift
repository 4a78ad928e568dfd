import Foundation

/// Writes a whole report folder so that, after any kill or I/O error, it holds the previous report or the new
/// one, never a mix.
///
/// Steps, for the report folder `<parent>/<name>`:
/// 1. Take an exclusive `flock` on `<parent>/.<name>.lock` without waiting; a second writer is refused with
///    ``ReportingError/locked(path:)`` (exit 75, EX_TEMPFAIL: try again when the other run ends).
/// 2. Recover what a killed run left: `.<name>.old-<pid>` is renamed back to `<name>` when `<name>` is missing
///    (see ``FolderSwap``), otherwise removed; `.<name>.tmp-<pid>` is removed. Only entries whose process is
///    dead are touched.
/// 3. Write every file into the sibling `.<name>.tmp-<pid>` (same file system), each file and folder fsync'd.
/// 4. Swap it into place: `rename` when `<name>` does not exist, else ``FolderSwap`` (an atomic exchange, or two
///    recoverable renames); then fsync `<parent>` and remove the previous report.
///
/// An existing `<name>` is replaced only when it is empty or holds a `summary.md` (every sensorbench report
/// does), so a mistyped `--out` never swaps away a folder of other files.
enum ReportFolder {
    /// The file every sensorbench report holds; a non-empty folder without it is not replaced.
    static let reportMarker = "summary.md"

    /// The most bytes in one name on Linux file systems (NAME_MAX).
    static let maximumNameBytes = 255
    /// What the hidden siblings add to the report folder's name: "." and ".tmp-" (".old-" and ".lock" are no
    /// longer) and a process id of up to 10 digits.
    static let siblingExtraBytes = 1 + 5 + 10

    /// The resolved location of a report folder.
    private struct Location {
        let shown: String
        /// The folder above, as the user wrote it (for creating it with messages in their terms).
        let shownParent: String
        let target: String
        let parent: String
        let name: String
        var lockFile: String { parent + "/.\(name).lock" }

        init(_ folder: URL) throws(ReportingError) {
            shown = folder.relativePath
            shownParent = PathText.parent(of: shown)
            target = folder.standardizedFileURL.resolvingSymlinksInPath().path
            parent = PathText.parent(of: target)
            name = (target as NSString).lastPathComponent
            guard !name.isEmpty, name != "/", name != ".", name != ".." else {
                throw .output(path: shown, reason: "is not a folder a report can be written to")
            }
            // Checked before any folder is made, so a refused run leaves no new parent folder behind.
            for component in target.split(separator: "/") where component.utf8.count > maximumNameBytes {
                throw .output(
                    path: shown,
                    reason: "has a path component of \(component.utf8.count) bytes; names are limited to \(maximumNameBytes) bytes")
            }
            let longest = maximumNameBytes - siblingExtraBytes
            guard name.utf8.count <= longest else {
                throw .output(
                    path: shown,
                    reason: "is a folder name of \(name.utf8.count) bytes; a report folder's name may have at most \(longest) "
                        + "(the file system's \(maximumNameBytes) bytes per name, less room for its hidden .<name>.tmp-<pid> sibling)")
            }
        }
    }

    /// Locks held by ``reserve(_:)`` until their report is written (or the process exits), by target path.
    nonisolated(unsafe) private static var reserved: [String: FolderLock] = [:]
    private static let reservedGuard = NSLock()

    /// Takes the report folder's lock now, before the work that produces the report, and checks that the
    /// location can hold a report; ``write(_:to:)`` later uses this lock and releases it.
    ///
    /// A second process reserving or writing the same folder is then refused at once instead of after its
    /// computation. The lock files of reservations never written are removed at exit.
    static func reserve(_ folder: URL) throws(ReportingError) {
        let location = try Location(folder)
        reservedGuard.lock()
        defer { reservedGuard.unlock() }
        guard reserved[location.target] == nil else { return }
        try FileSystem.makeFolders(location.shownParent)
        let lock = try FolderLock.acquire(lockFile: location.lockFile, folder: location.shown)
        recoverStale(parent: location.parent, name: location.name)
        do {
            _ = try checkReplaceable(location.target, shown: location.shown)
        } catch {
            lock.release()
            throw error
        }
        if reserved.isEmpty { atexit { ReportFolder.releaseAll() } }
        reserved[location.target] = lock
    }

    private static func releaseAll() {
        reservedGuard.lock()
        defer { reservedGuard.unlock() }
        for lock in reserved.values { lock.release() }
        reserved = [:]
    }

    /// Takes the reserved lock for `location`, or acquires it.
    private static func lock(_ location: Location) throws(ReportingError) -> FolderLock {
        reservedGuard.lock()
        let held = reserved.removeValue(forKey: location.target)
        reservedGuard.unlock()
        if let held { return held }
        try FileSystem.makeFolders(location.shownParent)
        return try FolderLock.acquire(lockFile: location.lockFile, folder: location.shown)
    }

    static func write(_ files: [(path: String, contents: ReportFileContents)], to folder: URL) throws(ReportingError) {
        let location = try Location(folder)
        let (shown, target, parent, name) = (location.shown, location.target, location.parent, location.name)
        let lock = try lock(location)
        defer { lock.release() }
        recoverStale(parent: parent, name: name)
        let exists = try checkReplaceable(target, shown: shown)
        let pid = getpid()
        let temporary = parent + "/.\(name).tmp-\(pid)"
        FileSystem.removeTree(temporary)
        do {
            try fill(temporary, with: files)
        } catch {
            FileSystem.removeTree(temporary)
            throw error
        }
        FaultInjection.killIfActive(.killBeforeSwap)
        if !exists {
            guard rename(temporary, target) == 0 else {
                let code = errno
                FileSystem.removeTree(temporary)
                throw FileSystem.error(code, path: shown, doing: "cannot move the new report into place")
            }
            try FileSystem.syncFolder(parent)
            return
        }
        let swapped: Bool
        do {
            swapped = try FolderSwap.exchange(temporary, target)
        } catch {
            FileSystem.removeTree(temporary)
            throw error
        }
        if swapped {
            FaultInjection.killIfActive(.killAfterSwap)
            try FileSystem.syncFolder(parent)
            FileSystem.removeTree(temporary)
            return
        }
        let old = parent + "/.\(name).old-\(pid)"
        FileSystem.removeTree(old)
        guard rename(target, old) == 0 else {
            let code = errno
            FileSystem.removeTree(temporary)
            throw FileSystem.error(code, path: shown, doing: "cannot move the previous report aside")
        }
        FaultInjection.killIfActive(.killBetweenRenames)
        guard rename(temporary, target) == 0 else {
            let code = errno
            rename(old, target)
            FileSystem.removeTree(temporary)
            throw FileSystem.error(code, path: shown, doing: "cannot move the new report into place")
        }
        FaultInjection.killIfActive(.killAfterSwap)
        try FileSystem.syncFolder(parent)
        FileSystem.removeTree(old)
    }

    // MARK: - Steps

    /// Whether `target` exists (and may be replaced); throws when it is not a report folder.
    private static func checkReplaceable(_ target: String, shown: String) throws(ReportingError) -> Bool {
        guard let kind = FileSystem.kind(target) else { return false }
        guard kind == S_IFDIR else { throw .output(path: shown, reason: FileSystem.notAFolder(kind)) }
        let entries = FileSystem.entries(target)
        guard entries.isEmpty || entries.contains(reportMarker) else {
            throw .output(
                path: shown,
                reason: "exists and is not a sensorbench report (no \(reportMarker)); choose another --out or empty it")
        }
        return true
    }

    /// Removes (or, for a half-finished two-rename swap, restores) what killed runs left beside `name`.
    private static func recoverStale(parent: String, name: String) {
        let target = parent + "/" + name
        let me = getpid()
        let entries = FileSystem.entries(parent).sorted()
        for entry in entries {
            guard let pid = FileSystem.owner(of: entry, prefix: ".\(name).old-"), pid == me || !FileSystem.isAlive(pid)
            else { continue }
            let path = parent + "/" + entry
            if FileSystem.kind(target) == nil, rename(path, target) == 0 { continue }
            FileSystem.removeTree(path)
        }
        for entry in entries {
            guard let pid = FileSystem.owner(of: entry, prefix: ".\(name).tmp-"), pid == me || !FileSystem.isAlive(pid)
            else { continue }
            FileSystem.removeTree(parent + "/" + entry)
        }
    }

    /// Creates `folder` holding `files`, every file and folder synced.
    private static func fill(_ folder: String, with files: [(path: String, contents: ReportFileContents)]) throws(ReportingError) {
        try FileSystem.makeFolders(folder)
        var folders: Set<String> = [folder]
        for (path, contents) in files {
            let url = folder + "/" + path
            let directory = PathText.parent(of: url)
            if !folders.contains(directory) {
                try FileSystem.makeFolders(directory)
                var d = directory
                while d.count > folder.count {
                    folders.insert(d)
                    d = PathText.parent(of: d)
                }
            }
            switch contents {
            case .text(let text): try FileSystem.writeSynced(Data(text.utf8), to: url)
            case .spooled(let spool): try FileSystem.writeSynced(spool, to: url)
            }
        }
        for directory in folders.sorted(by: { $0.count > $1.count }) { try FileSystem.syncFolder(directory) }
    }
}

/// An exclusive, non-waiting `flock` on a lock file beside a report folder.
///
/// The lock file is removed on release. A writer that opened the file just before it was removed would then
/// hold a lock on a file no longer at that path; ``acquire(lockFile:folder:)`` therefore checks, once locked,
/// that the path still names the locked file, and tries again when not.
struct FolderLock {
    let descriptor: Int32
    let path: String

    static func acquire(lockFile: String, folder: String) throws(ReportingError) -> FolderLock {
        while true {
            let fd = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw FileSystem.error(errno, path: lockFile, doing: "cannot create the lock file") }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EINTR { continue }
                if code == EWOULDBLOCK { throw .locked(path: folder) }
                throw FileSystem.error(code, path: lockFile, doing: "cannot lock")
            }
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, stat(lockFile, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                return FolderLock(descriptor: fd, path: lockFile)
            }
            close(fd)
        }
    }

    func release() {
        unlink(path)
        close(descriptor)
    }
}
