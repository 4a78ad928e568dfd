/// The FORMATS section of the help of the commands that read a sensor recording (`allan`, `calibrate`, `replay`).
enum RecordingFormats {
    static let helpSection = """
        FORMATS (detected from the header and file name; a file of another sensor is refused):
          Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                  (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                  and Metadata.csv; also its zip export.
          phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                  header; ',' ';' or tab; also its zip export (Raw Data.csv).
          SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
          generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
        """
}
