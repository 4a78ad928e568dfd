// MARK: - Gravity removal for raw accelerometer input

/// Removes gravity from raw accelerometer readings with a one-pole low-pass gravity estimate.
///
/// The estimate is the discrete RC low-pass (the standard backward-Euler discretisation of
/// τ·dĝ/dt = a − ĝ): ĝₙ = ĝₙ₋₁ + α (aₙ − ĝₙ₋₁), with α = Δt / (τ + Δt) computed from each sample's own Δt, so
/// irregular sampling is handled and a long gap (Δt ≫ τ) simply re-centres the estimate. The output is the
/// complementary high-pass aₙ − ĝₙ, i.e. an estimate of Core Motion's `userAcceleration`. The first sample
/// primes ĝ to itself (output 0) instead of ramping from zero, which would look like a 1 g jolt.
///
/// A sinusoid of frequency f leaks into ĝ with gain 1/√(1 + (2πfτ)²): for the default τ = 0.5 s a 4 Hz shake
/// moves the gravity estimate by about 8 % of its amplitude, while an orientation change is followed within a
/// few τ. Rotating the phone during a shake still leaves up to |Δgravity| in the output until ĝ catches up;
/// that is the price of not having a gyroscope here.
struct GravityHighPass: Sendable {
    // MARK: - State

    /// τ in seconds (validated positive and finite by the configuration).
    let timeConstantSeconds: Double
    private var gravityX = 0.0
    private var gravityY = 0.0
    private var gravityZ = 0.0
    private var primed = false

    // MARK: - Init

    /// A filter with time constant `timeConstantSeconds`, not yet primed.
    init(timeConstantSeconds: Double) {
        self.timeConstantSeconds = timeConstantSeconds
    }

    // MARK: - Filtering

    /// Updates the gravity estimate with one raw reading and returns the gravity-free acceleration.
    ///
    /// - Parameters:
    ///   - x: raw x in g.
    ///   - y: raw y in g.
    ///   - z: raw z in g.
    ///   - deltaSeconds: time since the previous accepted sample (≥ 0; ignored for the first sample).
    /// - Returns: (x, y, z) minus the updated gravity estimate, in g.
    @inline(__always)
    mutating func userAcceleration(
        x: Double, y: Double, z: Double,
        deltaSeconds: Double
    ) -> (x: Double, y: Double, z: Double) {
        if primed {
            let alpha = deltaSeconds / (timeConstantSeconds + deltaSeconds)
            gravityX += alpha * (x - gravityX)
            gravityY += alpha * (y - gravityY)
            gravityZ += alpha * (z - gravityZ)
        } else {
            gravityX = x
            gravityY = y
            gravityZ = z
            primed = true
        }
        return (x - gravityX, y - gravityY, z - gravityZ)
    }

    /// Forgets the estimate; the next sample primes it again.
    mutating func reset() {
        primed = false
        gravityX = 0
        gravityY = 0
        gravityZ = 0
    }
}
