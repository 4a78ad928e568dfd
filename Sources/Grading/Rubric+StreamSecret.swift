// MARK: - A per-run secret in the suites' seeds

extension Rubric {
    /// The rubric with every suite's seed mixed with `secret` (seed XOR secret), so its streams cannot be drawn
    /// before the secret is known.
    ///
    /// A rubric and its seeds are public (they are printed in every report), so a source team that records the
    /// streams of one grading run could answer them perfectly on the next; with a secret drawn afresh for each run
    /// (``freshStreamSecret()``) and shown only in the reports written after the runs, recorded answers belong to
    /// other streams. XOR keeps common random numbers (every team sees the same streams within a run) and the
    /// secret 0 leaves every seed as the rubric gives it, which is how the shipped reports stay reproducible
    /// (`scripts/run` passes `--secret 0`; a course must not, see docs/source-submissions.md).
    ///
    /// - Parameter secret: the run's secret.
    /// - Returns: the rubric with mixed suite seeds and ``streamSecret`` set.
    package func mixingStreams(secret: UInt64) -> Rubric {
        var mixed = self
        mixed.suites = suites.map { suite in
            var s = suite
            s.seed = suite.seed ^ secret
            return s
        }
        mixed.streamSecret = secret
        return mixed
    }

    /// A secret from the system's cryptographic generator (`SystemRandomNumberGenerator`: `getrandom(2)` on
    /// Linux), 64 bits.
    package static func freshStreamSecret() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// The secret as `--secret` takes it and reports show it: `0x` and 16 lowercase hexadecimal digits.
    package static func secretText(_ secret: UInt64) -> String {
        let digits = String(secret, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads a secret: 1 to 16 hexadecimal digits, with or without `0x`; nil for anything else.
    package static func parseSecret(_ text: String) -> UInt64? {
        let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? String(text.dropFirst(2)) : text
        guard (1...16).contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        return UInt64(digits, radix: 16)
    }
}
