/// Elementary functions of `Double` written for the standard library alone (no Foundation, no Glibc).
///
/// The Swift standard library offers `squareRoot()`, `rounded()`, `remainder(dividingBy:)` and the fused multiply-add
/// `addingProduct(_:_:)`, but no trigonometry. These implementations aim at an error below 1 ulp (the tests assert
/// ≤ 2 ulp against Glibc over a deterministic grid and the edge values).
///
/// Construction:
/// - **sin, cos**: argument reduction to r ∈ [−π/4, π/4] plus a quadrant, carried as a double-double `r = hi + lo`;
///   Taylor kernels (coefficients are the exact 1/n!, correctly rounded). For |x| < 1.6·10⁶ the reduction is
///   Cody–Waite with π/2 split into four parts (three 33-bit parts whose products by k < 2²⁰ are exact, and a
///   53-bit tail); beyond, Payne–Hanek with 1 280 bits of 2/π, which is exact to far more bits than any double
///   needs (the closest a double comes to a multiple of π/2 is about 2⁻⁶¹, so 128 fraction bits suffice).
///   `remainder(dividingBy:)` by the rounded π/2 would be exact only with respect to the *rounded* divisor, whose
///   error (6·10⁻¹⁷) is multiplied by the quotient; that is why it is not used.
/// - **atan, atan2, asin, acos**: reduced to atan(q) with q ∈ [0, 1] as a double-double, then to
///   atan(c) + atan((q − c)/(1 + q·c)) with c = k/8, so the Taylor series runs on |t| ≤ 1/16 (terms to t¹⁵).
///   asin and acos go through atan of √(1 − x²) computed as a double-double.
/// - **hypot**: scaled, with a Newton-corrected square root.
///
/// Special values follow C99 Annex F: NaN in → NaN out; sin, cos of ±∞ → NaN; asin, acos outside [−1, 1] → NaN;
/// signed zeros are preserved (sin(−0) = −0, atan2(±0, −0) = ±π, …); hypot(±∞, NaN) = +∞. Callers that must not
/// produce NaN (the geodesy code) validate their inputs first.
package enum Elementary {
    // MARK: - Constants

    /// π/2 as a double-double (hi rounded to nearest, lo = π/2 − hi rounded). Values from a 2 000-bit evaluation.
    static let halfPiHi = 0x1.921fb54442d18p+0
    static let halfPiLo = 0x1.1a62633145c07p-54
    /// π as a double-double.
    static let piHi = 0x1.921fb54442d18p+1
    static let piLo = 0x1.1a62633145c07p-53
    /// π/4 (rounded), used only as a reduction threshold.
    static let quarterPi = 0x1.921fb54442d18p-1
    /// 2/π rounded, to pick the quadrant k = round(x·2/π).
    static let twoOverPi = 0x1.45f306dc9c883p-1

    /// Cody–Waite pieces of π/2: 33 + 33 + 33 significant bits, then a 53-bit tail. The remainder beyond the four
    /// parts is about 7·10⁻⁴⁹, so k·(π/2 − Σ parts) < 10⁻⁴² for k < 2²⁰.
    static let halfPi1 = 0x1.921fb54400000p+0
    static let halfPi2 = 0x1.0b4611a600000p-34
    static let halfPi3 = 0x1.3198a2e000000p-69
    static let halfPi4 = 0x1.b839a252049c1p-104
    /// Below this |x| the quotient k = round(x·2/π) is < 2²⁰, so k times a 33-bit part is exact.
    static let codyWaiteLimit = 1_600_000.0

    /// The first 1 280 bits of the binary expansion of 2/π (after the binary point), 64 per word, most
    /// significant first. Computed with a 2 000-bit evaluation of 2/π; 0xA2F9836E… is 0.63661977… .
    static let twoOverPiBits: [UInt64] = [
        0xA2F9_836E_4E44_1529, 0xFC27_57D1_F534_DDC0, 0xDB62_9599_3C43_9041, 0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0, 0x0649_2EEA_09D1_921C, 0xFE1D_EB1C_B129_A73E, 0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41, 0x3991_D639_8353_39F4, 0x9C84_5F8B_BDF9_283B, 0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F, 0x6D36_7ECF_27CB_09B7, 0x4F46_3F66_9E5F_EA2D, 0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA, 0x6BFB_5FB1_1F8D_5D08, 0x5603_3046_FC7B_6BAB, 0xF0CF_BC20_9AF4_361D,
    ]

    /// atan(k/8) for k = 1…8 as double-doubles (hi, lo), from a 2 000-bit evaluation. atan(1) = π/4.
    static let atanTableHi: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        0x1.fd5ba9aac2f6ep-4, 0x1.f5b75f92c80ddp-3, 0x1.6f61941e4def1p-2, 0x1.dac670561bb4fp-2,
        0x1.1e00babdefeb4p-1, 0x1.4978fa3269ee1p-1, 0x1.700a7c5784634p-1, 0x1.921fb54442d18p-1
    )
    static let atanTableLo: (Double, Double, Double, Double, Double, Double, Double, Double) = (
        -0x1.cd37686760c17p-59, 0x1.8ab6e3cf7afbdp-57, -0x1.c63aae6f6e918p-56, 0x1.a2b7f222f65e2p-56,
        -0x1.928df287a668fp-58, 0x1.2419a87f2a458p-56, -0x1.8c34d25aadef6p-56, 0x1.1a62633145c07p-55
    )

    // MARK: - Sine and cosine

    /// sin x.
    ///
    /// - Parameter x: an angle in radians (any finite value; the reduction is exact for all of them).
    /// - Returns: sin x with error below about 1 ulp; NaN for NaN or ±∞; sin(±0) = ±0.
    package static func sin(_ x: Double) -> Double {
        sinCos(x).sin
    }

    /// cos x.
    ///
    /// - Parameter x: an angle in radians.
    /// - Returns: cos x with error below about 1 ulp; NaN for NaN or ±∞.
    package static func cos(_ x: Double) -> Double {
        sinCos(x).cos
    }

    /// sin x and cos x from one argument reduction.
    ///
    /// - Parameter x: an angle in radians.
    /// - Returns: both values (NaN for NaN or ±∞; the sine keeps the sign of a zero argument).
    package static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        if x == 0 { return (x, 1) }
        let ax = Swift.abs(x)
        let (quadrant, hi, lo) = reduce(ax)
        let s = sinKernel(hi, lo)
        let c = cosKernel(hi, lo)
        // sin(r + qπ/2), cos(r + qπ/2) by quadrant; sin is odd, cos even.
        var sinValue: Double
        let cosValue: Double
        switch quadrant {
        case 0: (sinValue, cosValue) = (s, c)
        case 1: (sinValue, cosValue) = (c, -s)
        case 2: (sinValue, cosValue) = (-s, -c)
        default: (sinValue, cosValue) = (-c, s)
        }
        if x < 0 { sinValue = -sinValue }
        return (sinValue, cosValue)
    }

    /// sin(hi + lo) for |hi| ≤ π/4 (slightly more is harmless): Taylor series to x¹⁷ (truncation < 2⁻⁶³ relative).
    @inline(__always)
    static func sinKernel(_ hi: Double, _ lo: Double) -> Double {
        let z = hi * hi
        // p(z) = −1/3! + z/5! − z²/7! + … + z⁷/17!  (coefficients: 1/n!, correctly rounded)
        var p = 2.8114572543455206e-15
        p = p * z - 7.647163731819816e-13
        p = p * z + 1.6059043836821613e-10
        p = p * z - 2.505210838544172e-08
        p = p * z + 2.7557319223985893e-06
        p = p * z - 0.0001984126984126984
        p = p * z + 0.008333333333333333
        p = p * z - 0.16666666666666666
        // sin(hi + lo) ≈ sin(hi) + lo·cos(hi), and cos(hi) ≈ 1 − z/2 is ample for the tiny lo.
        return hi + (hi * z * p + lo * (1 - 0.5 * z))
    }

    /// cos(hi + lo) for |hi| ≤ π/4: 1 − z/2 + z²·q(z), Taylor to x¹⁶, with the rounding of 1 − z/2 recovered.
    @inline(__always)
    static func cosKernel(_ hi: Double, _ lo: Double) -> Double {
        let (z, zLow) = ExactArithmetic.twoProduct(hi, hi)
        // q(z) = 1/4! − z/6! + … + z⁶/16!
        var q = 4.779477332387385e-14
        q = q * z - 1.1470745597729725e-11
        q = q * z + 2.08767569878681e-09
        q = q * z - 2.755731922398589e-07
        q = q * z + 2.48015873015873e-05
        q = q * z - 0.001388888888888889
        q = q * z + 0.041666666666666664
        let halfZ = 0.5 * z
        let w = 1 - halfZ
        // (1 − w) and then − halfZ are both exact (Sterbenz): this is the rounding error of w.
        let roundingError = (1 - w) - halfZ
        // cos(hi + lo) ≈ cos(hi) − lo·sin(hi) ≈ cos(hi) − lo·hi.
        return w + (roundingError - 0.5 * zLow + z * z * q - hi * lo)
    }

    // MARK: - Argument reduction

    /// Reduces a finite `ax ≥ 0` to `ax = k·π/2 + (hi + lo)`, |hi + lo| ≤ π/4 (plus rounding), returning k mod 4.
    static func reduce(_ ax: Double) -> (quadrant: Int, hi: Double, lo: Double) {
        if ax <= quarterPi { return (0, ax, 0) }
        if ax < codyWaiteLimit {
            let k = (ax * twoOverPi).rounded()
            // k < 2²⁰ and the first three parts have 33 bits: those three products are exact, and ax − k·part1
            // is exact by Sterbenz's lemma (the two are within a factor two).
            let a = ax - k * halfPi1
            let b = k * halfPi2
            let c = k * halfPi3
            let (d, dLow) = ExactArithmetic.twoProduct(k, halfPi4)
            let (s1, e1) = ExactArithmetic.twoSum(a, -b)
            let (s2, e2) = ExactArithmetic.twoSum(s1, -c)
            let (s3, e3) = ExactArithmetic.twoSum(s2, -d)
            let (hi, lo) = ExactArithmetic.fastTwoSum(s3, e1 + e2 + e3 - dLow)
            return (Int(k) & 3, hi, lo)
        }
        return payneHanek(ax)
    }

    /// Bits `i … i+63` (1-based, after the binary point) of 2/π.
    @inline(__always)
    static func twoOverPiWord(startingAt i: Int) -> UInt64 {
        let z = i - 1
        let j = z >> 6
        let shift = UInt64(z & 63)
        if shift == 0 { return twoOverPiBits[j] }
        return (twoOverPiBits[j] << shift) | (twoOverPiBits[j + 1] >> (64 - shift))
    }

    /// Payne–Hanek reduction for huge finite `ax` (≥ 1.6·10⁶): exact integer arithmetic on the bits of 2/π.
    ///
    /// Write ax = m·2^e with m a 53-bit integer. Then ax·2/π = Σ m·bᵢ·2^(e−i) over the bits bᵢ of 2/π; terms with
    /// i ≤ e − 2 are multiples of 4 and cannot change the quadrant or the fraction, so only 192 bits starting at
    /// i₀ = max(1, e − 1) are multiplied by m (a 245-bit product). The two bits above the binary point give the
    /// quadrant and the 128 below it the fraction f; r = f·π/2 (with f ∈ [−½, ½) after rounding to the nearest
    /// quadrant).
    static func payneHanek(_ ax: Double) -> (quadrant: Int, hi: Double, lo: Double) {
        let m = ax.significandBitPattern | (1 << 52)
        let e = Int(ax.exponent) - 52
        let i0 = Swift.max(1, e - 1)
        let w0 = twoOverPiWord(startingAt: i0)
        let w1 = twoOverPiWord(startingAt: i0 + 64)
        let w2 = twoOverPiWord(startingAt: i0 + 128)
        let (h2, l2) = m.multipliedFullWidth(by: w2)
        let (h1, l1) = m.multipliedFullWidth(by: w1)
        let (h0, l0) = m.multipliedFullWidth(by: w0)
        // product = (h0:l0)·2¹²⁸ + (h1:l1)·2⁶⁴ + (h2:l2); limbs[0] is the least significant word.
        let (p1, carry1) = l1.addingReportingOverflow(h2)
        let (p2a, carry2a) = l0.addingReportingOverflow(h1)
        let (p2, carry2b) = p2a.addingReportingOverflow(carry1 ? 1 : 0)
        let p3 = h0 &+ ((carry2a ? 1 : 0) + (carry2b ? 1 : 0))
        let limbs = (l2, p1, p2, p3)
        // The binary point of the product sits `pointBit` bits above its least significant bit.
        let pointBit = 191 + i0 - e
        @inline(__always) func limb(_ index: Int) -> UInt64 {
            switch index {
            case 0: return limbs.0
            case 1: return limbs.1
            case 2: return limbs.2
            case 3: return limbs.3
            default: return 0
            }
        }
        @inline(__always) func bits64(from low: Int) -> UInt64 {
            let index = low >> 6
            let shift = UInt64(low & 63)
            if shift == 0 { return limb(index) }
            return (limb(index) >> shift) | (limb(index + 1) << (64 - shift))
        }
        var quadrant = Int(bits64(from: pointBit) & 3)
        var fracHi = bits64(from: pointBit - 64)
        var fracLo = bits64(from: pointBit - 128)
        var negative = false
        if fracHi >> 63 == 1 {
            // f ≥ ½: round to the next quadrant and use f − 1 (negate the 128-bit two's complement).
            quadrant += 1
            negative = true
            fracLo = ~fracLo &+ 1
            fracHi = ~fracHi &+ (fracLo == 0 ? 1 : 0)
        }
        var scaleExponent = -64
        if fracHi == 0 {
            fracHi = fracLo
            fracLo = 0
            scaleExponent -= 64
        }
        if fracHi == 0 { return (quadrant & 3, 0, 0) }
        let lz = fracHi.leadingZeroBitCount
        let top = lz == 0 ? fracHi : (fracHi << UInt64(lz)) | (fracLo >> UInt64(64 - lz))
        let next = lz == 0 ? fracLo : fracLo << UInt64(lz)
        scaleExponent -= lz
        // f = (top + next·2⁻⁶⁴)·2^scaleExponent; top's 53 leading bits are exact in a Double.
        let fHi = Double(sign: .plus, exponent: scaleExponent + 11, significand: Double(top >> 11))
        let fLo = Double(
            sign: .plus, exponent: scaleExponent,
            significand: Double(top & 0x7FF) + Double(next) * 0x1p-64)
        let (rHi, rErr) = ExactArithmetic.twoProduct(fHi, halfPiHi)
        let (hi, lo) = ExactArithmetic.fastTwoSum(rHi, rErr + fHi * halfPiLo + fLo * halfPiHi)
        return negative ? (quadrant & 3, -hi, -lo) : (quadrant & 3, hi, lo)
    }

    // MARK: - Inverse tangent family

    /// atan x.
    ///
    /// - Parameter x: any value.
    /// - Returns: atan x in [−π/2, π/2]; ±π/2 for ±∞; NaN for NaN; atan(±0) = ±0.
    package static func atan(_ x: Double) -> Double {
        if x.isNaN || x == 0 { return x }
        let ax = Swift.abs(x)
        let r: Double
        if ax.isInfinite {
            r = halfPiHi
        } else {
            let (h, l) = atanOfQuotient(ax, 0, 1, 0)
            r = h + l
        }
        return x < 0 ? -r : r
    }

    /// The angle of the point (x, y), C99 `atan2(y, x)`.
    ///
    /// - Parameters:
    ///   - y: the ordinate.
    ///   - x: the abscissa.
    /// - Returns: the angle in [−π, π]; signed zeros and infinities as C99 Annex F (e.g. atan2(±0, −0) = ±π,
    ///   atan2(±∞, −∞) = ±3π/4); NaN when either argument is NaN.
    package static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let signOfY: Double = y.sign == .minus ? -1 : 1
        if y == 0 {
            // ±0 for x > 0 or x = +0; ±π for x < 0 or x = −0.
            return x.sign == .plus ? y : signOfY * (piHi + piLo)
        }
        if x == 0 { return signOfY * halfPiHi }
        if x.isInfinite {
            if y.isInfinite {
                return signOfY * (x > 0 ? quarterPi : 3 * quarterPi)
            }
            return x > 0 ? signOfY * 0.0 : signOfY * (piHi + piLo)
        }
        if y.isInfinite { return signOfY * halfPiHi }
        var (hi, lo) = atanOfQuotient(Swift.abs(y), 0, Swift.abs(x), 0)
        if x < 0 {
            // π − atan(|y|/|x|), kept as a double-double until the final rounding.
            let (s, e) = ExactArithmetic.twoSum(piHi, -hi)
            (hi, lo) = (s, e + piLo - lo)
        }
        return signOfY * (hi + lo)
    }

    /// asin x.
    ///
    /// - Parameter x: a value in [−1, 1].
    /// - Returns: asin x in [−π/2, π/2]; NaN for NaN or |x| > 1; asin(±0) = ±0.
    package static func asin(_ x: Double) -> Double {
        if x.isNaN || x == 0 { return x }
        let ax = Swift.abs(x)
        guard ax <= 1 else { return .nan }
        let (sh, sl) = cosineFromSine(ax)
        // asin x = atan(x / √(1 − x²)).
        let (h, l) = atanOfQuotient(ax, 0, sh, sl)
        let r = h + l
        return x < 0 ? -r : r
    }

    /// acos x.
    ///
    /// - Parameter x: a value in [−1, 1].
    /// - Returns: acos x in [0, π]; NaN for NaN or |x| > 1.
    package static func acos(_ x: Double) -> Double {
        if x.isNaN { return x }
        let ax = Swift.abs(x)
        guard ax <= 1 else { return .nan }
        let (sh, sl) = cosineFromSine(ax)
        // acos |x| = atan(√(1 − x²) / |x|);  acos(−|x|) = π − acos |x|.
        let (h, l) = atanOfQuotient(sh, sl, ax, 0)
        if x >= 0 { return h + l }
        let (s, e) = ExactArithmetic.twoSum(piHi, -h)
        return s + (e + piLo - l)
    }

    /// √(1 − a²) for a ∈ [0, 1] as a double-double.
    @inline(__always)
    static func cosineFromSine(_ a: Double) -> (hi: Double, lo: Double) {
        let wh: Double
        let wl: Double
        if a < 0.5 {
            // 1 − a² with a² split exactly; 1 ≥ a² so FastTwoSum is exact.
            let (p, pLow) = ExactArithmetic.twoProduct(a, a)
            let (s, e) = ExactArithmetic.fastTwoSum(1, -p)
            (wh, wl) = (s, e - pLow)
        } else {
            // (1 − a)(1 + a): 1 − a is exact (Sterbenz) and 1 + a is split exactly.
            let oneMinus = 1 - a
            let (bh, bl) = ExactArithmetic.fastTwoSum(1, a)
            let (p, pLow) = ExactArithmetic.twoProduct(oneMinus, bh)
            (wh, wl) = (p, pLow + oneMinus * bl)
        }
        return ExactArithmetic.squareRoot(wh, wl)
    }

    /// atan((nh + nl)/(dh + dl)) for a positive numerator and non-negative denominator, as a double-double in
    /// [0, π/2]. The smaller of the two is divided by the larger so the quotient is in [0, 1].
    static func atanOfQuotient(_ nh: Double, _ nl: Double, _ dh: Double, _ dl: Double) -> (hi: Double, lo: Double) {
        if nh <= dh {
            let (qh, ql) = ExactArithmetic.divide(nh, nl, dh, dl)
            return atanUnit(qh, ql)
        }
        let (qh, ql) = ExactArithmetic.divide(dh, dl, nh, nl)
        let (ah, al) = atanUnit(qh, ql)
        // π/2 − atan(1/q).
        let (s, e) = ExactArithmetic.twoSum(halfPiHi, -ah)
        return (s, e + halfPiLo - al)
    }

    /// atan(xh + xl) for xh ∈ [0, 1], as a double-double.
    ///
    /// With c = k/8 the nearest eighth, atan x = atan c + atan t, t = (x − c)/(1 + x·c), |t| ≤ 1/16; then
    /// atan t = t − t³/3 + … − t¹⁵/15 (the omitted t¹⁷/17 is below 2⁻⁶⁸·|t|).
    static func atanUnit(_ xh: Double, _ xl: Double) -> (hi: Double, lo: Double) {
        let k = Int((xh * 8).rounded())
        var th = xh
        var tl = xl
        var baseHi = 0.0
        var baseLo = 0.0
        if k > 0 {
            let c = Double(k) * 0.125
            // x − c is exact (Sterbenz: x ∈ [c − 1/16, c + 1/16] lies within a factor two of c ≥ 1/8).
            let nh = xh - c
            let (p, pLow) = ExactArithmetic.twoProduct(xh, c)
            let (dh, e) = ExactArithmetic.fastTwoSum(1, p)
            (th, tl) = ExactArithmetic.divide(nh, xl, dh, e + pLow + xl * c)
            (baseHi, baseLo) = atanTable(k)
        }
        let u = th * th
        // a(u) = −1/3 + u/5 − u²/7 + … − u⁶/15
        var a = -0.06666666666666667
        a = a * u + 0.07692307692307693
        a = a * u - 0.09090909090909091
        a = a * u + 0.1111111111111111
        a = a * u - 0.14285714285714285
        a = a * u + 0.2
        a = a * u - 0.3333333333333333
        let (s, err) = ExactArithmetic.twoSum(baseHi, th)
        // d(atan t)/dt = 1/(1 + t²) ≈ 1 − u multiplies the tiny tl.
        return (s, err + baseLo + (tl * (1 - u) + th * u * a))
    }

    /// atan(k/8) as a double-double, k ∈ 1…8.
    @inline(__always)
    static func atanTable(_ k: Int) -> (Double, Double) {
        switch k {
        case 1: return (atanTableHi.0, atanTableLo.0)
        case 2: return (atanTableHi.1, atanTableLo.1)
        case 3: return (atanTableHi.2, atanTableLo.2)
        case 4: return (atanTableHi.3, atanTableLo.3)
        case 5: return (atanTableHi.4, atanTableLo.4)
        case 6: return (atanTableHi.5, atanTableLo.5)
        case 7: return (atanTableHi.6, atanTableLo.6)
        default: return (atanTableHi.7, atanTableLo.7)
        }
    }

    // MARK: - Hypotenuse and cube root

    /// √(x² + y²) without undue overflow or underflow.
    ///
    /// - Parameters:
    ///   - x: one leg.
    ///   - y: the other leg.
    /// - Returns: the hypotenuse (error below 1 ulp); +∞ if either is infinite (even if the other is NaN, as C99);
    ///   NaN if either is NaN otherwise.
    package static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        if x.isNaN || y.isNaN { return .nan }
        var a = Swift.abs(x)
        var b = Swift.abs(y)
        if a < b { swap(&a, &b) }
        if b == 0 { return a }
        // Scale by an exact power of two so that a² neither overflows nor underflows.
        var scale = 1.0
        if a > 0x1p500 {
            scale = 0x1p600
            a *= 0x1p-600
            b *= 0x1p-600
        } else if a < 0x1p-500 {
            scale = 0x1p-600
            a *= 0x1p600
            b *= 0x1p600
        }
        let (aa, aaLow) = ExactArithmetic.twoProduct(a, a)
        let (bb, bbLow) = ExactArithmetic.twoProduct(b, b)
        let (sum, sumErr) = ExactArithmetic.fastTwoSum(aa, bb)
        let (h, l) = ExactArithmetic.squareRoot(sum, sumErr + aaLow + bbLow)
        return (h + l) * scale
    }

    /// The real cube root.
    ///
    /// - Parameter x: any value.
    /// - Returns: ∛x (odd: ∛(−8) = −2); ±0, ±∞ and NaN are returned unchanged. Error about 1 ulp.
    package static func cbrt(_ x: Double) -> Double {
        if !x.isFinite || x == 0 { return x }
        let ax = Swift.abs(x)
        // ax = m·2^(3q) with m ∈ [1, 8) (subnormals are first scaled up by 2⁵⁴ ⇒ result by 2¹⁸).
        var scaled = ax
        var resultScale = 0
        if scaled < Double.leastNormalMagnitude {
            scaled *= 0x1p54
            resultScale = -18
        }
        let exponent = Int(scaled.exponent)
        let q = exponent >= 0 ? exponent / 3 : -((-exponent + 2) / 3)
        let m = Double(sign: .plus, exponent: -3 * q, significand: scaled)
        // Newton on y³ = m from a linear first guess; quadratic convergence, 7 steps are plenty on [1, 8).
        var y = 0.7 + 0.2 * m
        for _ in 0..<7 {
            y -= (y * y * y - m) / (3 * y * y)
        }
        // One correction with the residual formed by FMAs for the last bit.
        let (y2, y2Low) = ExactArithmetic.twoProduct(y, y)
        let residual = (-m).addingProduct(y2, y) + y2Low * y
        y -= residual / (3 * y2)
        let r = Double(sign: .plus, exponent: q + resultScale, significand: y)
        return x < 0 ? -r : r
    }
}
