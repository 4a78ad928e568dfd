import Foundation

/// Options from the command line that override a scenario's own values.
package struct RunOverrides: Sendable, Equatable {
    package var trialsPerCell: Int?
    package var seed: UInt64?
    package init(trialsPerCell: Int? = nil, seed: UInt64? = nil) {
        self.trialsPerCell = trialsPerCell
        self.seed = seed
    }
}

/// What a study's parser needs besides the JSON: the file as the user named it, its folder (profiles and places
/// are found beside it) and the command line's overrides.
package struct ScenarioSource: Sendable {
    package let file: String
    package let folder: URL
    package let overrides: RunOverrides

    package init(file: String, folder: URL, overrides: RunOverrides) {
        self.file = file
        self.folder = folder
        self.overrides = overrides
    }
}
