import FileFormats
import Foundation
import Grading
import MonteCarlo
import Reporting
import Studies

// The command line: parse (``CommandLineParser`` over ``CommandTree``), run what parsed, map every error to one line
// and one exit code.

/// Makes standard output line-buffered, so results appear line by line also through a pipe
/// (`scripts/run | tee log`) as on a terminal; C's default for a pipe is a 4 kB block buffer, which held a
/// whole run's lines back until the end. Swift 6 refuses to read C's mutable global `stdout`, so the stream
/// is taken from the symbol table (`RTLD_DEFAULT` is the null handle on glibc).
func lineBufferStandardOutput() {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") else { return }
    let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
    setvbuf(stream, nil, _IOLBF, 0)
}

lineBufferStandardOutput()

// A "Scenarios/…" path on the command line (as every report's "Reproduce with" line writes it) also opens from
// outside the checkout, and scenarios and rubrics find the shipped profiles and places: the lower modules know
// nothing of the shipped folder, so the executable tells them here, before anything is read.
InputPaths.install(ScenarioLocator.inputPath)
ReferenceSearchPath.install(shippedFolder: ScenarioLocator.folder)

func fail(_ message: String, _ code: ExitCode) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(code.rawValue)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let command: Command
do {
    command = try CommandLineParser.parse(arguments, environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data(error.report.utf8))
    exit(error.exitCode.rawValue)
}

do {
    exit(try command.run().rawValue)
} catch let error as InputError where error.kind == .usage {
    // A usage problem a lower module found after parsing: shown as the parser shows one.
    let topic = error.field.isEmpty || CommandTree.node(error.field) == nil ? nil : error.field
    let usage = UsageError(error.problem, subcommand: topic)
    FileHandle.standardError.write(Data(usage.report.utf8))
    exit(usage.exitCode.rawValue)
} catch let error as UsageError {
    // A command's own check of its options after parsing (a sweep index the scenario does not have, a scenario of the
    // wrong study): a usage error with its exit code (64), not a failure.
    FileHandle.standardError.write(Data(error.report.utf8))
    exit(error.exitCode.rawValue)
} catch let error as InputError {
    fail(error.description, ExitCode(error))
} catch let error as ReportingError {
    fail(error.description, ExitCode(error))
} catch let error where ExitCode(graderFailure: error) != nil {
    // The grader's own disk during a grade (never a team's outcome): full or failing 74, not writable 73.
    fail("\(error)", ExitCode(graderFailure: error) ?? .failure)
} catch {
    fail("\(error)", .failure)
}
