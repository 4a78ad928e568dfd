import Foundation
import Reporting

/// The subcommands' work. Results go to standard output, diagnostics to standard error.
public enum Commands {
    /// Validates every file, then runs each scenario and writes its report.
    public static func run(_ options: RunOptions) throws -> ExitCode {
        var scenarios: [Scenario] = []
        var names: [String: String] = [:]
        for file in options.files {
            let scenario = try ScenarioFile.load(path: file, overrides: options.overrides)
            if let other = names[scenario.name] {
                throw InputError(file: file, field: "name",
                                 problem: "\"\(scenario.name)\" is also the name of \(other); their reports would collide")
            }
            names[scenario.name] = file
            scenarios.append(scenario)
        }
        let out = URL(fileURLWithPath: options.outputFolder)
        for scenario in scenarios {
            let runner = MonteCarloRunner(jobs: options.jobs ?? MonteCarloRunner.defaultJobs,
                                          progress: ProgressReporter.make(label: scenario.name, quiet: options.quiet))
            let files = try scenario.report(runner: runner)
            let folder = out.appendingPathComponent(scenario.name)
            try files.write(to: folder)
            print("\(scenario.name): \(scenario.totalTrials) trials → \(folder.relativePath)/summary.md")
        }
        return .success
    }

    /// Validates files and reports each one.
    public static func validate(_ files: [String]) throws -> ExitCode {
        for file in files {
            let scenario = try ScenarioFile.load(path: file)
            print("\(file): ok (\(scenario.cellCount) cells, \(scenario.totalTrials) trials)")
        }
        return .success
    }

    /// Lists shipped scenarios and profiles with their descriptions.
    public static func list() throws -> ExitCode {
        guard let folder = ScenarioLocator.folder() else {
            throw InputError(.missingFile, file: "Scenarios", problem: "no Scenarios folder found (run from the checkout or set SENSORBENCH_SCENARIOS)")
        }
        let manager = FileManager.default
        func describe(_ url: URL) -> (String, String) {
            guard let node = try? ScenarioFile.parseJSON(at: url), case .object(let members) = node.value else {
                return ("?", "(unreadable)")
            }
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
        let profilesFolder = folder.appendingPathComponent("profiles")
        let profileFiles = ((try? manager.contentsOfDirectory(atPath: profilesFolder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        print("Gyro profiles (\(profilesFolder.path)):")
        for name in profileFiles {
            let (_, description) = describe(profilesFolder.appendingPathComponent(name))
            print("  \(name.dropLast(5))  \(description)")
        }
        return .success
    }
}
