import Testing

@testable import Reporting

/// Expected strings are worked by hand from the decimal expansion of each binary double (noted where it matters)
/// and the documented rules: round to N significant digits with printf's round-half-even on the exact binary
/// value, plain notation for 1e-6 ≤ |x| < 1e15, no trailing zeros.
@Suite struct FormatTests {
    // MARK: - number

    @Test(arguments: [
        (2.5, "2.5"),
        (1.0, "1"),
        (-12.5, "-12.5"),
        (100.0, "100"),
        (123456.789, "123456.789"),
        // 0.1 + 0.2 = 0.30000000000000004440892...; 10 significant digits give 0.3000000000 → "0.3".
        (0.1 + 0.2, "0.3"),
        // 1/3 = 0.333333333333333314829616...; 10 digits, next digit 3 rounds down.
        (1.0 / 3.0, "0.3333333333"),
        // 2/3 = 0.666666666666666629659232...; the 11th digit is 6, so the 10th rounds up to 7.
        (2.0 / 3.0, "0.6666666667"),
        // 1e-6 is the lower bound of plain notation: printf's exponent is -06.
        (1e-6, "0.000001"),
        (0.00012345, "0.00012345"),
        // Below 1e-6: exponent form with C's two-digit exponent.
        (1.5e-7, "1.5e-07"),
        (-2.0e-9, "-2e-09"),
        // At 1e15 exponent form starts.
        (1e15, "1e+15"),
        (2.5e20, "2.5e+20"),
        // Largest plain value class: 1.234567890e+14 keeps 10 digits, the rest are zero-filled.
        (123_456_789_012_345.0, "123456789000000"),
        // 999999999999999 rounds to 1.000000000e+15 at 10 digits, so the rounded value is printed in exponent form.
        (999_999_999_999_999.0, "1e+15"),
    ])
    func numberDefaults(value: Double, expected: String) throws {
        #expect(try Format.number(value) == expected)
    }

    @Test func numberNegativeZeroIsZero() throws {
        // IEEE 754 -0.0 compares equal to 0 and prints without sign.
        #expect(try Format.number(-0.0) == "0")
        #expect(try Format.number(0.0) == "0")
    }

    @Test func numberSignificantDigits() throws {
        // 0.000123456 to 3 digits: 1.23e-04, next digit 4 rounds down.
        #expect(try Format.number(0.000123456, significantDigits: 3) == "0.000123")
        // 0.125 is exact in binary, a true tie at 2 digits; round-half-even keeps the even 2 → "0.12".
        #expect(try Format.number(0.125, significantDigits: 2) == "0.12")
        // 2.675 is stored as 2.67499999999999982236431605997495353221893310546875, so 3 digits give 2.67.
        #expect(try Format.number(2.675, significantDigits: 3) == "2.67")
        // 9.96 to 2 digits rounds up into a new decade: 1.0e+01 → "10".
        #expect(try Format.number(9.96, significantDigits: 2) == "10")
        // Out-of-range digit counts are clamped: 0 → 1 digit; 1234 → 1e+03 → plain "1000".
        #expect(try Format.number(1234, significantDigits: 0) == "1000")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func numberRejectsNonFinite(value: Double) {
        #expect(throws: ReportingError.nonFiniteValue(context: "mean heading")) {
            try Format.number(value, context: "mean heading")
        }
    }

    // MARK: - fixed

    @Test func fixedDecimals() throws {
        #expect(try Format.fixed(3.14159, decimals: 2) == "3.14")
        #expect(try Format.fixed(-2.5, decimals: 2) == "-2.50")
        #expect(try Format.fixed(7, decimals: 0) == "7")
        // No digit grouping, whatever the machine's locale.
        #expect(try Format.fixed(1_234_567.891, decimals: 1) == "1234567.9")
        // 2.5 is an exact tie at 0 decimals: half-even gives 2.
        #expect(try Format.fixed(2.5, decimals: 0) == "2")
        // 1.005 is stored as 1.00499999999999989..., so 2 decimals give 1.00.
        #expect(try Format.fixed(1.005, decimals: 2) == "1.00")
    }

    @Test func fixedNormalisesNegativeZero() throws {
        // -0.0001 rounds to -0.00 in printf; a signless zero is the honest rendering.
        #expect(try Format.fixed(-0.0001, decimals: 2) == "0.00")
        #expect(try Format.fixed(-0.0, decimals: 0) == "0")
        #expect(try Format.fixed(-0.004, decimals: 3) == "-0.004")
    }

    @Test func fixedRejectsNaN() {
        #expect(throws: ReportingError.nonFiniteValue(context: "number")) { try Format.fixed(.nan, decimals: 2) }
    }

    // MARK: - percent

    @Test func percent() throws {
        // 0.123 × 100 = 12.3 (12.299999999999999 in binary, still 12.3 at one decimal).
        #expect(try Format.percent(0.123) == "12.3%")
        #expect(try Format.percent(0.5, decimals: 0) == "50%")
        #expect(try Format.percent(1) == "100.0%")
        // -0.0004 → -0.04 % → "-0.0" → signless.
        #expect(try Format.percent(-0.0004) == "0.0%")
        #expect(throws: ReportingError.nonFiniteValue(context: "false-alarm rate")) {
            try Format.percent(.infinity, context: "false-alarm rate")
        }
    }

    // MARK: - pValue

    @Test func pValue() throws {
        #expect(try Format.pValue(0.0004) == "< 0.001")
        #expect(try Format.pValue(0) == "< 0.001")
        #expect(try Format.pValue(0.001) == "0.001")
        // 0.04234 to 3 significant digits: 4.23e-02.
        #expect(try Format.pValue(0.04234) == "0.0423")
        #expect(try Format.pValue(0.05) == "0.05")
        #expect(try Format.pValue(0.5678) == "0.568")
        #expect(try Format.pValue(1) == "1")
    }

    @Test func pValueRejectsOutOfRange() {
        #expect(throws: ReportingError.self) { try Format.pValue(1.2) }
        #expect(throws: ReportingError.self) { try Format.pValue(-0.1) }
        #expect(throws: ReportingError.nonFiniteValue(context: "p-value")) { try Format.pValue(.nan) }
    }
}
