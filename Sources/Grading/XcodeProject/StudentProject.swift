import FileFormats
import Foundation
import SourceSubmissions

// MARK: - A student's Xcode project as handed in: a zip or a folder

/// The files grading reads from a student's Xcode project (its Swift files, `project.pbxproj`, GPX files), held
/// in memory, with paths relative to the folder that holds the `.xcodeproj`.
///
/// A zip is read entry by entry with the zip reader's limits (``ZipFiles``: 64 MiB archive, 64 MiB entry, 10 000
/// entries, no zip64 or encryption, no entry name leaving the archive, no symbolic link); nothing is unpacked on
/// disk. A folder is walked without following symbolic links (a link inside the project is skipped, so nothing
/// outside it is read). macOS's `__MACOSX/` resource forks, `._` files and build or package folders are skipped.
package struct StudentProject: Sendable {
    /// The zip or folder as given on the command line.
    package var origin: String
    /// The student identifier: the zip's or folder's name without `.zip`.
    package var student: String
    /// Relative path (from the project folder) → bytes, for `.swift`, `.gpx` and the chosen `project.pbxproj`.
    package var files: [String: [UInt8]]
    /// The `project.pbxproj` found (relative path), nil when none.
    package var projectFile: String?

    /// The most files of the kinds read that one project may hold.
    static let maximumFiles = 1000
    /// The largest file read from a project folder, bytes (the zip reader's entry limit).
    static let maximumFileBytes = 64 << 20

    /// Whether `path` is a project to read: a zip archive (`.zip`), or a folder holding a `.xcodeproj` directly
    /// or one level down (a course export wraps the project in a folder of the student's name).
    package static func isProject(_ path: String) -> Bool {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
        guard isFolder.boolValue else { return path.lowercased().hasSuffix(".zip") }
        let names = (try? fm.contentsOfDirectory(atPath: path)) ?? []
        if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return true }
        return names.contains { name in
            let sub = URL(fileURLWithPath: path).appendingPathComponent(name).path
            var d: ObjCBool = false
            return fm.fileExists(atPath: sub, isDirectory: &d) && d.boolValue
                && ((try? fm.contentsOfDirectory(atPath: sub)) ?? []).contains { $0.hasSuffix(".xcodeproj") }
        }
    }

    /// Whether a folder holds a `.xcodeproj` directly.
    package static func holdsProject(_ path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).contains { $0.hasSuffix(".xcodeproj") }
    }

    /// Whether a path inside a project is one grading reads (and not an archiver's or build tool's copy).
    static func isWanted(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        guard let last = parts.last, !last.hasPrefix("._") else { return false }
        if parts.contains(where: { ["__MACOSX", ".build", "build", "DerivedData", "Pods", ".git", "xcuserdata"].contains($0) }) {
            return false
        }
        return last.hasSuffix(".swift") || last.hasSuffix(".gpx") || last == "project.pbxproj"
    }

    /// Reads a zip archive or a project folder.
    ///
    /// - Throws: ``InputError`` naming the zip (and entry) or folder: a damaged or refused archive, a link, too
    ///   many files, a name with a control character or a backtick, no Swift file.
    package static func read(_ origin: String) throws(InputError) -> StudentProject {
        let actual = InputPaths.resolve(origin)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: actual, isDirectory: &isFolder) else {
            throw InputError(.missingFile, file: origin, problem: "no such file or folder")
        }
        var raw: [(String, [UInt8])] = []
        let url = URL(fileURLWithPath: origin)
        let student: String
        if isFolder.boolValue {
            student = url.lastPathComponent
            let root = URL(fileURLWithPath: actual)
            guard
                let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey, .isRegularFileKey])
            else { throw InputError(.missingFile, file: origin, problem: "cannot be read") }
            let base = root.standardizedFileURL.path
            for case let file as URL in walker {
                let values = try? file.resourceValues(forKeys: [.isSymbolicLinkKey, .isRegularFileKey])
                let full = file.standardizedFileURL.path
                guard full.hasPrefix(base + "/") else { continue }
                let relative = String(full.dropFirst(base.count + 1))
                if values?.isSymbolicLink == true {
                    walker.skipDescendants()
                    continue
                }
                guard values?.isRegularFile == true, isWanted(relative) else { continue }
                guard raw.count < maximumFiles else {
                    throw InputError(file: origin, problem: "holds more than \(maximumFiles) Swift, GPX and project files")
                }
                raw.append(
                    (
                        relative,
                        try InputFile.read(
                            full, shown: url.appendingPathComponent(relative).relativePath, limit: maximumFileBytes, what: "project files")
                    ))
            }
        } else {
            student = url.deletingPathExtension().lastPathComponent
            guard ZipFiles.looksLikeZip(path: actual) else {
                throw InputError(file: origin, problem: "is not a zip archive (a project is handed in as a .zip or a folder)")
            }
            let files = try ZipFiles.read(path: actual, wanted: isWanted)
            guard files.count <= maximumFiles else {
                throw InputError(file: origin, problem: "holds more than \(maximumFiles) Swift, GPX and project files")
            }
            raw = files.map { ($0.name, $0.bytes) }
        }
        // Names reach reports and error lines: a control character or a backtick is refused (as TeamFile does).
        for (name, _) in raw where TeamFile.shown(name) != name {
            throw InputError(
                file: "\(origin):\(TeamFile.shown(name))",
                problem: "has a control character or a backtick in its name; file names reach the report, so it is refused")
        }
        // The project folder: the one holding the shallowest .xcodeproj (ties: by name).
        let projects = raw.map(\.0).filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        var root = ""
        if let p = projects.first {
            let parts = p.split(separator: "/").dropLast(2)
            root = parts.joined(separator: "/")
        } else {
            // No project file: the deepest folder holding every Swift file.
            var common: [Substring]? = nil
            for (name, _) in raw where name.hasSuffix(".swift") {
                let dir = Array(name.split(separator: "/").dropLast())
                common = common.map { c in Array(zip(c, dir).prefix { $0 == $1 }.map(\.0)) } ?? dir
            }
            root = (common ?? []).joined(separator: "/")
        }
        let prefix = root.isEmpty ? "" : root + "/"
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in raw where name.hasPrefix(prefix) {
            let relative = String(name.dropFirst(prefix.count))
            if relative.hasSuffix("project.pbxproj"), relative != projects.first.map({ String($0.dropFirst(prefix.count)) }) {
                continue
            }
            files[relative] = bytes
        }
        guard files.keys.contains(where: { $0.hasSuffix(".swift") }) else {
            throw InputError(file: origin, problem: "holds no .swift file: not an Xcode project of the course")
        }
        return StudentProject(
            origin: origin, student: student, files: files,
            projectFile: projects.first.map { String($0.dropFirst(prefix.count)) })
    }

    /// The project's Swift files (relative paths, sorted).
    package var swiftFiles: [String] { files.keys.filter { $0.hasSuffix(".swift") }.sorted() }
}
