import Foundation
import TestSupport
import Testing

@testable import DetectionCore

/// Elementary functions against Glibc (through Foundation), which is the reference named in the brief: glibc's
/// double-precision sin, cos, atan, atan2, asin, acos, hypot and cbrt are documented to be within 1 ulp, so a
/// difference of at most 2 ulp from them bounds our error by 3 ulp in the worst case and is usually 0.
@Suite struct MathElementaryTests {
    // MARK: - Helpers

    /// Distance in units in the last place between two doubles of equal sign handling (monotone integer mapping).
    static func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
        if a.isNaN && b.isNaN { return 0 }
        if a.isNaN || b.isNaN { return .max }
        if a == b { return 0 }
        func ordered(_ v: Double) -> Int64 {
            let bits = Int64(bitPattern: v.bitPattern)
            return bits < 0 ? Int64.min - bits : bits
        }
        let d = ordered(a).subtractingReportingOverflow(ordered(b))
        return d.overflow ? .max : d.partialValue.magnitude
    }

    /// A deterministic grid: a linear sweep, a geometric sweep of both signs and the given extras.
    static func grid(linearTo limit: Double, steps: Int, geometricFrom low: Double, to high: Double) -> [Double] {
        var values: [Double] = []
        for i in -steps...steps {
            values.append(limit * Double(i) / Double(steps))
        }
        var e = low
        while e <= high {
            let v = Foundation.pow(2.0, e)
            values.append(v)
            values.append(-v)
            e += 0.173
        }
        return values
    }

    static func maxUlp(_ inputs: [Double], _ ours: (Double) -> Double, _ reference: (Double) -> Double)
        -> (ulp: UInt64, at: Double)
    {
        var worst: (UInt64, Double) = (0, 0)
        for x in inputs {
            let d = ulpDistance(ours(x), reference(x))
            if d > worst.0 { worst = (d, x) }
        }
        return worst
    }

    // MARK: - sin, cos

    static let trigInputs: [Double] = {
        var v = grid(linearTo: 20, steps: 40_000, geometricFrom: -40, to: 60)
        // Near multiples of π/2 (hard for reduction), large and huge arguments, and the largest finite value.
        for k in 1...400 {
            let m = Double(k) * Double.pi / 2
            v += [m, m.nextUp, m.nextDown]
        }
        // Huge arguments are checked against the mpmath fixture instead (Glibc's cos(0x1.6ac5b262ca1ffp+849) is
        // 8 ulp off the correctly rounded value).
        v += [
            1e5, 1.6e6, 1.7e6, 123_456_789.0, 1e15, Double.leastNonzeroMagnitude,
            Double.leastNormalMagnitude, 0x1p-1022 * 3, 0.7853981633974483, 0.7853981633974484,
        ]
        return v
    }()

    @Test func sineWithinTwoUlpOfGlibc() {
        let worst = Self.maxUlp(Self.trigInputs, Elementary.sin, Foundation.sin)
        #expect(worst.ulp <= 2, "sin off by \(worst.ulp) ulp at \(worst.at)")
    }

    @Test func cosineWithinTwoUlpOfGlibc() {
        let worst = Self.maxUlp(Self.trigInputs, Elementary.cos, Foundation.cos)
        #expect(worst.ulp <= 2, "cos off by \(worst.ulp) ulp at \(worst.at)")
    }

    @Test func sinCosMatchesSeparateCalls() {
        for x in stride(from: -7.0, through: 7.0, by: 0.01) {
            let both = Elementary.sinCos(x)
            #expect(both.sin == Elementary.sin(x) && both.cos == Elementary.cos(x))
        }
    }

    @Test func trigSpecialValues() {
        // C99 Annex F: sin(±0) = ±0, cos(±0) = 1, sin/cos of ±∞ and NaN are NaN.
        #expect(Elementary.sin(0).bitPattern == (0.0).bitPattern)
        #expect(Elementary.sin(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(Elementary.cos(-0.0) == 1)
        for bad in [Double.infinity, -Double.infinity, Double.nan] {
            #expect(Elementary.sin(bad).isNaN)
            #expect(Elementary.cos(bad).isNaN)
        }
    }

    // MARK: - atan, atan2, asin, acos

    @Test func arctangentWithinTwoUlpOfGlibc() {
        let inputs =
            Self.grid(linearTo: 40, steps: 40_000, geometricFrom: -60, to: 80)
            + [Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 1, -1, 0.0625, 0.9375, 1.0625]
        let worst = Self.maxUlp(inputs, Elementary.atan, Foundation.atan)
        #expect(worst.ulp <= 2, "atan off by \(worst.ulp) ulp at \(worst.at)")
    }

    @Test func twoArgumentArctangentWithinTwoUlpOfGlibc() {
        var worst: (UInt64, Double, Double) = (0, 0, 0)
        let axis = Self.grid(linearTo: 3, steps: 150, geometricFrom: -30, to: 30)
        for y in axis {
            for x in axis {
                let d = Self.ulpDistance(Elementary.atan2(y, x), Foundation.atan2(y, x))
                if d > worst.0 { worst = (d, y, x) }
            }
        }
        #expect(worst.0 <= 2, "atan2 off by \(worst.0) ulp at (\(worst.1), \(worst.2))")
    }

    @Test func twoArgumentArctangentSpecialValues() {
        // C99 Annex F.9.1.4; the expected values are those of Glibc for the same arguments.
        let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, 0x1p-1030, -1e300]
        for y in specials {
            for x in specials {
                let ours = Elementary.atan2(y, x)
                let ref = Foundation.atan2(y, x)
                #expect(Self.ulpDistance(ours, ref) <= 1, "atan2(\(y), \(x)) = \(ours), Glibc \(ref)")
                #expect(ours.sign == ref.sign || ref.isNaN)
            }
        }
    }

    @Test func arcsineAndArccosineWithinTwoUlpOfGlibc() {
        var inputs = Self.grid(linearTo: 1, steps: 40_000, geometricFrom: -60, to: -0.01)
        // Close to ±1, where 1 − x² cancels.
        for k in 1...60 {
            let d = Foundation.pow(2.0, -Double(k) * 0.88)
            inputs += [1 - d, -(1 - d)]
        }
        inputs += [1, -1, (1.0).nextDown, (-1.0).nextUp, 0.5, -0.5, 0.5.nextDown]
        let asinWorst = Self.maxUlp(inputs, Elementary.asin, Foundation.asin)
        #expect(asinWorst.ulp <= 2, "asin off by \(asinWorst.ulp) ulp at \(asinWorst.at)")
        let acosWorst = Self.maxUlp(inputs, Elementary.acos, Foundation.acos)
        #expect(acosWorst.ulp <= 2, "acos off by \(acosWorst.ulp) ulp at \(acosWorst.at)")
    }

    @Test func inverseSpecialValues() {
        #expect(Elementary.asin(1.5).isNaN && Elementary.acos(-1.0000001).isNaN && Elementary.asin(.nan).isNaN)
        #expect(Elementary.asin(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(Elementary.acos(1) == 0)
        #expect(Elementary.atan(.infinity) == Double.pi / 2 && Elementary.atan(-.infinity) == -Double.pi / 2)
        #expect(Elementary.atan(-0.0).bitPattern == (-0.0).bitPattern)
    }

    // MARK: - Correctly rounded references (mpmath)

    /// Rows of `Fixtures/elementary-mpmath.csv`: function name, argument and the correctly rounded value, all as
    /// hexadecimal floats; produced by `Fixtures/elementary-mpmath.py` (mpmath 1.3.0, 3 000-bit precision).
    static func mpmathRows() throws -> [(function: String, x: Double, value: Double)] {
        try Fixtures.csv("elementary-mpmath.csv").rows.compactMap { row in
            guard row.count == 3, let x = Double(row[1]), let v = Double(row[2]) else { return nil }
            return (row[0], x, v)
        }
    }

    @Test func hugeArgumentsAndCubeRootsWithinOneUlpOfCorrectlyRounded() throws {
        let rows = try Self.mpmathRows()
        #expect(rows.count == 9579)
        var worst: [String: (UInt64, Double)] = [:]
        for row in rows {
            let ours: Double
            switch row.function {
            case "sin": ours = Elementary.sin(row.x)
            case "cos": ours = Elementary.cos(row.x)
            default: ours = Elementary.cbrt(row.x)
            }
            let d = Self.ulpDistance(ours, row.value)
            if d > (worst[row.function]?.0 ?? 0) { worst[row.function] = (d, row.x) }
            // Odd functions: the negated argument must give the negated value.
            if row.function != "cos" {
                let negated = row.function == "sin" ? Elementary.sin(-row.x) : Elementary.cbrt(-row.x)
                #expect(negated == -ours)
            }
        }
        for (function, w) in worst {
            #expect(w.0 <= 1, "\(function) off by \(w.0) ulp at \(w.1.debugDescription)")
        }
    }

    // MARK: - hypot, cbrt

    @Test func hypotenuseWithinTwoUlpOfGlibc() {
        var worst: (UInt64, Double, Double) = (0, 0, 0)
        let axis = Self.grid(linearTo: 10, steps: 100, geometricFrom: -1070, to: 1020)
        for x in axis {
            for y in stride(from: 0, to: axis.count, by: 101).map({ axis[$0] }) {
                let d = Self.ulpDistance(Elementary.hypot(x, y), Foundation.hypot(x, y))
                if d > worst.0 { worst = (d, x, y) }
            }
        }
        #expect(worst.0 <= 2, "hypot off by \(worst.0) ulp at (\(worst.1), \(worst.2))")
        // C99: hypot(±∞, NaN) = +∞; hypot(NaN, finite) = NaN.
        #expect(Elementary.hypot(-.infinity, .nan) == .infinity)
        #expect(Elementary.hypot(.nan, 1).isNaN)
        #expect(Elementary.hypot(Double.greatestFiniteMagnitude, 1) == Double.greatestFiniteMagnitude)
    }

    @Test func cubeRootSpecialValues() {
        #expect(Elementary.cbrt(-0.0).bitPattern == (-0.0).bitPattern && Elementary.cbrt(.nan).isNaN)
        #expect(Elementary.cbrt(-.infinity) == -.infinity)
        // Exact cubes (hand calculation).
        #expect(Elementary.cbrt(-8) == -2 && Elementary.cbrt(27) == 3 && Elementary.cbrt(0x1p-1074) == 0x1p-358)
    }
}
