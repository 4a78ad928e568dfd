/// Sine and cosine of angles given in degrees, exact at multiples of 90°.
///
/// The angle is first reduced exactly (IEEE remainder by 360, then by the nearest multiple of 90, both exact in
/// binary floating point), so sin 180° is exactly 0 and cos 90° exactly 0. That exactness is what lets the geodesic
/// code recognise meridians and the equator.
enum DegreeTrigonometry {
    /// (sin, cos) of `degrees`; NaN for non-finite input.
    static func sinCos(_ degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.isFinite else { return (.nan, .nan) }
        var r = degrees.remainder(dividingBy: 360)
        let q = (r / 90).rounded()
        // r − 90q is exact: both are multiples of ulp(r) and the result is smaller than r.
        r -= 90 * q
        let (s, c) = Elementary.sinCos(Angle.radians(r))
        switch Int(q) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
