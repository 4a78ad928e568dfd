/// Geodesics on the WGS-84 ellipsoid (Karney's method) and the spherical haversine distance.
///
/// The inverse and direct problems follow C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55
/// (2013): the geodesic is mapped to a great circle on the auxiliary sphere (reduced latitude β, tan β =
/// (1 − f) tan φ); distance and longitude are the integrals I1 and I3 expanded to order 6 in ε. The inverse solves
/// λ12(α1) = λ12 for the azimuth α1 by Newton's method (derivative from the reduced length m12, eq. 46), started
/// from the spherical guess or, for nearly antipodal points, from the astroid solution (eqs. 55–58), with a
/// bracket kept so that a bisection fallback always converges. Iterations are capped (`WGS84.maximumIterations`),
/// so the inverse never hangs; accuracy is about 15 nm on WGS-84 (Karney 2013, § 9).
///
/// Everything runs on `Elementary` (no Foundation) and on value types: no allocation per call.
public enum Geodesic {
    // MARK: - Haversine

    /// Mean Earth radius R1 = (2a + b)/3 of WGS-84, metres (IUGG mean radius, 6 371 008.771 m, rounded to 0.1 m).
    public static let meanRadiusMeters = 6_371_008.8

    /// Great-circle distance on a sphere of radius `meanRadiusMeters` (haversine formula).
    ///
    /// d = 2R asin √(sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2)) (R. W. Sinnott, "Virtues of the haversine",
    /// Sky & Telescope 68, 159, 1984). On the ellipsoid it is off by up to about 0.5 %; offered for comparison with
    /// apps that use it.
    ///
    /// - Parameters:
    ///   - a: first point.
    ///   - b: second point.
    /// - Returns: distance in metres, in [0, πR].
    public static func haversineDistanceMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        let phi1 = Angle.radians(a.latitudeDegrees)
        let phi2 = Angle.radians(b.latitudeDegrees)
        let dLon = Coordinate.normalisedLongitude(b.longitudeDegrees - a.longitudeDegrees)
        let sinHalfDPhi = Elementary.sin((phi2 - phi1) / 2)
        let sinHalfDLambda = Elementary.sin(Angle.radians(dLon) / 2)
        let h =
            sinHalfDPhi * sinHalfDPhi
            + Elementary.cos(phi1) * Elementary.cos(phi2) * sinHalfDLambda * sinHalfDLambda
        // Rounding can push h a hair outside [0, 1] for antipodal points; asin would then return NaN.
        let clamped = Swift.min(1, positivePart(h))
        return 2 * meanRadiusMeters * Elementary.asin(clamped.squareRoot())
    }

    // MARK: - Inverse problem

    /// Shortest geodesic between two points: distance and the azimuths at both ends.
    ///
    /// - Parameters:
    ///   - a: first point.
    ///   - b: second point.
    /// - Returns: distance in metres (≈15 nm accurate) and bearings in degrees in (−180, 180]. For coincident or
    ///   exactly antipodal points the bearings are a convention (meridional, like GeographicLib).
    public static func inverse(_ a: Coordinate, _ b: Coordinate) -> GeodesicInverse {
        let r = solveInverse(a, b)
        return GeodesicInverse(
            distanceMeters: r.distance,
            initialBearingDegrees: bearingDegrees(r.salp1, r.calp1),
            finalBearingDegrees: bearingDegrees(r.salp2, r.calp2))
    }

    /// The distance part of `inverse` (skips the two final arc-tangents); used per fix by the proximity monitor.
    ///
    /// - Parameters:
    ///   - a: first point.
    ///   - b: second point.
    /// - Returns: the geodesic distance in metres.
    public static func distanceMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        solveInverse(a, b).distance
    }

    /// atan2 in degrees, mapped to (−180, 180].
    @inline(__always)
    static func bearingDegrees(_ s: Double, _ c: Double) -> Double {
        let d = Angle.degrees(Elementary.atan2(s, c))
        // + 0 turns a −0 bearing into +0.
        return d <= -180 ? d + 360 : d + 0
    }

    /// Raw inverse solution: distance and the (unnormalised) sines and cosines of both azimuths.
    struct InverseSolution {
        var distance: Double
        var salp1: Double
        var calp1: Double
        var salp2: Double
        var calp2: Double
    }

    static func solveInverse(_ p1: Coordinate, _ p2: Coordinate) -> InverseSolution {
        let f = WGS84.flattening
        let ep2 = WGS84.secondEccentricitySquared
        let tiny = WGS84.tiny
        // Longitude difference in [−180, 180] (exact: both longitudes are in [−180, 180)).
        var lon12 = Coordinate.normalisedLongitude(p2.longitudeDegrees - p1.longitudeDegrees)
        if lon12 == -180 { lon12 = 180 }
        // Canonical configuration (Karney § 4): lon12 ≥ 0, |lat1| ≥ |lat2|, lat1 ≤ 0. Undone at the end.
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonSign
        let lam12 = Angle.radians(lon12)
        let (slam12, clam12) = DegreeTrigonometry.sinCos(lon12)
        var lat1 = p1.latitudeDegrees
        var lat2 = p2.latitudeDegrees
        let swapped = Swift.abs(lat1) < Swift.abs(lat2)
        if swapped {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        // Reduced latitudes: tan β = (1 − f) tan φ, as normalised (sin β, cos β); cos β kept ≥ tiny at the poles.
        let (sbet1, cbet1) = reducedLatitude(lat1)
        var (sbet2, cbet2) = reducedLatitude(lat2)
        // Make the symmetric cases exact: β2 = ±β1 detected from the rounded values (Karney's treatment).
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = sbet2.sign == .minus ? sbet1 : -sbet1 }
        } else if Swift.abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()
        let ends = Ends(sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2)

        var salp1 = 0.0
        var calp1 = 0.0
        var salp2 = 0.0
        var calp2 = 0.0
        var s12 = 0.0
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Along a meridian (or from a pole): α1 = λ12, α2 = 0, σ from the reduced latitudes directly.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            let sig12 = Elementary.atan2(
                positivePart(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            // α0 = 0 on a meridian, so k² = e′² and ε = n.
            let lengths = ends.lengths(
                eps: WGS84.thirdFlattening, sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2)
            if sig12 < 1 || lengths.m12b >= 0 {
                // The meridian is the shortest path (m12 ≥ 0 means no conjugate point before the end).
                s12 = sig12 < 3 * tiny ? 0 : lengths.s12b * WGS84.polarRadiusMeters
            } else {
                meridian = false
            }
        }
        if !meridian {
            if sbet1 == 0 && 180 - lon12 >= f * 180 {
                // Equatorial geodesic (both points on the equator, not beyond the antipodal cut).
                calp1 = 0
                calp2 = 0
                salp1 = 1
                salp2 = 1
                s12 = WGS84.equatorialRadiusMeters * lam12
            } else {
                let start = ends.inverseStart(lam12: lam12, slam12: slam12, clam12: clam12)
                salp1 = start.salp1
                calp1 = start.calp1
                if start.sig12 >= 0 {
                    // Short line: the spherical solution with radius b·dn(mean β) is already exact enough.
                    s12 = start.sig12 * WGS84.polarRadiusMeters * start.dnm
                    salp2 = start.salp2
                    calp2 = start.calp2
                } else {
                    let solved = ends.solveAzimuth(salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                    salp1 = solved.salp1
                    calp1 = solved.calp1
                    salp2 = solved.salp2
                    calp2 = solved.calp2
                    s12 = solved.s12b * WGS84.polarRadiusMeters
                }
            }
        }
        // Undo the canonical transformation.
        if swapped {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        let swapSign: Double = swapped ? -1 : 1
        salp1 *= swapSign * lonSign
        calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign
        calp2 *= swapSign * latSign
        // −0 as the sine of a bearing of exactly ±180 would give −180; (−180, 180] is mapped by bearingDegrees.
        return InverseSolution(distance: s12, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }

    /// (sin β, cos β) of the reduced latitude of `latitudeDegrees`, normalised, with cos β ≥ `WGS84.tiny`.
    @inline(__always)
    static func reducedLatitude(_ latitudeDegrees: Double) -> (Double, Double) {
        let (s, c) = DegreeTrigonometry.sinCos(latitudeDegrees)
        var sbet = WGS84.oneMinusFlattening * s
        var cbet = c
        let r = Elementary.hypot(sbet, cbet)
        sbet /= r
        cbet /= r
        return (sbet, Swift.max(WGS84.tiny, cbet))
    }

    /// Normalises (s, c) to unit length.
    @inline(__always)
    static func normalise(_ s: inout Double, _ c: inout Double) {
        let r = Elementary.hypot(s, c)
        s /= r
        c /= r
    }

    // MARK: - Direct problem

    /// The point reached by following the geodesic from `from` with initial `bearingDegrees` for `distanceMeters`.
    ///
    /// Karney 2013 § 3: σ12 from the reverted series (C1′), then λ12 from I3. Accurate to nanometres for any
    /// distance up to half the meridian and beyond (the simulator needs ≤ 1 mm at ≤ 20 km).
    ///
    /// - Parameters:
    ///   - from: start point.
    ///   - bearingDegrees: initial azimuth, degrees clockwise from north (any finite value).
    ///   - distanceMeters: distance along the geodesic, metres (negative goes backwards).
    /// - Returns: the end point, or `nil` when the bearing or the distance is not finite.
    public static func direct(from: Coordinate, bearingDegrees: Double, distanceMeters: Double) -> Coordinate? {
        guard bearingDegrees.isFinite, distanceMeters.isFinite else { return nil }
        let f = WGS84.flattening
        let f1 = WGS84.oneMinusFlattening
        let (salp1, calp1) = DegreeTrigonometry.sinCos(bearingDegrees)
        let (sbet1, cbet1) = reducedLatitude(from.latitudeDegrees)
        // α0, the azimuth where the geodesic crosses the equator (Clairaut: sin α0 = sin α1 cos β1).
        let salp0 = salp1 * cbet1
        let calp0 = Elementary.hypot(calp1, salp1 * sbet1)
        // σ1 and ω1 on the auxiliary sphere, measured from that equator crossing.
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let comg1 = csig1
        normalise(&ssig1, &csig1)
        let k2 = calp0 * calp0 * WGS84.secondEccentricitySquared
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let a1m1 = SineSeries.a1Minus1(eps)
        let c1 = SineSeries.c1(eps)
        let b11 = c1.sum(sin: ssig1, cos: csig1)
        let (sb, cb) = Elementary.sinCos(b11)
        // τ1 = σ1 + B11.
        let stau1 = ssig1 * cb + csig1 * sb
        let ctau1 = csig1 * cb - ssig1 * sb
        let c1p = SineSeries.c1Prime(eps)
        let a3c = -f * salp0 * SineSeries.a3(eps)
        let c3 = SineSeries.c3(eps)
        let b31 = c3.sum(sin: ssig1, cos: csig1)
        let tau12 = distanceMeters / (WGS84.polarRadiusMeters * (1 + a1m1))
        let (st, ct) = Elementary.sinCos(tau12)
        // σ12 = τ12 + B11 + B1′(τ2) with τ2 = τ1 + τ12.
        let b12 = -c1p.sum(sin: stau1 * ct + ctau1 * st, cos: ctau1 * ct - stau1 * st)
        let sig12 = tau12 - (b12 - b11)
        let (ssig12, csig12) = Elementary.sinCos(sig12)
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = Elementary.hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // The end is a pole: keep the longitude well defined.
            cbet2 = WGS84.tiny
            csig2 = WGS84.tiny
        }
        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 = Elementary.atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (c3.sum(sin: ssig2, cos: csig2) - b31))
        let latitude = Swift.min(90, Swift.max(-90, Angle.degrees(Elementary.atan2(sbet2, f1 * cbet2))))
        let longitude = from.longitudeDegrees + Angle.degrees(lam12)
        return Coordinate(latitudeDegrees: latitude, longitudeDegrees: longitude)
    }
}

// MARK: - Machinery of the inverse problem

/// The two end points of an inverse problem in canonical form, with the steps of Karney's solution.
struct Ends {
    let sbet1: Double
    let cbet1: Double
    let dn1: Double
    let sbet2: Double
    let cbet2: Double
    let dn2: Double

    /// Reduced distance s12/b and reduced length m12/b for a geodesic with parameter ε (Karney eqs. 7, 38–40).
    @inline(__always)
    func lengths(eps: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double)
        -> (s12b: Double, m12b: Double)
    {
        let a1m1 = SineSeries.a1Minus1(eps)
        let a2m1 = SineSeries.a2Minus1(eps)
        let c1 = SineSeries.c1(eps)
        let c2 = SineSeries.c2(eps)
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
        let s12b = a1 * (sig12 + b1)
        // J(σ) = I1(σ) − I2(σ) = (A1 − A2)σ + Σ (A1 C1ₗ − A2 C2ₗ) sin 2lσ.
        let j = c1.combined(a1, minus: a2, times: c2)
        let j12 = (a1m1 - a2m1) * sig12 + (j.sum(sin: ssig2, cos: csig2) - j.sum(sin: ssig1, cos: csig1))
        // m12/b = dn2 cos σ1 sin σ2 − dn1 sin σ1 cos σ2 − cos σ1 cos σ2 J12 (eq. 38 with dn = √(1 + k² sin² σ)).
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// Result of evaluating λ12(α1).
    struct Lambda {
        var residual: Double
        var salp2: Double
        var calp2: Double
        var sig12: Double
        var ssig1: Double
        var csig1: Double
        var ssig2: Double
        var csig2: Double
        var eps: Double
        var derivative: Double
    }

    /// λ12(α1) − λ12 (target), and optionally dλ12/dα1 (Karney eqs. 5–8, 23, 46).
    @inline(__always)
    func lambda12(salp1: Double, calp1 calp1In: Double, slam120: Double, clam120: Double, derivative: Bool)
        -> Lambda
    {
        let f = WGS84.flattening
        var calp1 = calp1In
        // Break the degeneracy of an equatorial start heading due north or south.
        if sbet1 == 0 && calp1 == 0 { calp1 = -WGS84.tiny }
        let salp0 = salp1 * cbet1
        let calp0 = Elementary.hypot(calp1, salp1 * sbet1)
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = calp1 * cbet1
        let comg1 = csig1
        Geodesic.normalise(&ssig1, &csig1)
        // Clairaut gives sin α2; cos α2 from cos² α2 cos² β2 = cos² α1 cos² β1 + (cos² β2 − cos² β1).
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2: Double
        if cbet2 != cbet1 || Swift.abs(sbet2) != -sbet1 {
            let diff = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + diff).squareRoot() / cbet2
        } else {
            calp2 = Swift.abs(calp1)
        }
        var ssig2 = sbet2
        let somg2 = salp0 * sbet2
        var csig2 = calp2 * cbet2
        let comg2 = csig2
        Geodesic.normalise(&ssig2, &csig2)
        let sig12 = Elementary.atan2(
            positivePart(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = positivePart(comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        // η = ω12 − λ12(target), computed as one angle difference to keep precision.
        let eta = Elementary.atan2(
            somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * WGS84.secondEccentricitySquared
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = SineSeries.c3(eps)
        let b312 = c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)
        let domg12 = -f * SineSeries.a3(eps) * salp0 * (sig12 + b312)
        var dlam12 = 0.0
        if derivative {
            if calp2 == 0 {
                dlam12 = -2 * WGS84.oneMinusFlattening * dn1 / sbet1
            } else {
                let m12b = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2
                ).m12b
                dlam12 = m12b * WGS84.oneMinusFlattening / (calp2 * cbet2)
            }
        }
        return Lambda(
            residual: eta + domg12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1, csig1: csig1,
            ssig2: ssig2, csig2: csig2, eps: eps, derivative: dlam12)
    }

    /// Starting azimuth for Newton (Karney § 5): spherical guess with a mean-latitude radius, the exact
    /// short-line solution when σ12 is tiny, or the astroid solution for nearly antipodal points.
    struct Start {
        var sig12: Double
        var salp1: Double
        var calp1: Double
        var salp2: Double
        var calp2: Double
        var dnm: Double
    }

    func inverseStart(lam12: Double, slam12: Double, clam12: Double) -> Start {
        let n = WGS84.thirdFlattening
        let ep2 = WGS84.secondEccentricitySquared
        var result = Start(sig12: -1, salp1: 0, calp1: 0, salp2: 0, calp2: 0, dnm: 1)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortLine {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            result.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (WGS84.oneMinusFlattening * result.dnm)
            (somg12, comg12) = Elementary.sinCos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = Elementary.hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if shortLine && ssig12 < WGS84.etol2 {
            var salp2 = cbet1 * somg12
            var calp2 =
                sbet12 - cbet1 * sbet2
                * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            Geodesic.normalise(&salp2, &calp2)
            result.salp2 = salp2
            result.calp2 = calp2
            result.sig12 = Elementary.atan2(ssig12, csig12)
        } else if Swift.abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * Swift.abs(n) * Double.pi * cbet1 * cbet1 {
            // The spherical guess is good enough.
        } else {
            // Nearly antipodal: scale to the astroid problem (eqs. 53–56).
            let lam12x = Elementary.atan2(-slam12, -clam12)
            let k2 = sbet1 * sbet1 * ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            let lamScale = WGS84.flattening * cbet1 * SineSeries.a3(eps) * Double.pi
            let betScale = lamScale * cbet1
            let x = lam12x / lamScale
            let y = sbet12a / betScale
            if y > -WGS84.tol1 && x > -1 - WGS84.xthresh {
                salp1 = Swift.min(1, -x)
                calp1 = -(1 - salp1 * salp1).squareRoot()
            } else {
                let k = Ends.astroid(x, y)
                let omg12a = lamScale * (-x * k / (1 + k))
                (somg12, comg12) = Elementary.sinCos(omg12a)
                comg12 = -comg12
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if salp1 > 0 {
            Geodesic.normalise(&salp1, &calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        result.salp1 = salp1
        result.calp1 = calp1
        return result
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney eq. 55), solved in closed form.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        // disc = S(S + 2r³); the cubic's real root u (Cardano), or the trigonometric form when disc < 0.
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // Add the root with the sign of t3 to avoid cancellation.
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = Elementary.cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = Elementary.atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * Elementary.cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// Newton on α1 (with a bisection bracket) until λ12(α1) matches; returns the azimuths and s12/b.
    func solveAzimuth(salp1 startS: Double, calp1 startC: Double, slam12: Double, clam12: Double)
        -> (salp1: Double, calp1: Double, salp2: Double, calp2: Double, s12b: Double)
    {
        let tol0 = WGS84.tol0
        var salp1 = startS
        var calp1 = startC
        // Bracket [α1a, α1b] with λ12 − target < 0 at a and > 0 at b (initially α1 ∈ (0, π)).
        var salp1a = WGS84.tiny
        var calp1a = 1.0
        var salp1b = WGS84.tiny
        var calp1b = -1.0
        var tripNewton = false
        var tripBisection = false
        var last = lambda12(salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12, derivative: true)
        var converged = false
        for iteration in 0..<WGS84.maximumIterations {
            if iteration > 0 {
                last = lambda12(
                    salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                    derivative: iteration < WGS84.newtonIterations)
            }
            let v = last.residual
            if tripBisection || !(Swift.abs(v) >= (tripNewton ? 8 : 1) * tol0) {
                converged = true
                break
            }
            // Shrink the bracket.
            if v > 0 && (iteration > WGS84.newtonIterations || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1
                calp1b = calp1
            } else if v < 0 && (iteration > WGS84.newtonIterations || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1
                calp1a = calp1
            }
            if iteration < WGS84.newtonIterations && last.derivative > 0 {
                let dalp1 = -v / last.derivative
                if Swift.abs(dalp1) < Double.pi {
                    let (sd, cd) = Elementary.sinCos(dalp1)
                    let nsalp1 = salp1 * cd + calp1 * sd
                    if nsalp1 > 0 {
                        calp1 = calp1 * cd - salp1 * sd
                        salp1 = nsalp1
                        Geodesic.normalise(&salp1, &calp1)
                        // Near convergence allow a looser test next time (Newton may stall at rounding level).
                        tripNewton = Swift.abs(v) <= 16 * tol0
                        continue
                    }
                }
            }
            // Newton failed or left the bracket: bisect.
            salp1 = (salp1a + salp1b) / 2
            calp1 = (calp1a + calp1b) / 2
            Geodesic.normalise(&salp1, &calp1)
            tripNewton = false
            tripBisection =
                Swift.abs(salp1a - salp1) + (calp1a - calp1) < WGS84.tolb
                || Swift.abs(salp1 - salp1b) + (calp1 - calp1b) < WGS84.tolb
        }
        if !converged {
            // Iteration cap reached: evaluate at the final α1 so the lengths match it.
            last = lambda12(salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12, derivative: false)
        }
        let s12b = lengths(
            eps: last.eps, sig12: last.sig12, ssig1: last.ssig1, csig1: last.csig1, ssig2: last.ssig2,
            csig2: last.csig2
        ).s12b
        return (salp1, calp1, last.salp2, last.calp2, s12b)
    }
}

// MARK: - Helpers

/// max(0, x) that returns +0 for x = −0 (`Swift.max(0, -0.0)` is −0.0, which would turn σ12 = atan2(−0, −1)
/// into −π).
@inline(__always)
func positivePart(_ x: Double) -> Double {
    x > 0 ? x : 0
}
