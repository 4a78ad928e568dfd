// MARK: - The app target of a project.pbxproj: its Swift files and the build settings grading needs

/// What grading reads from a project's `project.pbxproj`: the app target's Swift files and build settings.
package struct XcodeAppTarget: Sendable, Equatable {
    /// The target's name.
    package var name: String
    /// Its Swift files, paths relative to the folder holding the `.xcodeproj`, sorted.
    package var swiftFiles: [String]
    /// `SWIFT_VERSION` as written (`5.0`, `6.0`), nil when not set.
    package var swiftVersion: String?
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION` (`MainActor`, `nonisolated`), nil when not set.
    package var defaultIsolation: String?
    /// Upcoming features turned on (`SWIFT_UPCOMING_FEATURE_<NAME> = YES`, and the two that
    /// `SWIFT_APPROACHABLE_CONCURRENCY = YES` turns on), sorted.
    package var upcomingFeatures: [String]

    /// The language mode grading compiles in: `"6"` for `SWIFT_VERSION` 6 or later, else `"5"` (4.2 and 5.x
    /// projects compile in Swift 5 mode, the oldest the toolchain keeps).
    package var languageMode: String {
        guard let v = swiftVersion, let major = Int(v.split(separator: ".").first ?? "") else { return "5" }
        return major >= 6 ? "6" : "5"
    }

    /// `"MainActor"` when the target sets it, else `"nonisolated"`.
    package var isolation: String { defaultIsolation == "MainActor" ? "MainActor" : "nonisolated" }

    /// Reads the app target (product type `com.apple.product-type.application`, the first of the project's
    /// targets when several) of a parsed `project.pbxproj`.
    ///
    /// Files come from the target's Sources build phase (file references resolved through their groups:
    /// `<group>` paths joined to the parents', `SOURCE_ROOT` from the project folder) and from its
    /// synchronized folders (Xcode 16 and later: `fileSystemSynchronizedGroups`, every `.swift` file below,
    /// less the exception set's `membershipExceptions` for this target) among `available` (the project's Swift
    /// files, relative to the project folder). Settings from the target's Release configuration, else its
    /// first; a key the target leaves out is taken from the project's configuration of the same name.
    ///
    /// - Returns: nil when the file names no native target.
    package static func read(_ plist: PropertyListValue, available: [String]) -> XcodeAppTarget? {
        let objects = plist["objects"]?.dictionary ?? [:]
        func object(_ id: PropertyListValue?) -> [String: PropertyListValue] { objects[id?.string ?? ""]?.dictionary ?? [:] }
        let project = object(plist["rootObject"])
        let targets = (project["targets"]?.array ?? []).map { object($0) }.filter { $0["isa"]?.string == "PBXNativeTarget" }
        guard
            let target = targets.first(where: { $0["productType"]?.string == "com.apple.product-type.application" })
                ?? targets.first
        else { return nil }

        // Parents of every group member, to resolve `<group>` paths.
        var parent: [String: String] = [:]
        for (id, o) in objects {
            for child in o.dictionary["children"]?.array ?? [] { if let c = child.string { parent[c] = id } }
        }
        func path(_ id: String, depth: Int = 0) -> String? {
            let o = objects[id]?.dictionary ?? [:]
            guard depth < 64 else { return nil }
            let own = o["path"]?.string ?? ""
            switch o["sourceTree"]?.string ?? "<group>" {
            case "SOURCE_ROOT": return own
            case "<group>":
                guard let p = parent[id] else { return own }
                guard let up = path(p, depth: depth + 1) else { return nil }
                return join(up, own)
            default: return nil
            }
        }
        var files: Set<String> = []
        for phase in (target["buildPhases"]?.array ?? []).map({ object($0) })
        where phase["isa"]?.string == "PBXSourcesBuildPhase" {
            for buildFile in (phase["files"]?.array ?? []).map({ object($0) }) {
                guard let ref = buildFile["fileRef"]?.string, let p = path(ref) else { continue }
                let n = normalized(p)
                if n.hasSuffix(".swift") { files.insert(n) }
            }
        }
        let targetID = project["targets"]?.array.compactMap(\.string).first { object(.string($0)) == target }
        for groupID in (target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string) {
            guard let folder = path(groupID).map(normalized) else { continue }
            var excluded: Set<String> = []
            for set in (objects[groupID]?.dictionary["exceptions"]?.array ?? []).map({ object($0) })
            where set["target"]?.string == targetID {
                for e in (set["membershipExceptions"]?.array ?? []).compactMap(\.string) {
                    excluded.insert(normalized(join(folder, e)))
                }
            }
            let prefix = folder.isEmpty ? "" : folder + "/"
            for f in available where f.hasPrefix(prefix) && !excluded.contains(f) { files.insert(f) }
        }

        func settings(_ owner: [String: PropertyListValue]) -> [String: PropertyListValue] {
            let configs = (object(owner["buildConfigurationList"])["buildConfigurations"]?.array ?? []).map { object($0) }
            return (configs.first { $0["name"]?.string == "Release" } ?? configs.first)?["buildSettings"]?.dictionary ?? [:]
        }
        var merged = settings(project)
        for (k, v) in settings(target) { merged[k] = v }
        var features: Set<String> = []
        for (k, v) in merged where k.hasPrefix("SWIFT_UPCOMING_FEATURE_") && v.string == "YES" {
            features.insert(String(k.dropFirst("SWIFT_UPCOMING_FEATURE_".count)))
        }
        if merged["SWIFT_APPROACHABLE_CONCURRENCY"]?.string == "YES" {
            features.formUnion(["InferIsolatedConformances", "NonisolatedNonsendingByDefault"])
        }
        return XcodeAppTarget(
            name: target["name"]?.string ?? "", swiftFiles: files.sorted(),
            swiftVersion: merged["SWIFT_VERSION"]?.string, defaultIsolation: merged["SWIFT_DEFAULT_ACTOR_ISOLATION"]?.string,
            upcomingFeatures: features.sorted())
    }

    static func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : b.isEmpty ? a : a + "/" + b }

    /// `a/./b/../c` → `a/c`; a leading `..` is kept (it leaves the project folder and matches no file).
    static func normalized(_ p: String) -> String {
        var parts: [Substring] = []
        for c in p.split(separator: "/") where c != "." {
            if c == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(c) }
        }
        return parts.joined(separator: "/")
    }
}
