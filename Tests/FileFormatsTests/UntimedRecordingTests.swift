import Foundation
import Testing

@testable import FileFormats

/// `--rate` (issue 28): a recording without a time column (MotionSense) is timed by its sample rate, and refused
/// without one, by name; a file with times is refused with it.
@Suite struct UntimedRecordingTests {
    struct Keep: SampleSink {
        var rows: [[Double]] = []
        mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double) { rows.append([timeSeconds, x, y, z]) }
    }

    /// MotionSense's header (copied from the data set's `wlk_7/sub_1.csv`) and three rows in its layout.
    static let motionSense =
        ",attitude.roll,attitude.pitch,attitude.yaw,gravity.x,gravity.y,gravity.z,rotationRate.x,rotationRate.y,"
        + "rotationRate.z,userAcceleration.x,userAcceleration.y,userAcceleration.z\n"
        + "0,-1.7,-1.4,-2.6,-0.14,0.99,0.02,-0.35,-0.51,-0.87,0.09,0.42,0.09\n"
        + "1,-1.8,-1.4,-2.6,-0.15,0.99,0.03,-0.55,-2.24,-0.58,0.37,0.005,-0.11\n"
        + "2,-1.9,-1.4,-2.7,-0.16,0.99,0.05,-0.93,-1.36,-0.5,0.17,-0.22,-0.16\n"

    /// At 50 Hz (MotionSense's README) sample k is at k / 50 s: 0, 0.02, 0.04; user acceleration in g and the
    /// rotation rate in rad/s are the file's columns as written.
    @Test func motionSenseIsReadAtItsRate() throws {
        let path = try RecordingImportTests.write(Self.motionSense, name: "wlk_7_sub_1.csv")
        var user = Keep()
        let u = try SensorCSVReader.read(
            path: path, declaredUnit: nil, rateHz: 50, need: SensorNeed(.acceleration(includesGravity: false), consumer: "t"),
            into: &user)
        #expect(u.format == .coreMotion && u.sensor == .accelerationWithoutGravity && u.unit == .g)
        #expect(user.rows == [[0, 0.09, 0.42, 0.09], [0.02, 0.37, 0.005, -0.11], [0.04, 0.17, -0.22, -0.16]])
        #expect(u.firstTimeSeconds == 0 && u.lastTimeSeconds == 0.04 && u.sampleCount == 3)
        let gyro = try SensorRecording.load(path: path, declaredUnit: nil, rateHz: 50)
        #expect(gyro.info.sensor == .gyroscope && gyro.info.unit == .radPerSec)
        #expect(gyro.x == [-0.35, -0.55, -0.93] && gyro.z == [-0.87, -0.58, -0.5])
        // 2 intervals over 0.04 s: 0.02 s each.
        #expect(gyro.info.meanIntervalSeconds == 0.02)
    }

    /// A reader of raw readings (gravity included) gets userAcceleration + gravity, column by column (Core Motion's
    /// device motion splits the accelerometer's reading into these two); a reader that takes either still gets the user
    /// acceleration. Expected rows: the file's two triples added by hand, in the reader's order (user + gravity).
    @Test func motionSenseGravityIsAddedBackForRawReadings() throws {
        let path = try RecordingImportTests.write(Self.motionSense, name: "wlk_7_sub_1.csv")
        var raw = Keep()
        let r = try SensorCSVReader.read(
            path: path, declaredUnit: nil, rateHz: 50, need: SensorNeed(.acceleration(includesGravity: true), consumer: "t"),
            into: &raw)
        #expect(r.format == .coreMotion && r.sensor == .accelerationWithGravity && r.unit == .g && r.sampleCount == 3)
        #expect(
            raw.rows == [
                [0, 0.09 + -0.14, 0.42 + 0.99, 0.09 + 0.02], [0.02, 0.37 + -0.15, 0.005 + 0.99, -0.11 + 0.03],
                [0.04, 0.17 + -0.16, -0.22 + 0.99, -0.16 + 0.05],
            ])
        var either = Keep()
        let e = try SensorCSVReader.read(
            path: path, declaredUnit: nil, rateHz: 50, need: SensorNeed(.acceleration(includesGravity: nil), consumer: "t"),
            into: &either)
        #expect(e.sensor == .accelerationWithoutGravity)
        #expect(either.rows[0] == [0, 0.09, 0.42, 0.09])
    }

    /// Without a rate, refused by name with the rate to give.
    @Test func motionSenseWithoutRateIsRefusedByName() throws {
        let path = try RecordingImportTests.write(Self.motionSense, name: "jog_9_sub_2.csv")
        do {
            _ = try SensorRecording.load(path: path, declaredUnit: nil)
            Issue.record("read a file without times and without a rate")
        } catch {
            #expect(error.line == 1 && error.field == "header")
            #expect(
                error.problem
                    == "is a Core Motion CSV without a time column (MotionSense's layout: a row index and no timestamps); "
                    + "each sample's time is needed: give the sample rate with --rate HZ, or add a \"timestamp\" column "
                    + "in seconds (CMLogItem.timestamp); MotionSense records at 50 Hz (its README): --rate 50")
        }
    }

    /// A file with its own times keeps them: `--rate` is refused rather than silently replacing the clock.
    @Test func rateIsRefusedForATimedFile() throws {
        let path = try RecordingImportTests.write(
            "acceleration_x,acceleration_y,acceleration_z,timestamp\n0.01,-0.02,-0.99,1034.12\n", name: "motion.csv")
        do {
            var s = Keep()
            _ = try SensorCSVReader.read(
                path: path, declaredUnit: nil, rateHz: 50, need: SensorNeed(.acceleration(includesGravity: true), consumer: "t"),
                into: &s)
            Issue.record("--rate accepted for a file with times")
        } catch {
            #expect(error.field == "--rate")
            #expect(error.problem == "the file has a time column (\"timestamp\"); --rate is only for files without one")
        }
    }

    /// A student app's `timestamp` is seconds since boot: the reader keeps it (the replay counts from the first
    /// sample); 183 456.120 and 183 456.140 s are 0.02 s apart.
    @Test func secondsSinceBootAreKept() throws {
        let path = try RecordingImportTests.write(
            "acceleration_x,acceleration_y,acceleration_z,timestamp\n0,0,-1,183456.120\n0,0,-1,183456.140\n",
            name: "student.csv")
        var s = Keep()
        let info = try SensorCSVReader.read(
            path: path, declaredUnit: nil, need: SensorNeed(.acceleration(includesGravity: true), consumer: "t"), into: &s)
        #expect(info.firstTimeSeconds == 183_456.120 && info.lastTimeSeconds == 183_456.140)
        #expect(abs(info.meanIntervalSeconds - 0.02) < 1e-9)
    }
}
