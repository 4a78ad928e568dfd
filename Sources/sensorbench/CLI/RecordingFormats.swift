import FileFormats

/// The FORMATS section of the help of the commands that read a sensor recording (`allan`, `calibrate`, `replay`).
enum RecordingFormats {
    /// From the dialect registry, so a new file dialect appears in help without an edit here.
    static let helpSection = SensorCSVDialects.formatsHelp
}
