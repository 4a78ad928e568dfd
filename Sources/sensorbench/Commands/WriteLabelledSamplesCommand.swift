import FileFormats
import Foundation
import Recordings

/// `sensorbench dev write-labelled-samples DIR`: regenerates Scenarios/recordings/labelled, the synthetic labelled
/// recordings and the sweep over them that `sweep-recordings` ships as its example.
struct WriteLabelledSamplesCommand: Subcommand {
    var folder = ""

    init() {}

    static let name = "write-labelled-samples"
    static let summary = "Regenerate the synthetic labelled recordings of Scenarios/recordings/labelled."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<dir>", noun: "folder", meaning: "The folder to write them into.", count: 1...1) {
            o, folders, _ in o.folder = folders[0]
        }
    }

    /// Writes the recordings, their labels and `sweep.json` (see ``LabelledSamples``).
    func run() throws -> ExitCode {
        let files = try LabelledSamples.render()
        let url = URL(fileURLWithPath: folder)
        try files.writeEach(into: url)
        for path in files.paths { print("\(url.appendingPathComponent(path).relativePath)") }
        return .success
    }
}
