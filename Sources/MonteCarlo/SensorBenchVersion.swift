/// The program's version, written into `--version` output and into partial-result files.
package enum SensorBenchVersion {
    package static let current = "0.1.0"
}
