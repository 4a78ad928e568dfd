import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SubmissionCompiler {
    /// Every `.swift` file below `folder`, as paths relative to it, sorted (the order the compiler takes them).
    ///
    /// - Throws: ``SourceSubmissionError/noSources(folder:)`` when the folder is missing.
    package static func swiftFilesRelative(in folder: URL) throws(SourceSubmissionError) -> [String] {
        let prefix = folder.standardizedFileURL.path + "/"
        return try swiftFiles(in: folder).map { url in
            url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.lastPathComponent
        }
    }
}

// MARK: - Files a team names

/// The checks every file a team names (its `submission.json`, its GPX file, its `.swift` files) passes before
/// the grader reads a byte of it: its name carries no control character and no backtick (names reach the report
/// in code spans and error lines), the path resolved (`realpath`, every symbolic link followed) stays inside the
/// team's folder (resolved too), and what it leads to is a regular file (not a named pipe, whose opening would
/// wait for a writer, nor a device, socket or folder). A file that fails is not opened, so nothing of what a link
/// points at reaches a message.
package enum TeamFile {
    /// Why the grader will not read `name` (a path relative to `folder`), or nil when it may.
    ///
    /// - Parameters:
    ///   - name: the relative path the team gave or the grader found.
    ///   - folder: the team's folder.
    /// - Returns: the problem, a phrase to follow the file's name ("is a symbolic link to …"), or nil.
    package static func problem(_ name: String, in folder: URL) -> String? {
        if name.unicodeScalars.contains(where: isRefused) {
            return "has a control character or a backtick in its name; file names reach the report, so it is refused"
        }
        guard let root = resolved(folder.path) else { return "is in a folder that cannot be found" }
        guard let target = resolved(folder.appendingPathComponent(name).path) else {
            return "cannot be found (or is a symbolic link that leads nowhere)"
        }
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            return "is a symbolic link to a file outside the submission folder; it is not read"
        }
        var info = stat()
        guard stat(target, &info) == 0 else { return "cannot be examined" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "is a named pipe (FIFO), not a regular file; it is not read"
        case S_IFDIR: return "is a folder, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file; it is not read"
        default: return "is a device, not a regular file; it is not read"
        }
    }

    /// `name` as messages show it: each control character and backtick as `\u{…}`, so the text stays on one line
    /// and cannot end a code span.
    package static func shown(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if isRefused(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 and C1 control characters, DEL, the Unicode line and paragraph separators, the bidirectional
    /// overrides and isolates (which reorder what a reader sees), and the backtick.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x60: return true
        default: return false
        }
    }

    /// The path with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
