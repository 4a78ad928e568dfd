/// The program's version, written into `--version` output and into partial-result files.
public enum SensorBenchVersion {
    public static let current = "0.1.0"
}
