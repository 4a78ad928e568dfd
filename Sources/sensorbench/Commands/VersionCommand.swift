import FileFormats
import MonteCarlo

/// `sensorbench --version`: the root's flag, not a subcommand.
struct VersionCommand: RunnableCommand {
    func run() throws -> ExitCode {
        print(SensorBenchVersion.current)
        return .success
    }
}
