// MARK: - The language mode and default isolation a team's files are compiled in

/// The Swift language mode and default actor isolation of a team's compile, from `submission.json`'s
/// `"swiftLanguageMode"` (`"5"`, the default, or `"6"`) and `"defaultIsolation"` (`"nonisolated"`, the default,
/// or `"MainActor"`, the default of new Xcode 26 app projects).
///
/// `MainActor` passes `-default-isolation MainActor` and the upcoming feature `InferIsolatedConformances`, the
/// pair Xcode's "Approachable Concurrency" build settings turn on with it, so a main-actor type conforming to a
/// delegate protocol compiles as it does in such a project.
package struct CompileSettings: Sendable, Equatable {
    /// `"5"` or `"6"`.
    package var swiftLanguageMode: String
    /// `"nonisolated"` or `"MainActor"`.
    package var defaultIsolation: String

    /// The allowed values of each key, the default first.
    package static let languageModes = ["5", "6"]
    package static let isolations = ["nonisolated", "MainActor"]

    /// Settings (defaults: Swift 5, nonisolated).
    package init(swiftLanguageMode: String = "5", defaultIsolation: String = "nonisolated") {
        self.swiftLanguageMode = Self.languageModes.contains(swiftLanguageMode) ? swiftLanguageMode : "5"
        self.defaultIsolation = Self.isolations.contains(defaultIsolation) ? defaultIsolation : "nonisolated"
    }

    /// The compiler arguments.
    var arguments: [String] {
        var a = ["-swift-version", swiftLanguageMode]
        if defaultIsolation == "MainActor" {
            a += ["-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances"]
        }
        return a
    }

    /// "Swift 5 language mode, default isolation nonisolated".
    package var description: String {
        "Swift \(swiftLanguageMode) language mode, default isolation \(defaultIsolation)"
    }
}
