import Foundation
import Testing

@testable import FileFormats

/// One header in an app's layout, and the dialect it belongs to (nil: no dialect's).
struct HeaderFixture: Sendable, CustomTestStringConvertible {
    let format: SensorCSVFormat?
    let header: String
    let fileName: String
    /// Where the layout comes from.
    let note: String

    var testDescription: String { "\(format?.rawValue ?? "unknown"): \(note)" }
}

/// The dialect family: every recogniser over every dialect's header fixtures, so a new dialect cannot be swallowed
/// by an older one (nor swallow it), and the headers no dialect reads are refused by name.
@Suite struct SensorCSVDialectTests {
    /// Headers copied from the real exports listed in `../shared/realdata/SOURCES.md` (layouts only; the files
    /// themselves are not in the project), plus the layouts the readers document.
    static let fixtures: [HeaderFixture] = [
        HeaderFixture(
            format: .sensorLogger, header: "time,seconds_elapsed,z,y,x", fileName: "Gyroscope.csv",
            note: "Sensor Logger 1.10.4 iOS Gyroscope.csv"),
        HeaderFixture(
            format: .sensorLogger, header: "time,seconds_elapsed,z,y,x", fileName: "AccelerometerUncalibrated.csv",
            note: "Sensor Logger 1.60 Android"),
        HeaderFixture(
            format: .sensorLogger, header: "time,seconds_elapsed,qz,qy,qx,qw,roll,pitch,yaw", fileName: "Orientation.csv",
            note: "Sensor Logger Orientation.csv"),
        HeaderFixture(
            format: .sensorLogger,
            header: "time,seconds_elapsed,altitude,speedAccuracy,bearingAccuracy,latitude,altitudeAboveMeanSeaLevel,"
                + "bearing,horizontalAccuracy,verticalAccuracy,longitude,speed",
            fileName: "Location.csv", note: "Sensor Logger 1.13 iOS Location.csv"),
        HeaderFixture(
            format: .sensorLogger, header: "time,seconds_elapsed,relativeAltitude,pressure", fileName: "Barometer.csv",
            note: "Sensor Logger Barometer.csv"),
        HeaderFixture(
            format: .sensorLogger, header: "time,z,y,x", fileName: "Gyroscope.csv",
            note: "Sensor Logger columns with the time in ns only"),
        HeaderFixture(
            format: .phyphox, header: "\"Time (s)\";\"X (rad/s)\";\"Y (rad/s)\";\"Z (rad/s)\"", fileName: "Gyroscope.csv",
            note: "phyphox 1.1.16, semicolons"),
        HeaderFixture(
            format: .phyphox,
            header: "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\",\"Absolute (rad/s)\"",
            fileName: "data.csv", note: "phyphox classic"),
        HeaderFixture(
            format: .phyphox,
            header: "\"Time (s)\"\t\"Linear Acceleration x (m/s^2)\"\t\"Linear Acceleration y (m/s^2)\"\t"
                + "\"Linear Acceleration z (m/s^2)\"\t\"Absolute acceleration (m/s^2)\"",
            fileName: "Aceleracin sin g 2025-07-23 19-57-34.zip", note: "phyphox 1.2.0, tabs, in a zip"),
        HeaderFixture(
            format: .phyphox,
            header: "\"Time (s),\"\"Linear Acceleration x (m/s^2)\"\",\"\"Linear Acceleration y (m/s^2)\"\","
                + "\"\"Linear Acceleration z (m/s^2)\"\"\"",
            fileName: "PI.csv", note: "phyphox resaved by Excel"),
        HeaderFixture(
            format: .phyphox,
            header: "\"Time (s)\",\"Latitude (°)\",\"Longitude (°)\",\"Height (m)\",\"Velocity (m/s)\",\"Direction (°)\","
                + "\"Horizontal Accuracy (m)\",\"Vertical Accuracy (°)\"",
            fileName: "Location.csv", note: "phyphox 1.1.16 iOS Location"),
        HeaderFixture(
            format: .sensorLog,
            header: "loggingTime(txt),loggingSample(N),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G),"
                + "accelerometerAccelerationY(G),accelerometerAccelerationZ(G),gyroTimestamp_sinceReboot(s),"
                + "gyroRotationX(rad/s),gyroRotationY(rad/s),gyroRotationZ(rad/s),motionTimestamp_sinceReboot(s),"
                + "motionRotationRateX(rad/s),motionRotationRateY(rad/s),motionRotationRateZ(rad/s)",
            fileName: "sensorlog.csv", note: "SensorLog"),
        HeaderFixture(
            format: .physicsToolbox, header: "time,gFx,gFy,gFz", fileName: "g-force.csv",
            note: "Physics Toolbox g-force meter"),
        HeaderFixture(
            format: .physicsToolbox, header: "time,gFx,gFy,gFz,TgF", fileName: "Physics Toolbox.csv",
            note: "Physics Toolbox g-force meter with the total"),
        HeaderFixture(format: .generic, header: "t_s,x,y,z", fileName: "gyro-generic-degps.csv", note: "generic"),
        HeaderFixture(format: .generic, header: "t_s,x,y", fileName: "short.csv", note: "generic missing z"),
        HeaderFixture(
            format: nil, header: "time (seconds),x,y,z", fileName: "shake_data.csv", note: "micro:bit milli-g"),
        HeaderFixture(
            format: .coreMotion,
            header: ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,"
                + "rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z",
            fileName: "wlk_7_sub_1.csv", note: "MotionSense (no time column: read with --rate, refused without)"),
        HeaderFixture(
            format: .coreMotion, header: "acceleration_x,acceleration_y,acceleration_z,timestamp", fileName: "motion.csv",
            note: "a student data-collection app writing CMAccelerometerData, time last"),
        HeaderFixture(
            format: .coreMotion,
            header: "timestamp,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,"
                + "userAcceleration.z", fileName: "devicemotion.csv", note: "CMDeviceMotion properties with timestamp"),
        HeaderFixture(format: nil, header: "time,a,b,c", fileName: "Gyroscope.csv", note: "time without axes"),
    ]

    @Test(arguments: fixtures)
    func exactlyItsOwnDialectRecognisesAHeader(fixture: HeaderFixture) {
        let header = SensorCSVHeader(line: fixture.header, fileName: fixture.fileName)
        let claimants = SensorCSVDialects.all.filter { $0.recognise(header) == .mine }.map { $0.format }
        #expect(claimants == (fixture.format.map { [$0] } ?? []), "\(fixture.header)")
    }

    /// Every registered dialect has header fixtures above, and no two share a name.
    @Test func everyDialectHasFixturesAndItsOwnName() {
        let formats = SensorCSVDialects.all.map { $0.format }
        #expect(Set(formats).count == formats.count)
        for format in formats {
            #expect(Self.fixtures.contains { $0.format == format }, "no header fixture for \(format.rawValue)")
        }
        #expect(
            SensorCSVDialects.listing == "Sensor Logger, phyphox, SensorLog, Physics Toolbox, Core Motion field names, or generic t_s,x,y,z"
        )
    }

    /// The help's FORMATS section comes from the registry: the four dialects' lines as the help printed them before
    /// the family (as the recorded help of `allan` had them at f1c9617), plus Physics Toolbox's.
    @Test func formatsHelpListsEveryDialect() {
        let expected = """
            FORMATS (detected from the header and file name; a file of another sensor is refused):
              Sensor Logger           time, seconds_elapsed, z, y, x; the sensor from the file name
                                      (Gyroscope.csv, Accelerometer.csv, ...), units from its UNITS.md
                                      and Metadata.csv; also its zip export.
              phyphox                 "Time (s)", "X (rad/s)" or "Gyroscope x (rad/s)", ...; unit from the
                                      header; ',' ';' or tab; also its zip export (Raw Data.csv).
              SensorLog               gyroRotationX(rad/s), motionUserAccelerationX(G), ...
              Physics Toolbox         time, gFx, gFy, gFz (s, g): an accelerometer, gravity included.
              Core Motion             rotationRate.x, userAcceleration.x, acceleration.x (or _x) with
                                      timestamp or time in seconds; rad/s and g, as Core Motion reports;
                                      no time column (MotionSense, 50 Hz): give --rate HZ.
              generic                 t_s,x,y,z (seconds); the unit must be given with --unit.
            """
        #expect(SensorCSVDialects.formatsHelp == expected)
    }

    @Test(arguments: fixtures.filter { $0.format == nil })
    func anUnknownHeaderIsRefusedNamingWhatItSaw(fixture: HeaderFixture) {
        let names = SensorCSVLayout.fields(fixture.header).names
        let shown = names.prefix(6).joined(separator: ",") + (names.count > 6 ? ",…" : "")
        #expect(
            throws: InputError(
                file: "f.csv", line: 1, field: "header",
                problem: "not a known sensor CSV layout (Sensor Logger, phyphox, SensorLog, Physics Toolbox, Core Motion field "
                    + "names, or generic t_s,x,y,z): header \"\(shown)\"")
        ) {
            try SensorCSVLayout.detect(
                header: fixture.header, file: "f.csv", fileName: fixture.fileName, metadata: nil, declaredUnit: .radPerSec,
                need: SensorCSVReader.gyroscopeNeed)
        }
    }

    /// The bug this family fixed: Sensor Logger's rule claimed any header starting with `time`, so a Physics
    /// Toolbox file was refused for a missing "x". It is now read: time in s, gFx/gFy/gFz in g (the internal unit,
    /// so the values pass unchanged), gravity included.
    @Test func physicsToolboxIsReadAsRawAcceleration() throws {
        let path = try RecordingImportTests.write(
            "time,gFx,gFy,gFz,TgF\n0.003,0.012,-0.034,0.998,0.999\n0.013,0.010,-0.030,1.002,1.003\n",
            name: "Physics Toolbox g-force.csv")
        struct Keep: SampleSink {
            var rows: [[Double]] = []
            mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) { rows.append([timeSeconds, x, y, z]) }
        }
        var sink = Keep()
        let info = try SensorCSVReader.read(
            path: path, declaredUnit: nil, need: SensorNeed(.acceleration(includesGravity: true), consumer: "the shake replay"),
            into: &sink)
        #expect(info.format == .physicsToolbox && info.sensor == .accelerationWithGravity && info.unit == .g)
        #expect(info.unitSource == "Physics Toolbox g-force (g)")
        #expect(sink.rows == [[0.003, 0.012, -0.034, 0.998], [0.013, 0.010, -0.030, 1.002]])
        // A command needing user acceleration or a gyroscope refuses it, naming what it is.
        do {
            _ = try SensorRecording.load(path: path, declaredUnit: nil, consumer: "allan")
            Issue.record("read a g-force file as a gyroscope")
        } catch {
            #expect(
                error.problem
                    == "is a Physics Toolbox accelerometer (gravity included) recording (gFx, gFy, gFz columns); "
                    + "allan needs a gyroscope (rotation rate, rad/s or deg/s)")
        }
        // --unit replaces the unit within the quantity: m/s² is read (1 m/s² = 1/9.80665 g), rad/s refused.
        var scaled = Keep()
        _ = try SensorCSVReader.read(
            path: path, declaredUnit: .metersPerSecondSquared, need: SensorNeed(.acceleration(includesGravity: nil), consumer: "t"),
            into: &scaled)
        #expect(scaled.rows[0][3] == 0.998 * (1 / 9.80665))
        #expect(throws: InputError.self) {
            var s = Keep()
            _ = try SensorCSVReader.read(
                path: path, declaredUnit: .radPerSec, need: SensorNeed(.acceleration(includesGravity: nil), consumer: "t"),
                into: &s)
        }
    }

    /// Core Motion field names (issue 28): a student app's `acceleration_x,…,timestamp` is raw acceleration in g
    /// (CMAccelerometerData), time last in seconds since boot; device motion gives the gyroscope and user
    /// acceleration; MotionSense's layout is refused for its missing time, by name. Values by hand from the rows.
    @Test func coreMotionFieldNamesAreRead() throws {
        struct Keep: SampleSink {
            var rows: [[Double]] = []
            mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) { rows.append([timeSeconds, x, y, z]) }
        }
        let raw = try RecordingImportTests.write(
            "acceleration_x,acceleration_y,acceleration_z,timestamp\n0.01,-0.02,-0.99,1034.12\n0.5,0.25,-2.1,1034.14\n",
            name: "motion.csv")
        var sink = Keep()
        let info = try SensorCSVReader.read(
            path: raw, declaredUnit: nil, need: SensorNeed(.acceleration(includesGravity: true), consumer: "t"), into: &sink)
        #expect(info.format == .coreMotion && info.sensor == .accelerationWithGravity && info.unit == .g)
        #expect(sink.rows.map { Array($0.dropFirst()) } == [[0.01, -0.02, -0.99], [0.5, 0.25, -2.1]])
        #expect(abs((sink.rows[1][0] - sink.rows[0][0]) - 0.02) < 1e-9)
        // The same file for a detector of user acceleration: refused, naming what it holds.
        do {
            var s = Keep()
            _ = try SensorCSVReader.read(
                path: raw, declaredUnit: nil, need: SensorNeed(.acceleration(includesGravity: false), consumer: "the replay"),
                into: &s)
            Issue.record("read raw acceleration as user acceleration")
        } catch {
            #expect(error.problem.hasPrefix("is a Core Motion accelerometer (gravity included) recording (acceleration_x columns)"))
        }
        let motion = try RecordingImportTests.write(
            "timestamp,rotationRate.x,rotationRate.y,rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
                + "2.00,0.1,0.2,0.3,0.01,0.02,0.03\n2.02,0.1,0.2,0.3,0.01,0.02,0.03\n", name: "devicemotion.csv")
        var gyro = Keep()
        let g = try SensorCSVReader.read(path: motion, declaredUnit: nil, need: SensorCSVReader.gyroscopeNeed, into: &gyro)
        #expect(g.sensor == .gyroscope && g.unit == .radPerSec && gyro.rows[0].dropFirst() == [0.1, 0.2, 0.3])
        var user = Keep()
        let u = try SensorCSVReader.read(
            path: motion, declaredUnit: nil, need: SensorNeed(.acceleration(includesGravity: nil), consumer: "t"), into: &user)
        #expect(u.sensor == .accelerationWithoutGravity && user.rows[0].dropFirst() == [0.01, 0.02, 0.03])
        let motionSense = try RecordingImportTests.write(
            ",attitude.roll,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,rotationRate.z\n0,0.1,0,1,0,0.01,0.02,0.03\n",
            name: "sit_5_sub_1.csv")
        do {
            var s = Keep()
            _ = try SensorCSVReader.read(path: motionSense, declaredUnit: nil, need: SensorCSVReader.gyroscopeNeed, into: &s)
            Issue.record("read a file without times")
        } catch {
            #expect(
                error.problem
                    == "is a Core Motion CSV without a time column (MotionSense's layout: a row index and no timestamps); "
                    + "each sample's time is needed: give the sample rate with --rate HZ, or add a \"timestamp\" column "
                    + "in seconds (CMLogItem.timestamp); MotionSense records at 50 Hz (its README): --rate 50")
        }
    }

    /// Detection results per dialect: columns, time and unit as each dialect's documentation says.
    @Test func layoutsFollowEachDialectsColumns() throws {
        let gyro = SensorCSVReader.gyroscopeNeed
        func layout(_ h: String, _ name: String, unit: RecordingUnit? = nil) throws -> SensorCSVLayout {
            try SensorCSVLayout.detect(header: h, file: name, fileName: name, metadata: nil, declaredUnit: unit, need: gyro)
        }
        // Sensor Logger: axes in reverse order; seconds_elapsed is the time; rad/s from UNITS.md.
        let logger = try layout("time,seconds_elapsed,z,y,x", "Gyroscope.csv")
        #expect(logger.timeColumn == 1 && !logger.timeIsNanoseconds && logger.axisColumns == (4, 3, 2))
        #expect(logger.unit == .radPerSec && logger.unitSource == "Sensor Logger UNITS.md")
        // Without seconds_elapsed the time is `time` in ns.
        let ns = try layout("time,z,y,x", "Gyroscope.csv")
        #expect(ns.timeColumn == 0 && ns.timeIsNanoseconds)
        // phyphox 1.1.16: semicolons, unit from the header.
        let phyphox = try layout("\"Time (s)\";\"X (rad/s)\";\"Y (rad/s)\";\"Z (rad/s)\"", "Gyroscope.csv")
        #expect(phyphox.separator == UInt8(ascii: ";") && phyphox.axisColumns == (1, 2, 3) && phyphox.unit == .radPerSec)
        // SensorLog: gyroRotation preferred to motionRotationRate for a gyroscope.
        let sensorLog = try layout(Self.fixtures.first { $0.format == .sensorLog }!.header, "sensorlog.csv")
        #expect(sensorLog.timeColumn == 6 && sensorLog.axisColumns == (7, 8, 9) && sensorLog.unit == .radPerSec)
        // generic: --unit required, and names the quantity.
        let generic = try layout("t_s,x,y,z", "g.csv", unit: .degPerSec)
        #expect(generic.format == .generic && generic.sensor == .gyroscope && generic.unitSource == "--unit")
        #expect(
            throws: InputError(
                file: "g.csv", line: 1, field: "header",
                problem: "the generic format t_s,x,y,z carries no unit: declare it with --unit rad/s|deg/s|g|m/s2")
        ) { try layout("t_s,x,y,z", "g.csv") }
    }
}
