import FileFormats
import Foundation
import Synchronization

/// Where the files a scenario or rubric refers to by name or relative path are looked for.
///
/// A profile name (`"profile": "phone-calibrated"` → `profiles/phone-calibrated.json`), a places file
/// (`"places": "places/penn-dining.json"`), a path movement's GPX file and a rubric's suite scenario resolve, in
/// order:
/// 1. beside the referencing file (its folder joined with the relative path), as always;
/// 2. in each folder of `$SENSORBENCH_PATH` (colon-separated, like `PATH`; empty entries are skipped);
/// 3. in the shipped `Scenarios/` folder (``shippedFolder()``, which the executable installs at start-up with
///    ``install(shippedFolder:)``; until then there is none).
///
/// In the folders of 2 and 3 a path that climbs out of its folder (`../places/penn-dining.json`, as the shipped
/// rubric writes it) is also tried without its leading `../` parts, so a rubric copied elsewhere still finds the
/// shipped places. A scenario copied to `/tmp` and edited therefore still finds `phone-calibrated` and
/// `places/penn-dining.json`; a miss names every place looked.
package enum ReferenceSearchPath {
    /// The environment variable listing extra folders.
    package static let environmentVariable = "SENSORBENCH_PATH"

    private static let shippedFolderProvider = Mutex<@Sendable () -> URL?>({ nil })

    /// Installs how the shipped `Scenarios/` folder is found (the executable calls this once, at start-up).
    package static func install(shippedFolder provider: @escaping @Sendable () -> URL?) {
        shippedFolderProvider.withLock { $0 = provider }
    }

    /// The shipped `Scenarios/` folder, searched last, or nil when none is installed or found.
    package static func shippedFolder() -> URL? {
        let provider = shippedFolderProvider.withLock { $0 }
        return provider()
    }

    /// The result of a lookup: the first existing candidate, and every candidate in the order tried.
    package struct Lookup {
        package let found: URL?
        package let candidates: [URL]

        /// "a, b or c": the candidates for an error message.
        package var lookedIn: String {
            let paths = candidates.map(\.relativePath)
            guard paths.count > 1, let last = paths.last else { return paths.first ?? "" }
            return paths.dropLast().joined(separator: ", ") + " or " + last
        }
    }

    /// The folders searched after the referencing file's own, in order.
    package static func searchFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var folders: [URL] = []
        if let list = environment[environmentVariable] {
            for entry in list.split(separator: ":", omittingEmptySubsequences: true) {
                folders.append(URL(fileURLWithPath: String(entry), isDirectory: true))
            }
        }
        if let shipped = shippedFolder() { folders.append(shipped) }
        return folders
    }

    /// Resolves `path` (absolute, or relative to `folder`) through the search path.
    ///
    /// - Parameters:
    ///   - path: the path as written in the referencing file.
    ///   - folder: the referencing file's folder.
    ///   - environment: the process environment (a parameter for tests).
    /// - Returns: the first candidate that exists as a file, and every candidate tried.
    ///   - foldersToo: whether a folder is also a match (a folder of GPX places).
    package static func resolve(
        _ path: String, beside folder: URL, foldersToo: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Lookup {
        let matches: (URL) -> Bool = { url in foldersToo ? FileManager.default.fileExists(atPath: url.path) : isFile(url) }
        if path.hasPrefix("/") {
            let url = URL(fileURLWithPath: path)
            return Lookup(found: matches(url) ? url : nil, candidates: [url])
        }
        var candidates = [folder.appendingPathComponent(path)]
        var stripped = Substring(path)
        while stripped.hasPrefix("../") { stripped = stripped.dropFirst(3) }
        for searched in searchFolders(environment: environment) {
            candidates.append(searched.appendingPathComponent(path))
            if stripped.count != path.count { candidates.append(searched.appendingPathComponent(String(stripped))) }
        }
        // The same folder may be reached twice (a scenario inside the shipped folder): try it once.
        var seen = Set<String>()
        candidates = candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
        return Lookup(found: candidates.first(where: matches), candidates: candidates)
    }

    /// The file a name or a path given for a `what` (a profile, a rubric) refers to, on the command line or in a file.
    ///
    /// A **path** (it ends in `.json` or holds a `/`) resolves as any relative path does (``resolve(_:beside:foldersToo:environment:)``);
    /// a **name** (letters, digits, '-', '_') as `<namedFolder>/<name>.json` through the same search path. A missing
    /// path is a missing file (66); an unknown or malformed name is bad data (65), like an unknown check kind.
    ///
    /// - Returns: the file, and the name asked for (nil for a path, which may hold any name).
    package static func locate(
        _ text: String, what: String, namedFolder: String, beside folder: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fail: (InputError.Kind, String) throws(InputError) -> Never
    ) throws(InputError) -> (URL, String?) {
        if text.contains("/") || text.hasSuffix(".json") {
            let lookup = resolve(text, beside: folder, environment: environment)
            guard let url = lookup.found else {
                try fail(.missingFile, "no \(what) file \"\(text)\" (looked for \(lookup.lookedIn))")
            }
            return (url, nil)
        }
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            try fail(
                .badData,
                "a \(what) name may hold letters, digits, '-' and '_' only, got \"\(text)\" (a path ends in .json or holds a '/')")
        }
        let lookup = resolve("\(namedFolder)/\(text).json", beside: folder, environment: environment)
        guard let url = lookup.found else { try fail(.badData, "no \(what) named \"\(text)\" (looked for \(lookup.lookedIn))") }
        return (url, text)
    }

    /// Runs `body`, which reads a file that `field` refers to, and adds the reference to any error it throws:
    /// `places/x.json:3: places[0].latitude: must be … (places file named at s.json:7: places)`, so a bad profile or places
    /// file also names the scenario, line and field that brought it in. Errors in the referring file itself pass
    /// unchanged.
    package static func reading<T>(
        referredToBy field: JSONField, as what: String, _ body: () throws(InputError) -> T
    ) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            throw error.referenced(by: field, as: what)
        }
    }

    /// Whether `url` names an existing file (not a folder).
    private static func isFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
