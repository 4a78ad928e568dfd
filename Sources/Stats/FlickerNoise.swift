internal import CGSL

/// True flicker (1/f) rate noise, the bias instability of IEEE Std 952, by Kasdin's fractional-differencing filter
/// (N. J. Kasdin, "Discrete simulation of colored noise and stochastic processes and 1/f^α power law noise
/// generation", Proc. IEEE 83(5), 1995, eq. 116): x = (1 − z⁻¹)^(−α/2) w with α = 1, i.e.
/// x_n = Σ_k h_k w_(n−k), h_0 = 1, h_k = h_(k−1)·(k − ½)/k, w white with standard deviation b.
///
/// Its spectrum per radian is b²/|2 sin(ω/2)|, so at low frequency the two-sided density is b²/(2πf): the bias
/// instability B = b, whose Allan deviation is flat at B·√(2 ln 2/π) ≈ 0.664 B at every sample interval (a flicker
/// floor does not depend on τ₀). The discrete process's Allan variance at m samples is
/// (b²/π) ∫₀^π sin⁴(mω/2)/(m² sin³(ω/2)) dω, within 1% of the floor from m = 64.
///
/// The process has no stationary start: the filter runs over a burn-in of `count` samples before the kept ones. The
/// inputs before it would add to the Allan variance at m samples a share of order m²/(11·count²) of the floor (the
/// missing tail's increments at lags n ≥ count have variance of order b²·m²/(8πn²)): about 0.1% at a tenth of the
/// record.
/// The convolution is done through GSL's radix-2 FFT (O(n log n); a direct sum would be O(n²)).
package enum FlickerNoise {
    /// `count` samples of flicker noise of bias instability `b` (the samples' unit), drawn from `stream`
    /// (2·`count` Gaussian draws).
    package static func samples(count: Int, b: Double, stream: RandomStream) throws -> [Double] {
        guard count > 0, count <= 1 << 26 else {
            throw StatsError.invalidInput("flicker noise: count must be 1…\(1 << 26), got \(count)")
        }
        guard b.isFinite, b >= 0 else { throw StatsError.invalidInput("flicker noise: b must be finite and ≥ 0, got \(b)") }
        let total = 2 * count
        var h = [Double](repeating: 0, count: total)
        h[0] = 1
        for k in 1..<total { h[k] = h[k - 1] * (Double(k) - 0.5) / Double(k) }
        let w = (0..<total).map { _ in stream.gaussian(sigma: b) }
        let x = try linearConvolution(h, w, outputs: total)
        return Array(x[count..<total])
    }

    /// The first `outputs` terms of the linear convolution (a ∗ b)_n = Σ_k a_k b_(n−k), through the FFT on a
    /// zero-padded power-of-two length (no wrap-around reaches the kept terms).
    package static func linearConvolution(_ a: [Double], _ b: [Double], outputs: Int) throws -> [Double] {
        GSLRuntime.ensureReady()
        var size = 1
        while size < a.count + b.count { size <<= 1 }
        // GSL's packed complex arrays: re, im interleaved.
        var fa = [Double](repeating: 0, count: 2 * size)
        var fb = [Double](repeating: 0, count: 2 * size)
        for (i, v) in a.enumerated() { fa[2 * i] = v }
        for (i, v) in b.enumerated() { fb[2 * i] = v }
        try fa.withUnsafeMutableBufferPointer { p throws(StatsError) in
            try GSLRuntime.check(gsl_fft_complex_radix2_forward(p.baseAddress, 1, size), "gsl_fft_complex_radix2_forward")
        }
        try fb.withUnsafeMutableBufferPointer { p throws(StatsError) in
            try GSLRuntime.check(gsl_fft_complex_radix2_forward(p.baseAddress, 1, size), "gsl_fft_complex_radix2_forward")
        }
        for k in 0..<size {
            let (ar, ai, br, bi) = (fa[2 * k], fa[2 * k + 1], fb[2 * k], fb[2 * k + 1])
            fa[2 * k] = ar * br - ai * bi
            fa[2 * k + 1] = ar * bi + ai * br
        }
        try fa.withUnsafeMutableBufferPointer { p throws(StatsError) in
            try GSLRuntime.check(gsl_fft_complex_radix2_inverse(p.baseAddress, 1, size), "gsl_fft_complex_radix2_inverse")
        }
        return (0..<min(outputs, size)).map { fa[2 * $0] }
    }
}
