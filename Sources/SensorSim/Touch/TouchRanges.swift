/// The ranges every touch-gesture parameter is drawn from, uniform between min and max; all in points (pt)
/// and seconds. The defaults are assumptions sized for a phone screen (390 × 844 pt); see the README (shake study).
package struct TouchRanges: Sendable, Equatable {
    /// Scribble: length of each stroke, pt.
    package var scribbleStrokePoints = UniformRange(60, 200)
    /// Scribble: strokes per second (each stroke ends in a reversal).
    package var scribbleStrokesPerSecond = UniformRange(3, 8)
    /// Scribble: number of strokes.
    package var scribbleStrokes = UniformRange(4, 10)
    /// Scribble: drift perpendicular to the strokes over the whole scribble, pt.
    package var scribbleDriftPoints = UniformRange(0, 80)
    /// Tap: duration, s.
    package var tapSeconds = UniformRange(0.05, 0.15)
    /// Tap: jitter (standard deviation of each point), pt.
    package var tapJitterPoints = UniformRange(0.5, 3)
    /// Swipe: length, pt.
    package var swipePoints = UniformRange(100, 300)
    /// Swipe: duration, s.
    package var swipeSeconds = UniformRange(0.1, 0.3)
    /// Scroll: length, pt.
    package var scrollPoints = UniformRange(150, 600)
    /// Scroll: duration, s.
    package var scrollSeconds = UniformRange(0.3, 1.0)
    /// Scroll: sideways wobble amplitude, pt.
    package var scrollWobblePoints = UniformRange(0, 8)
    /// Circle: radius, pt.
    package var circleRadiusPoints = UniformRange(40, 120)
    /// Circle: duration of the loop, s.
    package var circleSeconds = UniformRange(0.5, 1.2)
    /// Signature: width, pt.
    package var signatureWidthPoints = UniformRange(150, 300)
    /// Signature: duration, s.
    package var signatureSeconds = UniformRange(1, 3)
    /// Signature: letter height (loop amplitude), pt.
    package var signatureLetterPoints = UniformRange(10, 30)
    /// Signature: letter loops per second.
    package var signatureLettersPerSecond = UniformRange(2, 5)

    package init() {}

    // MARK: - Vocabulary

    /// One drawable parameter: its gesture kind, scenario name (`gestures.<kind>.<name>`, the same name the
    /// gesture's `parameters` use), unit, the limits a scenario may give, and where it lives.
    package struct Field: Sendable {
        package let kind: TouchGestureKind
        package let name: String
        package let unit: String
        package let limits: ClosedRange<Double>
        package let keyPath: WritableKeyPath<TouchRanges, UniformRange> & Sendable
    }

    /// Every parameter, in documentation order. Limits are generous bounds that keep every gesture drawable
    /// (durations and rates above 0, at least one stroke), not defaults.
    package static let fields: [Field] = [
        Field(kind: .scribble, name: "strokePoints", unit: "pt", limits: 0...10_000, keyPath: \.scribbleStrokePoints),
        Field(
            kind: .scribble, name: "strokesPerSecond", unit: "1/s", limits: 0.1...50,
            keyPath: \.scribbleStrokesPerSecond),
        Field(kind: .scribble, name: "strokes", unit: "strokes", limits: 1...1000, keyPath: \.scribbleStrokes),
        Field(kind: .scribble, name: "driftPoints", unit: "pt", limits: 0...10_000, keyPath: \.scribbleDriftPoints),
        Field(kind: .tap, name: "seconds", unit: "s", limits: 0.001...60, keyPath: \.tapSeconds),
        Field(kind: .tap, name: "jitterPoints", unit: "pt", limits: 0...1000, keyPath: \.tapJitterPoints),
        Field(kind: .swipe, name: "points", unit: "pt", limits: 0...10_000, keyPath: \.swipePoints),
        Field(kind: .swipe, name: "seconds", unit: "s", limits: 0.001...60, keyPath: \.swipeSeconds),
        Field(kind: .scroll, name: "points", unit: "pt", limits: 0...10_000, keyPath: \.scrollPoints),
        Field(kind: .scroll, name: "seconds", unit: "s", limits: 0.001...60, keyPath: \.scrollSeconds),
        Field(kind: .scroll, name: "wobblePoints", unit: "pt", limits: 0...1000, keyPath: \.scrollWobblePoints),
        Field(kind: .circle, name: "radiusPoints", unit: "pt", limits: 0...10_000, keyPath: \.circleRadiusPoints),
        Field(kind: .circle, name: "seconds", unit: "s", limits: 0.001...60, keyPath: \.circleSeconds),
        Field(kind: .signature, name: "widthPoints", unit: "pt", limits: 0...10_000, keyPath: \.signatureWidthPoints),
        Field(kind: .signature, name: "seconds", unit: "s", limits: 0.001...60, keyPath: \.signatureSeconds),
        Field(kind: .signature, name: "letterPoints", unit: "pt", limits: 0...1000, keyPath: \.signatureLetterPoints),
        Field(
            kind: .signature, name: "lettersPerSecond", unit: "1/s", limits: 0.1...50,
            keyPath: \.signatureLettersPerSecond),
    ]

    /// The range of `kind`'s parameter `name`, or nil when there is no such parameter.
    package func range(_ kind: TouchGestureKind, _ name: String) -> UniformRange? {
        Self.fields.first { $0.kind == kind && $0.name == name }.map { self[keyPath: $0.keyPath] }
    }
}
