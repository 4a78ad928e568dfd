/// The WGS-84 ellipsoid and the constants of Karney's geodesic algorithms derived from it.
///
/// Defining constants: a = 6 378 137 m, 1/f = 298.257 223 563 (NIMA TR8350.2, "Department of Defense World
/// Geodetic System 1984", 3rd ed., 2000). Derived: b = a(1 − f), e² = f(2 − f), e′² = e²/(1 − f)², third
/// flattening n = f/(2 − f). Tolerances follow C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55
/// (2013), §§ 4–5.
enum WGS84 {
    // MARK: - Ellipsoid

    /// Equatorial radius a, metres.
    static let equatorialRadiusMeters = 6_378_137.0
    /// Flattening f.
    static let flattening = 1 / 298.257_223_563
    /// 1 − f.
    static let oneMinusFlattening = 1 - flattening
    /// Polar semi-axis b = a(1 − f), metres.
    static let polarRadiusMeters = equatorialRadiusMeters * oneMinusFlattening
    /// First eccentricity squared e² = f(2 − f).
    static let eccentricitySquared = flattening * (2 - flattening)
    /// Second eccentricity squared e′² = e²/(1 − f)².
    static let secondEccentricitySquared = eccentricitySquared / (oneMinusFlattening * oneMinusFlattening)
    /// Third flattening n = f/(2 − f), the expansion parameter of the A3 and C3 series.
    static let thirdFlattening = flattening / (2 - flattening)

    // MARK: - Numerical tolerances

    /// √(smallest normal): keeps cos β away from zero at the poles without changing any finite result.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    /// Machine epsilon (Karney's tol0).
    static let tol0 = Double.ulpOfOne
    /// Karney's tol1 = 200·tol0, the cut-off of the near-antipodal "strip".
    static let tol1 = 200 * tol0
    /// Karney's tol2 = √tol0.
    static let tol2 = tol0.squareRoot()
    /// Bisection stopping width.
    static let tolb = tol0 * tol2
    /// Threshold on x below which the astroid solution is used.
    static let xthresh = 1000 * tol2
    /// Short-line threshold on σ12: below it the spherical solution with the mean radius is already exact.
    static let etol2 =
        0.1 * tol2
        / (Swift.max(0.001, Swift.abs(flattening)) * Swift.min(1, 1 - flattening / 2) / 2)
        .squareRoot()
    /// Newton iterations allowed before switching to bisection only.
    static let newtonIterations = 20
    /// Total iteration cap (Newton then bisection): bisection halves an interval in α1 of width ≤ π, so 53 more
    /// steps reach the double resolution; 10 spare.
    static let maximumIterations = newtonIterations + Double.significandBitCount + 1 + 10

    // MARK: - Coefficients that depend only on n (Karney 2013, eqs. 24–25, to order 6)

    /// A3(ε) = Σ a3ⱼ εʲ, j = 0…5.
    static let a3Coefficients: (Double, Double, Double, Double, Double, Double) = {
        let n = thirdFlattening
        return (
            1,
            -(1.0 / 2 - n / 2),
            -(1.0 / 4 + n / 8 - 3 * n * n / 8),
            -(1.0 / 16 + 3 * n / 16 + n * n / 16),
            -(3.0 / 64 + n / 32),
            -3.0 / 128
        )
    }()

    /// C3ₗ(ε) = Σⱼ c3ₗⱼ εʲ for l = 1…5, j = l…5: the coefficients of ε^l … ε^5 of each l, padded with zeros.
    static let c3Coefficients: [(Double, Double, Double, Double, Double)] = {
        let n = thirdFlattening
        let n2 = n * n
        return [
            (1.0 / 4 - n / 4, 1.0 / 8 - n2 / 8, 3.0 / 64 + 3 * n / 64 - n2 / 64, 5.0 / 128 + n / 64, 3.0 / 128),
            (1.0 / 16 - 3 * n / 32 + n2 / 32, 3.0 / 64 - n / 32 - 3 * n2 / 64, 3.0 / 128 + n / 128, 5.0 / 256, 0),
            (5.0 / 192 - 3 * n / 64 + 5 * n2 / 192, 3.0 / 128 - 5 * n / 192, 7.0 / 512, 0, 0),
            (7.0 / 512 - 7 * n / 256, 7.0 / 512, 0, 0, 0),
            (21.0 / 2560, 0, 0, 0, 0),
        ]
    }()
}
