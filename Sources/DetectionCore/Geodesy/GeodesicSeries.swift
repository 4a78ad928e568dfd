/// A sine series Σ cₖ sin(2kσ), k = 1…6, with the coefficient functions of Karney's geodesic method.
///
/// Coefficients are those of C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013):
/// eqs. 17–18 (A1, C1), 21 (C1′), 42–43 (A2, C2), 24–25 (A3, C3), expanded to order 6 in ε, where
/// ε = (√(1 + k²) − 1)/(√(1 + k²) + 1) and k² = e′² cos² α0. Every series was checked against 40-digit
/// quadrature of the defining integrals I1, I2, I3 (mpmath) at ε = 0.01 and 0.005: the residuals scale as ε⁷.
/// Stored inline (no array) so evaluating a series never allocates.
struct SineSeries {
    // MARK: - Coefficients

    var c1: Double
    var c2: Double
    var c3: Double
    var c4: Double
    var c5: Double
    var c6: Double

    // MARK: - Evaluation

    /// Σ cₖ sin(2kσ) from sin σ and cos σ (which must be normalised), by Clenshaw summation.
    ///
    /// With θ = 2σ and the recurrence bₖ = cₖ + 2 cos θ·bₖ₊₁ − bₖ₊₂ (b₇ = b₈ = 0), the sum is b₁ sin θ.
    @inline(__always)
    func sum(sin s: Double, cos c: Double) -> Double {
        let twoCos2 = 2 * (c - s) * (c + s)
        var b2 = 0.0
        var b1 = c6
        var t = c5 + twoCos2 * b1 - b2
        b2 = b1; b1 = t
        t = c4 + twoCos2 * b1 - b2
        b2 = b1; b1 = t
        t = c3 + twoCos2 * b1 - b2
        b2 = b1; b1 = t
        t = c2 + twoCos2 * b1 - b2
        b2 = b1; b1 = t
        t = c1 + twoCos2 * b1 - b2
        return t * 2 * s * c
    }

    /// a·self − b·other, coefficient-wise.
    @inline(__always)
    func combined(_ a: Double, minus b: Double, times other: SineSeries) -> SineSeries {
        SineSeries(
            c1: a * c1 - b * other.c1, c2: a * c2 - b * other.c2, c3: a * c3 - b * other.c3,
            c4: a * c4 - b * other.c4, c5: a * c5 - b * other.c5, c6: a * c6 - b * other.c6)
    }

    // MARK: - Karney's series

    /// A1 − 1 = (1 + ε²/4 + ε⁴/64 + ε⁶/256)/(1 − ε) − 1 (eq. 17).
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))
        return (t + eps) / (1 - eps)
    }

    /// C1ₗ (eq. 18): I1(σ) = A1 (σ + Σ C1ₗ sin 2lσ).
    static func c1(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return SineSeries(
            c1: eps * (-1.0 / 2 + e2 * (3.0 / 16 - e2 / 32)),
            c2: e2 * (-1.0 / 16 + e2 * (1.0 / 32 - 9 * e2 / 2048)),
            c3: e3 * (-1.0 / 48 + 3 * e2 / 256),
            c4: e4 * (-5.0 / 512 + 3 * e2 / 512),
            c5: e4 * eps * (-7.0 / 1280),
            c6: e4 * e2 * (-7.0 / 2048))
    }

    /// C1′ₗ (eq. 21): the reversion σ = τ + Σ C1′ₗ sin 2lτ, τ = s/(b A1).
    static func c1Prime(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return SineSeries(
            c1: eps * (1.0 / 2 + e2 * (-9.0 / 32 + 205 * e2 / 1536)),
            c2: e2 * (5.0 / 16 + e2 * (-37.0 / 96 + 1335 * e2 / 4096)),
            c3: e3 * (29.0 / 96 - 75 * e2 / 128),
            c4: e4 * (539.0 / 1536 - 2391 * e2 / 2560),
            c5: e4 * eps * (3467.0 / 7680),
            c6: e4 * e2 * (38081.0 / 61440))
    }

    /// A2 − 1 = (1 − 3ε²/4 − 7ε⁴/64 − 11ε⁶/256)/(1 + ε) − 1 (eq. 42, written over 1 + ε).
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = -e2 * (3.0 / 4 + e2 * (7.0 / 64 + e2 * 11 / 256))
        return (t - eps) / (1 + eps)
    }

    /// C2ₗ (eq. 43).
    static func c2(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        return SineSeries(
            c1: eps * (1.0 / 2 + e2 * (1.0 / 16 + e2 / 32)),
            c2: e2 * (3.0 / 16 + e2 * (1.0 / 32 + 105 * e2 / 2048)),
            c3: e3 * (5.0 / 48 + 5 * e2 / 256),
            c4: e4 * (35.0 / 512 + 7 * e2 / 512),
            c5: e4 * eps * (63.0 / 1280),
            c6: e4 * e2 * (77.0 / 2048))
    }

    /// A3(ε) (eq. 24) for WGS-84's n.
    static func a3(_ eps: Double) -> Double {
        let a = WGS84.a3Coefficients
        return a.0 + eps * (a.1 + eps * (a.2 + eps * (a.3 + eps * (a.4 + eps * a.5))))
    }

    /// C3ₗ(ε), l = 1…5 (eq. 25) for WGS-84's n; c6 is zero.
    static func c3(_ eps: Double) -> SineSeries {
        let t = WGS84.c3Coefficients
        @inline(__always) func poly(_ c: (Double, Double, Double, Double, Double), from power: Int) -> Double {
            // Σ c.j ε^(power + j)
            var p = c.0 + eps * (c.1 + eps * (c.2 + eps * (c.3 + eps * c.4)))
            for _ in 0..<power { p *= eps }
            return p
        }
        return SineSeries(
            c1: poly(t[0], from: 1), c2: poly(t[1], from: 2), c3: poly(t[2], from: 3),
            c4: poly(t[3], from: 4), c5: poly(t[4], from: 5), c6: 0)
    }
}
