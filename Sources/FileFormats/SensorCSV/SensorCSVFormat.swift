/// The name of a sensor CSV dialect, as reports print it ("Sensor Logger format") and tests compare it.
///
/// Each dialect declares its own value beside its type (``SensorLoggerDialect`` declares ``sensorLogger``), so
/// adding a dialect never edits this file.
package struct SensorCSVFormat: RawRepresentable, Sendable, Hashable {
    package let rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }
}
