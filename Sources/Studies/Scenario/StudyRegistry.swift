import MonteCarlo

/// Every study a scenario file may name: adding a study is one conforming type and one line here.
package enum StudyRegistry {
    package static let studies: [any Study.Type] = [
        DriftScenario.self,
        ShakeScenario.self,
        ScribbleScenario.self,
        GeofenceScenario.self,
    ]

    /// The studies' names, in registry order (the `study` field's allowed values).
    package static var names: [String] { studies.map { $0.kind } }

    /// The study named `kind`.
    package static func study(named kind: String) -> (any Study.Type)? { studies.first { $0.kind == kind } }
}
