/// The ranges every touch-gesture parameter is drawn from, uniform between min and max; all in points (pt)
/// and seconds. The defaults are assumptions sized for a phone screen (390 × 844 pt); see Docs/shake-study.md.
public struct TouchRanges: Sendable, Equatable {
    /// Scribble: length of each stroke, pt.
    public var scribbleStrokePoints = UniformRange(60, 200)
    /// Scribble: strokes per second (each stroke ends in a reversal).
    public var scribbleStrokesPerSecond = UniformRange(3, 8)
    /// Scribble: number of strokes.
    public var scribbleStrokes = UniformRange(4, 10)
    /// Scribble: drift perpendicular to the strokes over the whole scribble, pt.
    public var scribbleDriftPoints = UniformRange(0, 80)
    /// Tap: duration, s.
    public var tapSeconds = UniformRange(0.05, 0.15)
    /// Tap: jitter (standard deviation of each point), pt.
    public var tapJitterPoints = UniformRange(0.5, 3)
    /// Swipe: length, pt.
    public var swipePoints = UniformRange(100, 300)
    /// Swipe: duration, s.
    public var swipeSeconds = UniformRange(0.1, 0.3)
    /// Scroll: length, pt.
    public var scrollPoints = UniformRange(150, 600)
    /// Scroll: duration, s.
    public var scrollSeconds = UniformRange(0.3, 1.0)
    /// Scroll: sideways wobble amplitude, pt.
    public var scrollWobblePoints = UniformRange(0, 8)
    /// Circle: radius, pt.
    public var circleRadiusPoints = UniformRange(40, 120)
    /// Circle: duration of the loop, s.
    public var circleSeconds = UniformRange(0.5, 1.2)
    /// Signature: width, pt.
    public var signatureWidthPoints = UniformRange(150, 300)
    /// Signature: duration, s.
    public var signatureSeconds = UniformRange(1, 3)
    /// Signature: letter height (loop amplitude), pt.
    public var signatureLetterPoints = UniformRange(10, 30)
    /// Signature: letter loops per second.
    public var signatureLettersPerSecond = UniformRange(2, 5)

    public init() {}
}
