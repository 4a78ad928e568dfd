import FileFormats
import Foundation
import Recordings

/// `sensorbench dev write-samples DIR`: regenerates Scenarios/recordings' synthetic sample recordings.
struct WriteSamplesCommand: Subcommand {
    var folder = ""

    init() {}

    init(folder: String) { self.folder = folder }

    static let name = "write-samples"
    static let summary = "Regenerate the synthetic sample recordings of Scenarios/recordings."

    static var positional: PositionalSpec<Self>? {
        PositionalSpec(valueName: "<dir>", noun: "folder", meaning: "The folder to write them into.", count: 1...1) {
            o, folders, _ in o.folder = folders[0]
        }
    }

    /// `sensorbench dev write-samples DIR`: writes the synthetic sample recordings (see ``SampleRecordings``).
    func run() throws -> ExitCode {
        let files = try SampleRecordings.render()
        let url = URL(fileURLWithPath: folder)
        try files.writeEach(into: url)
        for path in files.paths { print("\(url.appendingPathComponent(path).relativePath)") }
        return .success
    }
}
