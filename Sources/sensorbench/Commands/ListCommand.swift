import FileFormats
import Foundation
import Studies

/// `sensorbench list`: the shipped scenarios and the other shipped inputs, with their descriptions.
struct ListCommand: Subcommand {
    init() {}

    static let name = "list"
    static let summary = "List the shipped scenarios, profiles, places, rubrics, submissions and samples."
    static let details = "Looks in ./Scenarios, or in $SENSORBENCH_SCENARIOS, or beside the executable's checkout."

    /// Lists shipped scenarios and profiles with their descriptions.
    func run() throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(
                .missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout or set SENSORBENCH_SCENARIOS)")
        }
        let manager = FileManager.default
        func describe(_ url: URL) -> (String, String) {
            guard let node = try? ScenarioFile.parseJSON(at: url) else { return ("?", "(unreadable)") }
            guard case .object(let members) = node.value else { return ("", "") }
            var study = ""
            var description = ""
            for m in members {
                if m.key == "study", case .string(let s) = m.node.value { study = s }
                if m.key == "description", case .string(let s) = m.node.value { description = s }
            }
            return (study, description)
        }
        let scenarioFiles = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        print("Scenarios (\(folder.path)):")
        for name in scenarioFiles {
            let (study, description) = describe(folder.appendingPathComponent(name))
            print("  \(name.dropLast(5))  [\(study)]  \(description)")
        }
        // The other shipped inputs, each folder with the files it holds.
        let folders: [(String, String)] = [
            ("profiles", "Gyro profiles"), ("places", "Places"), ("rubrics", "Grading rubrics"),
            ("submissions", "Example submissions"), ("recordings", "Sample recordings (synthetic)"),
        ]
        for (sub, title) in folders {
            let url = folder.appendingPathComponent(sub)
            let names = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
            guard !names.isEmpty else { continue }
            print("\(title) (\(url.path)):")
            for name in names {
                // Recordings keep their extension: the format matters there.
                let strip = name.hasSuffix(".json") && sub != "recordings"
                let description = strip ? describe(url.appendingPathComponent(name)).1 : ""
                print("  \(strip ? String(name.dropLast(5)) : name)\(description.isEmpty ? "" : "  \(description)")")
            }
        }
        return .success
    }
}
