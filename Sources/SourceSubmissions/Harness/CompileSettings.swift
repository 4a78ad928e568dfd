// MARK: - The language mode and default isolation a team's files are compiled in

/// The Swift language mode and default actor isolation of a team's compile, from `submission.json`'s
/// `"swiftLanguageMode"` (`"5"`, the default, or `"6"`) and `"defaultIsolation"` (`"nonisolated"`, the default,
/// or `"MainActor"`, the default of new Xcode 26 app projects).
///
/// `MainActor` passes `-default-isolation MainActor` and the upcoming feature `InferIsolatedConformances`, the
/// pair Xcode's "Approachable Concurrency" build settings turn on with it, so a main-actor type conforming to a
/// delegate protocol compiles as it does in such a project. `"upcomingFeatures"` (an Xcode project's
/// `SWIFT_UPCOMING_FEATURE_<NAME> = YES`) passes `-enable-upcoming-feature <NAME>` for each.
package struct CompileSettings: Sendable, Equatable {
    /// `"5"` or `"6"`.
    package var swiftLanguageMode: String
    /// `"nonisolated"` or `"MainActor"`.
    package var defaultIsolation: String
    /// Upcoming language features turned on (`ExistentialAny`, `MemberImportVisibility`, …): sorted, each once,
    /// each a Swift identifier (``isFeatureName(_:)``).
    package var upcomingFeatures: [String]

    /// The allowed values of each key, the default first.
    package static let languageModes = ["5", "6"]
    package static let isolations = ["nonisolated", "MainActor"]

    /// Settings (defaults: Swift 5, nonisolated, no upcoming feature); a feature name that is not an identifier
    /// is dropped.
    package init(swiftLanguageMode: String = "5", defaultIsolation: String = "nonisolated", upcomingFeatures: [String] = []) {
        self.swiftLanguageMode = Self.languageModes.contains(swiftLanguageMode) ? swiftLanguageMode : "5"
        self.defaultIsolation = Self.isolations.contains(defaultIsolation) ? defaultIsolation : "nonisolated"
        self.upcomingFeatures = Set(upcomingFeatures.filter(Self.isFeatureName)).sorted()
    }

    /// Whether `name` may be passed as an upcoming feature: ASCII letters and digits, starting with a letter, at
    /// most 100 characters (every feature Swift names is such a word; anything else never reaches the compiler).
    package static func isFeatureName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.utf8.count <= 100 else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        return letter(first) && name.unicodeScalars.allSatisfy { letter($0) || ($0 >= "0" && $0 <= "9") }
    }

    /// The compiler arguments.
    var arguments: [String] {
        var a = ["-swift-version", swiftLanguageMode]
        var features = upcomingFeatures
        if defaultIsolation == "MainActor" {
            a += ["-default-isolation", "MainActor"]
            features = Set(features + ["InferIsolatedConformances"]).sorted()
        }
        for f in features { a += ["-enable-upcoming-feature", f] }
        return a
    }

    /// "Swift 5 language mode, default isolation nonisolated".
    package var description: String {
        "Swift \(swiftLanguageMode) language mode, default isolation \(defaultIsolation)"
            + (upcomingFeatures.isEmpty ? "" : ", upcoming features \(upcomingFeatures.joined(separator: ", "))")
    }
}
