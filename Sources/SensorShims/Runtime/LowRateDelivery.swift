// MARK: - What a phone hands an app that asked for fewer samples than the sensor makes

/// How a motion manager whose update interval is longer than the stream's sample period is fed.
///
/// The grader's motion streams are at 100 Hz. An app that sets `accelerometerUpdateInterval = 0.2` (5 Hz) gets
/// one update every 0.2 s. Apple documents that the interval is "capped to minimum and maximum values" and that
/// the pull interface's `accelerometerData` is "the latest sample"; it does not say whether a push update at a
/// low rate carries one sample or a filtered one. SensorBench's default is ``latest`` (the sensor hub hands over
/// the most recent sample at each tick, as the pull property is documented to), and ``average`` is the other
/// model, selectable per submission (`"lowRateDelivery"`) to show how much a grade depends on the choice.
public enum LowRateDelivery: String, Sendable, CaseIterable {
    /// At each tick, the most recent sample (sample and hold; samples between ticks are dropped).
    case latest
    /// At each tick, the mean of the samples since the previous tick (the tick's own sample included).
    case average
}
