import Testing

@testable import DetectionCore

@Suite struct AngleTests {
    // Expected values by hand: 3π ≡ π, −π maps to +π (half-open interval), 7π/2 ≡ −π/2.
    @Test(arguments: [
        (3 * Double.pi, Double.pi),
        (-Double.pi, Double.pi),
        (7 * Double.pi / 2, -Double.pi / 2),
        (0.25, 0.25),
    ])
    func wrapsIntoHalfOpenInterval(input: Double, expected: Double) {
        let wrapped = Angle.wrapped(input)!
        #expect(abs(wrapped - expected) < 1e-12)
        #expect(wrapped > -Double.pi && wrapped <= Double.pi)
    }

    @Test func refusesNonFinite() {
        #expect(Angle.wrapped(.nan) == nil)
        #expect(Angle.wrapped(.infinity) == nil)
    }
}
