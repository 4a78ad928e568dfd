/// The shipped environments. Every number names its source or says that it is an assumption.
extension GPSEnvironment {
    /// Open sky: smartphone GPS is "typically accurate to within a 4.9 m radius under open sky" at 95 %
    /// (gps.gov, "GPS Accuracy", citing van Diggelen and Enge, ION GNSS+ 2015), so σ = 4.9 / 2.4477 = 2.0 m per
    /// axis. τ = 60 s is an assumption (issue #4: errors correlated over tens of seconds to minutes). No outliers,
    /// no dropouts (assumption: nothing to reflect from, nothing to block). Accuracy jitter 0.2 (assumption).
    package static let openSky = GPSEnvironment(
        name: "open-sky", sigmaMeters: sigma(fromR95Meters: 4.9), correlationTimeSeconds: 60, accuracyJitterLog: 0.2)

    /// Campus or suburban streets with three- to five-storey buildings (Penn's Locust Walk): σ = 5 m per axis
    /// (R68 7.5 m, R95 12 m), the low end of issue #4's "fixes wander 5–30 m" (assumption within that range);
    /// τ = 60 s (assumption); six multipath outliers an hour of mean 25 m lasting 20 s, half noticed in the
    /// accuracy (assumptions); one 10 s dropout an hour (assumption).
    package static let campus = GPSEnvironment(
        name: "campus", sigmaMeters: 5, correlationTimeSeconds: 60, accuracyJitterLog: 0.25, outlierRatePerHour: 6,
        outlierMeanMagnitudeMeters: 25, outlierMeanDurationSeconds: 20, outlierAccuracyAwareness: 0.5,
        dropoutRatePerHour: 1, dropoutMeanDurationSeconds: 10)

    /// Urban canyon (tall buildings both sides): σ = 12 m per axis (R95 29 m, the top of issue #4's 5–30 m);
    /// τ = 120 s, twenty outliers an hour of mean 40 m lasting 30 s, a third noticed, four 20 s dropouts an hour,
    /// accuracy reported 20 % optimistic (all assumptions).
    package static let urbanCanyon = GPSEnvironment(
        name: "urban-canyon", sigmaMeters: 12, correlationTimeSeconds: 120, accuracyConfidenceFactor: 0.8,
        accuracyJitterLog: 0.3, outlierRatePerHour: 20, outlierMeanMagnitudeMeters: 40, outlierMeanDurationSeconds: 30,
        outlierAccuracyAwareness: 0.33, dropoutRatePerHour: 4, dropoutMeanDurationSeconds: 20)

    /// Indoors, Wi-Fi positioning: σ = 20 m per axis (R68 30 m), errors that hold for minutes (τ = 300 s), accuracy
    /// reported twice the calibrated radius, about the 65 m Wi-Fi fixes Core Location typically reports indoors
    /// (assumption from common developer reports, not a measured figure); six 30 s dropouts an hour (assumption).
    package static let indoor = GPSEnvironment(
        name: "indoor", sigmaMeters: 20, correlationTimeSeconds: 300, accuracyConfidenceFactor: 2,
        accuracyJitterLog: 0.2, dropoutRatePerHour: 6, dropoutMeanDurationSeconds: 30)

    /// Every preset, in order of growing error.
    package static let presets: [GPSEnvironment] = [openSky, campus, urbanCanyon, indoor]

    /// The preset with this name, or `nil`.
    ///
    /// - Parameter name: "open-sky", "campus", "urban-canyon" or "indoor".
    /// - Returns: the preset.
    package static func preset(named name: String) -> GPSEnvironment? {
        presets.first { $0.name == name }
    }
}
