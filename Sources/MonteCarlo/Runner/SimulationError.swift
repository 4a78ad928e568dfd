/// A failure inside a trial after its scenario was validated (a movement that cannot be planned, say): a bug or
/// a gap in validation, not bad input, so it exits 1 rather than 65 and names no input field.
package struct SimulationError: Error, CustomStringConvertible {
    package let problem: String

    package init(_ problem: String) { self.problem = problem }

    package var description: String { "internal error during the simulation: \(problem)" }
}
