import DetectionCore
import Foundation
import TestSupport
import Testing

@testable import FileFormats
@testable import Grading
@testable import MonteCarlo
@testable import Recordings
@testable import Studies

// MARK: - Fixture helpers

/// A fresh folder for one test's files.
private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sb-real-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@discardableResult
private func write(_ text: String, _ name: String, in url: URL) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit: the zip directory's checksum.
private func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// One zip entry to write: method 0 stores the bytes; method 8 writes them as one deflate *stored* block
/// (RFC 1951 §3.2.4: header byte 0x01 = final block, type 00; LEN; NLEN = ~LEN; the bytes), a valid deflate
/// stream that zlib must inflate. `declaredSize` lies about the uncompressed size when given (a zip bomb's trick).
private struct ZipEntry {
    var name: String
    var bytes: [UInt8]
    var method: UInt16 = 8
    var flags: UInt16 = 0
    var declaredSize: Int? = nil
    var crcOverride: UInt32? = nil
}

/// A single-disk zip (PKWARE APPNOTE §4.3): local headers and data, central directory, end record.
private func zip(_ entries: [ZipEntry], zip64Locator: Bool = false) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for e in entries {
        let data: [UInt8] =
            e.method == 0
            ? e.bytes
            : [0x01] + u16(e.bytes.count) + u16(~e.bytes.count & 0xFFFF) + e.bytes
        let name = Array(e.name.utf8)
        let crc = e.crcOverride ?? crc32(e.bytes)
        let size = UInt32(e.declaredSize ?? e.bytes.count)
        let offset = UInt32(out.count)
        out += u32(0x0403_4B50) + u16(20) + u16(Int(e.flags)) + u16(Int(e.method)) + u16(0) + u16(0)
        out += u32(crc) + u32(UInt32(data.count)) + u32(size) + u16(name.count) + u16(0) + name + data
        directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(Int(e.flags)) + u16(Int(e.method)) + u16(0) + u16(0)
        directory += u32(crc) + u32(UInt32(data.count)) + u32(size) + u16(name.count) + u16(0) + u16(0)
        directory += u16(0) + u16(0) + u32(0) + u32(offset) + name
    }
    let cdOffset = out.count
    out += directory
    if zip64Locator { out += u32(0x0706_4B50) + u32(0) + u32(0) + u32(0) + u32(1) }
    out += u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count)
    out += u32(UInt32(directory.count)) + u32(UInt32(cdOffset)) + u16(0)
    return out
}

private func writeZip(_ bytes: [UInt8], _ name: String, in url: URL) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
}

private let gyroNeed = SensorNeed(.rotationRate, consumer: "allan")

/// Reads a gyroscope recording or returns the refusal.
private func loadGyro(_ path: String, unit: RecordingUnit? = nil) -> Result<SensorRecording, InputError> {
    do { return .success(try SensorRecording.load(path: path, declaredUnit: unit, consumer: "allan")) } catch {
        return .failure(error)
    }
}

// MARK: - Sensor CSV formats

/// Each real export's layout (headers, separators, units, quirks copied from the files listed in
/// `../shared/realdata/SOURCES.md`; values written here by hand).
@Suite struct RealFormatTests {
    /// Sensor Logger 1.10.4 on an iPhone: `time,seconds_elapsed,z,y,x`, axes in reverse order, rad/s.
    static let sensorLoggerHeader = "time,seconds_elapsed,z,y,x\n"
    static let sensorLoggerRows = "1663326947268860700,0.759860595703125,0.3,0.2,0.1\n1663326947278816800,0.769816650390625,0.6,0.5,0.4\n"

    @Test func sensorLoggerGyroscopeIsReadInRadPerSecond() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.sensorLoggerHeader + Self.sensorLoggerRows, "Gyroscope.csv", in: dir)
        let r = try loadGyro(path).get()
        #expect(r.info.sensor == .gyroscope && r.info.unit == .radPerSec && r.info.format == .sensorLogger)
        #expect(r.x == [0.1, 0.4] && r.z == [0.3, 0.6])
    }

    /// Accelerometer.csv, Magnetometer.csv, Gravity.csv and Orientation.csv given to a gyroscope command: one
    /// line naming what the file is and what the command needs.
    @Test(arguments: [
        ("Accelerometer.csv", "accelerometer (gravity removed)"),
        ("Magnetometer.csv", "magnetometer"),
        ("Gravity.csv", "gravity vector"),
    ])
    func sensorLoggerOtherSensorsAreRefusedByName(name: String, what: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.sensorLoggerHeader + Self.sensorLoggerRows, name, in: dir)
        guard case .failure(let e) = loadGyro(path) else {
            Issue.record("read \(name) as a gyroscope")
            return
        }
        #expect(e.description.contains("is a Sensor Logger \(what) recording"), "\(e)")
        #expect(e.description.contains("allan needs a gyroscope"), "\(e)")
        #expect(ExitCode(e) == .dataError)
        let orientation = try write(
            "time,seconds_elapsed,yaw,qx,qz,roll,qw,qy,pitch\n1,0.1,1,0,0,0,1,0,0\n", "Orientation.csv", in: dir)
        guard case .failure(let o) = loadGyro(orientation) else {
            Issue.record("read orientation")
            return
        }
        #expect(o.description.contains("orientation"), "\(o)")
    }

    /// A Sensor Logger layout under another file name says nothing of its sensor: refused until --unit gives
    /// the quantity (then read as that); a phyphox magnetometer is refused by every command.
    @Test func unnamedSensorLoggerNeedsAUnitAndMagnetometersAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(Self.sensorLoggerHeader + Self.sensorLoggerRows, "my-walk.csv", in: dir)
        guard case .failure(let e) = loadGyro(path) else {
            Issue.record("read an unnamed Sensor Logger file without --unit")
            return
        }
        #expect(e.description.contains("its sensor is unknown; declare its unit with --unit"), "\(e)")
        #expect(try loadGyro(path, unit: .radPerSec).get().x == [0.1, 0.4])
        let magnetic = try write(
            "\"Time (s)\",\"Magnetic field x (µT)\",\"Magnetic field y (µT)\",\"Magnetic field z (µT)\"\n0,10,20,30\n",
            "Magnetometer.csv", in: dir)
        guard case .failure(let m) = loadGyro(magnetic) else {
            Issue.record("read a magnetometer")
            return
        }
        #expect(m.description.contains("phyphox magnetometer"), "\(m)")
    }

    /// AccelerometerUncalibrated.csv is in g on iOS (UNITS.md) unless Metadata.csv says units were standardised;
    /// without Metadata.csv it is refused until --unit says which. Read through the raw-magnitude shake replay:
    /// samples of (0, 0, −1) g and three of (0, 0, −3) g at 0.1, 0.2, 0.3 s fire once at 0.3 s.
    @Test func sensorLoggerUncalibratedAccelerometerUnitsFollowMetadata() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rows = ""
        for i in 0..<10 {
            let z = [1, 2, 3].contains(i) ? -3.0 : -1.0
            rows += "\(1_663_326_947_248_946_700 + i * 100_000_000),\(Double(i) / 10),\(z),0,0\n"
        }
        let path = try write(Self.sensorLoggerHeader + rows, "AccelerometerUncalibrated.csv", in: dir)
        let c = ShakeDetectorConfiguration.rawMagnitudeDefault
        #expect(throws: InputError.self) { try ShakeReplay(path: path, unit: nil, configuration: c) }
        // Sensor Logger 1.10.4's Metadata.csv (no standardisation column: the platform's units).
        try write(
            "version,device name,recording time,platform,appVersion,device id,sensors,sampleRateMs\n"
                + "3,iPhone 12 mini,2022-09-16_11-15-46,ios,1.10.4,62c9cbe1,Accelerometer|Gyroscope,10|10\n",
            "Metadata.csv", in: dir)
        let g = try ShakeReplay(path: path, unit: nil, configuration: c)
        #expect(g.info.unit == .g && g.info.sensor == .accelerationWithGravity)
        #expect(g.events.map(\.timeSeconds) == [0.3])
        // Later versions: standardisation true → m/s²; 3 m/s² is 0.31 g, far below 2.5 g: no event.
        try write(
            "version,device name,recording epoch time,recording time,recording timezone,platform,appVersion,"
                + "device id,sensors,sampleRateMs,standardisation,platform version\n"
                + "3,iPhone,1787923304000,2026-08-28_13-21-44,UTC,ios,1.64,id,Accelerometer,10,true,18\n",
            "Metadata.csv", in: dir)
        let ms = try ShakeReplay(path: path, unit: nil, configuration: c)
        #expect(ms.info.unit == .metersPerSecondSquared && ms.events.isEmpty)
        // --unit overrides the unit, not the sensor: rad/s on an accelerometer is refused.
        #expect(throws: InputError.self) { try ShakeReplay(path: path, unit: .radPerSec, configuration: c) }
        // Accelerometer.csv (gravity removed) is refused by a raw-magnitude detector, naming both.
        let user = try write(Self.sensorLoggerHeader + rows, "Accelerometer.csv", in: dir)
        do {
            _ = try ShakeReplay(path: user, unit: nil, configuration: c)
            Issue.record("a raw-magnitude detector read user acceleration")
        } catch {
            #expect(error.description.contains("gravity removed") && error.description.contains("gravity included"), "\(error)")
        }
    }

    /// phyphox 1.1.16: `"Time (s)";"X (rad/s)";…`, semicolons, the sensor told by the file name.
    @Test func phyphoxNewHeadersWithSemicolons() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gyro = try write(
            "\"Time (s)\";\"X (rad/s)\";\"Y (rad/s)\";\"Z (rad/s)\"\n"
                + "7.314666669E-3;-2.0E-2;-7.5E-3;-8.0E-3\n1.723666667E-2;-4.0E-2;-4.9E-3;-5.1E-3\n",
            "Gyroscope.csv", in: dir)
        let r = try loadGyro(gyro).get()
        #expect(r.info.format == .phyphox && r.info.sensor == .gyroscope && r.z == [-8.0e-3, -5.1e-3])
        let linear = try write(
            "\"Time (s)\";\"X (m/s^2)\";\"Y (m/s^2)\";\"Z (m/s^2)\"\n7.3E-3;1.8E-1;-1.1E-1;1.6E-1\n",
            "Linear Accelerometer.csv", in: dir)
        guard case .failure(let e) = loadGyro(linear) else {
            Issue.record("read linear acceleration as a gyroscope")
            return
        }
        #expect(
            e.description.contains("phyphox accelerometer (gravity removed)") && e.description.contains("allan needs a gyroscope"), "\(e)")
        let raw = try write(
            "\"Time (s)\";\"X (m/s^2)\";\"Y (m/s^2)\";\"Z (m/s^2)\"\n1.0E-3;-1.4E-2;6.7E-1;9.9E0\n", "Accelerometer.csv", in: dir)
        let replay = try ShakeReplay(path: raw, unit: nil, configuration: .rawMagnitudeDefault)
        #expect(replay.info.sensor == .accelerationWithGravity && replay.info.unit == .metersPerSecondSquared)
    }

    /// phyphox classic: commas, "Gyroscope x (rad/s)" plus an "Absolute" column, time starting below zero.
    @Test func phyphoxClassicHeaders() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(
            "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\",\"Absolute (rad/s)\"\n"
                + "-7.561653500E-2,-1.0E-3,-1.7E-3,-1.2E-4,2.0E-3\n2.936748400E-2,-1.1E-3,-1.1E-3,-1.2E-4,1.6E-3\n",
            "data.csv", in: dir)
        let r = try loadGyro(path).get()
        #expect(r.info.firstTimeSeconds == -7.561653500e-2 && r.x == [-1.0e-3, -1.1e-3])
    }

    /// An Excel-resaved phyphox CSV: each line one quoted field, inner quotes doubled.
    @Test func phyphoxExcelResaved() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(
            "\"Time (s),\"\"Linear Acceleration x (m/s^2)\"\",\"\"Linear Acceleration y (m/s^2)\"\",\"\"Linear Acceleration z (m/s^2)\"\",\"\"Absolute acceleration (m/s^2)\"\"\"\n"
                + "\"9.8E-2,1.0E0,0.0E0,0.0E0,1.0E0\"\n\"1.0E-1,2.0E0,0.0E0,0.0E0,2.0E0\"\n",
            "PI.csv", in: dir)
        var c = ShakeDetectorConfiguration.thresholdCountDefault
        c.requiredCount = 1
        let r = try ShakeReplay(path: path, unit: nil, configuration: c)
        #expect(r.info.sensor == .accelerationWithoutGravity && r.samplesConsumed == 2)
        // 2 m/s² = 0.204 g, below 1.5 g: no event; the values were read (not refused as text).
        #expect(r.events.isEmpty)
    }

    /// SensorLog: the command's columns are picked (gyroRotation for a gyroscope, the unit in the name).
    @Test func sensorLogPicksTheNeededColumns() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let header =
            "loggingTime(txt),loggingSample(N),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G),"
            + "accelerometerAccelerationY(G),accelerometerAccelerationZ(G),gyroTimestamp_sinceReboot(s),gyroRotationX(rad/s),"
            + "gyroRotationY(rad/s),gyroRotationZ(rad/s),motionTimestamp_sinceReboot(s),motionRotationRateX(rad/s),"
            + "motionRotationRateY(rad/s),motionRotationRateZ(rad/s),motionUserAccelerationX(G),motionUserAccelerationY(G),"
            + "motionUserAccelerationZ(G)\n"
        let rows =
            "2020-01-01T00:00:00.000Z,0,100.00,0,0,-1,100.00,0.1,0.2,0.3,100.00,0.01,0.02,0.03,0,0,0\n"
            + "2020-01-01T00:00:00.010Z,1,100.01,0,0,-1,100.01,0.4,0.5,0.6,100.01,0.04,0.05,0.06,0,0,0\n"
        let path = try write(header + rows, "sensorlog.csv", in: dir)
        let r = try loadGyro(path).get()
        #expect(r.info.format == .sensorLog && r.x == [0.1, 0.4] && r.z == [0.3, 0.6])
        let raw = try ShakeReplay(path: path, unit: nil, configuration: .rawMagnitudeDefault)
        #expect(raw.info.unit == .g && raw.info.sensor == .accelerationWithGravity)
    }

    /// The generic format needs --unit, which also gives its quantity: deg/s → a gyroscope, g → refused.
    @Test func genericNeedsAUnit() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write("t_s,x,y,z\n0.0088,4.77,0.13,1.20\n0.0143,4.43,0.19,1.23\n", "gyro-generic-degps.csv", in: dir)
        #expect(throws: InputError.self) { try SensorRecording.load(path: path, declaredUnit: nil) }
        let r = try loadGyro(path, unit: .degPerSec).get()
        #expect(r.x[0] == 4.77 * Double.pi / 180)
        guard case .failure(let e) = loadGyro(path, unit: .g) else {
            Issue.record("read g as a gyroscope")
            return
        }
        #expect(e.description.contains("generic accelerometer"), "\(e)")
    }

    /// Sensor Logger's JSON export: one array, each entry with "sensor" and the CSV's columns as strings; the
    /// entries the command needs are read as that sensor's CSV (units and checks the same).
    @Test func sensorLoggerJSONExport() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(
            """
            [
              {"sensor":"Metadata","platform":"ios","appVersion":"1.10.4"},
              {"sensor":"Accelerometer","time":"1698501144401773000","seconds_elapsed":"0.2","x":"0.1","y":"0.2","z":"9.7"},
              {"sensor":"Gyroscope","time":"1698501144411773000","seconds_elapsed":"0.21","x":"0.01","y":"0.02","z":"0.03"},
              {"sensor":"Gyroscope","time":"1698501144421773000","seconds_elapsed":"0.22","x":"0.04","y":"0.05","z":"0.06"},
              {"sensor":"Location","time":"1698501145514000000","seconds_elapsed":"1.3","latitude":"39.95248",
               "longitude":"-75.19938","horizontalAccuracy":"5"}
            ]
            """, "export.json", in: dir)
        let r = try loadGyro(path).get()
        #expect(r.info.sensor == .gyroscope && r.x == [0.01, 0.04] && r.z == [0.03, 0.06])
        let place = Place(name: "A", coordinate: try #require(Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938)))
        let track = try ProximityReplay(
            path: path, places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .accuracyGated))
        #expect(track.fixCount == 1 && track.events.count == 1)
        do {
            _ = try ShakeReplay(path: path, unit: nil, configuration: .rawMagnitudeDefault)
            Issue.record("found raw acceleration in a JSON export without it")
        } catch {
            #expect(error.description.contains("holds: Accelerometer, Gyroscope, Location, Metadata"), "\(error)")
        }
    }

    // MARK: - Zip exports

    /// phyphox's zip export: `Raw Data.csv` plus `meta/`, deflated; the archive's name says "Acceleration with g".
    @Test func phyphoxZipExport() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv =
            "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\",\"Absolute acceleration (m/s^2)\"\n"
            + "7.7E-4,-5.3E-2,1.4E-1,9.79E0,9.79E0\n1.07E-2,-7.0E-2,1.4E-1,9.80E0,9.80E0\n"
        let path = try writeZip(
            zip([
                ZipEntry(name: "Raw Data.csv", bytes: Array(csv.utf8)),
                ZipEntry(name: "meta/device.csv", bytes: Array("\"property\",\"value\"\n\"version\",\"1.1.11\"\n".utf8), method: 0),
            ]), "Acceleration with g 2023-03-27 17-46-13.zip", in: dir)
        let r = try ShakeReplay(path: path, unit: nil, configuration: .rawMagnitudeDefault)
        #expect(r.info.file.hasSuffix(".zip:Raw Data.csv") && r.info.sensor == .accelerationWithGravity && r.samplesConsumed == 2)
        guard case .failure(let e) = loadGyro(path) else {
            Issue.record("read acceleration as a gyroscope")
            return
        }
        #expect(e.description.contains("phyphox accelerometer (gravity included)"), "\(e)")
    }

    /// Sensor Logger's zip export: the entry the command needs is picked; Metadata.csv inside sets the units.
    @Test func sensorLoggerZipExport() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try writeZip(
            zip([
                ZipEntry(name: "Accelerometer.csv", bytes: Array((Self.sensorLoggerHeader + "1,0,1,1,1\n").utf8)),
                ZipEntry(name: "Gyroscope.csv", bytes: Array((Self.sensorLoggerHeader + Self.sensorLoggerRows).utf8)),
                ZipEntry(
                    name: "Metadata.csv",
                    bytes: Array("version,device name,recording time,platform\n3,iPhone,2022,ios\n".utf8), method: 0),
            ]), "2022-09-16_11-15-46.zip", in: dir)
        let r = try loadGyro(path).get()
        #expect(r.info.file.hasSuffix(".zip:Gyroscope.csv") && r.z == [0.3, 0.6])
        do {
            _ = try ShakeReplay(path: path, unit: nil, configuration: .rawMagnitudeDefault)
            Issue.record("found raw acceleration in a zip without it")
        } catch {
            #expect(error.description.contains("TotalAcceleration.csv or AccelerometerUncalibrated.csv"), "\(error)")
        }
    }

    /// Damaged and unsupported archives: one line each, nothing read.
    @Test func badZipsAreRefused() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = Array((Self.sensorLoggerHeader + Self.sensorLoggerRows).utf8)
        let cases: [([UInt8], String)] = [
            (zip([ZipEntry(name: "Gyroscope.csv", bytes: csv, flags: 1)]), "encrypted"),
            (zip([ZipEntry(name: "Gyroscope.csv", bytes: csv)], zip64Locator: true), "zip64"),
            (zip([ZipEntry(name: "Gyroscope.csv", bytes: csv, crcOverride: 0x1234_5678)]), "CRC-32"),
            (zip([ZipEntry(name: "Gyroscope.csv", bytes: csv, declaredSize: 10)]), "zip bomb"),
            (zip([ZipEntry(name: "Gyroscope.csv", bytes: csv, method: 12)]), "compression method 12"),
            ([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40), "end-of-central-directory"),
        ]
        for (k, (bytes, problem)) in cases.enumerated() {
            let path = try writeZip(bytes, "bad\(k).zip", in: dir)
            guard case .failure(let e) = loadGyro(path) else {
                Issue.record("accepted \(problem)")
                continue
            }
            #expect(e.description.contains(problem) && ExitCode(e) == .dataError, "\(e)")
        }
    }

    // MARK: - Locations

    /// Sensor Logger's Location.csv (columns by name, negative accuracy = invalid) and phyphox's Location export
    /// replay through the proximity monitor. A walk due north through 1920 Commons (39.95248, −75.19938) from
    /// 0.0009° south (≈ 100 m; 1° of latitude ≈ 111.0 km there) in steps of 0.00018° (≈ 20 m) a second: naive
    /// 50 m enters at the first fix within 50 m (t = 3 s, 0.00036° ≈ 40 m south) and exits at the first fix at
    /// 50 m or more (t = 8 s, 0.00054° ≈ 60 m north).
    @Test func locationLogsReplayAsTracks() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var sensorLogger =
            "time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,bearing,"
            + "altitude,longitude,latitude\n"
        var phyphox =
            "\"Time (s)\",\"Latitude (°)\",\"Longitude (°)\",\"Altitude (m)\",\"Altitude WGS84 (m)\",\"Speed (m/s)\","
            + "\"Direction (°)\",\"Distance (km)\",\"Horizontal Accuracy (m)\",\"Vertical Accuracy (m)\",\"Satellites\"\n"
        for i in 0...11 {
            let lat = 39.95248 - 0.0009 + 0.00018 * Double(i)
            sensorLogger += "\(1_663_326_947_000_000_000 + i * 1_000_000_000),\(i),-1,-1,3,\(i == 0 ? -1 : 5),1.4,0,10,-75.19938,\(lat)\n"
            phyphox += "\(Double(i)),\(lat),-75.19938,10,10,-1,-1,0,5,5,-1\n"
        }
        let place = Place(
            name: "1920 Commons", coordinate: try #require(Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938)))
        let files = [
            try write(sensorLogger, "Location.csv", in: dir),
            try writeZip(
                zip([ZipEntry(name: "Raw Data.csv", bytes: Array(phyphox.utf8))]), "Location GPS 2023-03-27 18-11-47.zip", in: dir),
        ]
        for path in files {
            let r = try ProximityReplay(
                path: path, places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .naive))
            #expect(r.fixCount == 12)
            #expect(r.events.map(\.timeSeconds) == [3, 8], "\(path)")
        }
        // The first Sensor Logger fix has accuracy −1 (invalid): an accuracy-gated check refuses the track.
        #expect(throws: InputError.self) {
            try ProximityReplay(
                path: files[0], places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .accuracyGated))
        }
        // A gyroscope file given as a track is refused naming it.
        let gyro = try write(Self.sensorLoggerHeader + Self.sensorLoggerRows, "Gyroscope.csv", in: dir)
        do {
            _ = try ProximityReplay(path: gyro, places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .naive))
            Issue.record("replayed a gyroscope as a track")
        } catch {
            #expect(error.description.contains("gyroscope") && error.description.contains("location track"), "\(error)")
        }
    }
}

// MARK: - A track without times

/// gpxpy's `track_with_dilution_errors.gpx` has one `<trkpt>` and no `<time>` anywhere: the replay refuses it as a
/// track without times, on its first point, and says what can walk such a track (check-real-data's finding).
@Suite struct UntimedTrackTests {
    @Test func aTrackWithoutAnyTimeIsNamedSo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-untimed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("route.gpx").path
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0">
        <trk><trkseg>
        <trkpt lat="39.9520" lon="-75.1990"><hdop>3</hdop></trkpt>
        <trkpt lat="39.9525" lon="-75.1994"><hdop>3</hdop></trkpt>
        </trkseg></trk></gpx>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let place = Place(
            name: "1920 Commons", coordinate: try #require(Coordinate(latitudeDegrees: 39.95248, longitudeDegrees: -75.19938)))
        do {
            _ = try ProximityReplay(path: path, places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .naive))
            Issue.record("replayed a track without times")
        } catch {
            #expect(error.line == 4 && error.field == "<trkpt>")
            #expect(
                error.problem
                    == "has no <time>, and neither has any other point: a replay needs the time of every point "
                    + "(a geofence scenario's path movement walks an untimed track at a set speed, docs/geofence.md)")
        }
    }
}

// MARK: - GPX as people have it

@Suite struct RealGPXTests {
    /// The course's eleven hall files, in their exact layout (GPX 1.1, no namespace, one self-closing `<wpt>`,
    /// no `<name>`, no `<time>`), with the reference coordinates of Scenarios/places/penn-dining.json.
    static let halls: [(String, Double, Double)] = [
        ("1920 Commons", 39.95248, -75.19938), ("Accenture", 39.95202, -75.19135), ("Falk", 39.95314, -75.20015),
        ("Hill", 39.953, -75.19071), ("Houston", 39.95091, -75.19388), ("Joes", 39.95156, -75.19652),
        ("KCEH", 39.95416, -75.19418), ("Lauder", 39.95382, -75.19108), ("McClelland", 39.95107, -75.19839),
        ("Pret", 39.95263, -75.19848), ("Quaker Kitchen", 39.95354, -75.20198),
    ]

    static func writeHalls(in dir: URL) throws {
        for (name, lat, lon) in halls {
            try write(
                "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
                    + "<gpx version=\"1.1\" creator=\"written by hand\">\n    <wpt lat=\"\(lat)\" lon=\"\(lon)\" />\n</gpx>\n",
                "halls/\(name).gpx", in: dir)
        }
        // An older copy in a subfolder, as in the course repository: not part of the set.
        try write("<gpx version=\"1.1\"><wpt lat=\"39.9504\" lon=\"-75.19708\"/></gpx>\n", "halls/old/McClelland.gpx", in: dir)
    }

    /// Given as a folder, the eleven files are the eleven halls, named by file name, in a geofence scenario.
    @Test func courseFolderIsElevenNamedPlaces() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writeHalls(in: dir)
        let json = smallGeofenceScenario().replacingOccurrences(of: twoPlacesJSON, with: "\"halls\"")
            .replacingOccurrences(of: "\"movement\"", with: "\"target\": \"1920 Commons\", \"movement\"")
        try write(json, "s.json", in: dir)
        guard let s = try ScenarioFile.load(path: dir.appendingPathComponent("s.json").path).study as? GeofenceScenario else {
            Issue.record("not geofence")
            return
        }
        #expect(s.placeSet.places.map(\.name) == Self.halls.map(\.0))
        #expect(s.placeSet.places[5].coordinate.latitudeDegrees == 39.95156)
        // The same as a list of files.
        let list = "[" + Self.halls.map { "\"halls/\($0.0).gpx\"" }.joined(separator: ", ") + "]"
        try write(json.replacingOccurrences(of: "\"halls\"", with: list), "s.json", in: dir)
        guard let t = try ScenarioFile.load(path: dir.appendingPathComponent("s.json").path).study as? GeofenceScenario else {
            Issue.record("not geofence")
            return
        }
        #expect(t.placeSet.places.map(\.name) == Self.halls.map(\.0))
    }

    /// In `grade`: a rubric whose places are the folder; a submission naming the halls by file name and giving
    /// their coordinates exactly scores a worst coordinate error of 0 m.
    @Test func courseFolderInARubric() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.writeHalls(in: dir)
        try write(
            """
            {"name": "halls", "seed": 3, "places": "halls",
             "suites": {"coordinates": {"kind": "coordinates"}},
             "criteria": [{"id": "coords", "description": "coordinates", "suite": "coordinates",
                           "metric": "worst-coordinate-error-meters", "atMost": 10, "points": 10}]}
            """, "rubric.json", in: dir)
        let halls = Self.halls.map { "{\"name\": \"\($0.0)\", \"latitude\": \($0.1), \"longitude\": \($0.2)}" }
        let submission = try write(
            """
            {"team": "t", "gesture": "shake", "detector": {"kind": "raw-magnitude"}, "proximityCheck": {"kind": "naive"},
             "halls": [\(halls.joined(separator: ", "))]}
            """, "t.json", in: dir)
        let rubric = try Rubric.load(path: dir.appendingPathComponent("rubric.json").path)
        #expect(rubric.places.map(\.name) == Self.halls.map(\.0))
        let (grades, failures) = try Grader.grade(rubric, files: [submission], runner: MonteCarloRunner(jobs: 1))
        #expect(failures.isEmpty)
        #expect(grades.first?.results.first?.value == 0)
    }

    /// A file of waypoints only is walked in file order (as Xcode plays it); no times: walked at constant speed.
    @Test func waypointFileIsWalkedInOrder() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(
            "<gpx version=\"1.1\">\n<wpt lat=\"39.95\" lon=\"-75.2\"/>\n<wpt lat=\"39.951\" lon=\"-75.2\"/>\n</gpx>\n",
            "w.gpx", in: dir)
        let walk = try GPXWalk.read(path: path)
        #expect(walk.map(\.line) == [2, 3] && walk.allSatisfy { $0.timeSeconds == nil })
    }

    /// The rule for some points without `<time>`: interpolated in distance between timed neighbours, untimed
    /// ends dropped. Points at 0, 100, 300 m north (0.0009° ≈ 100 m steps) timed 0 s and 30 s at the ends of the
    /// inner run: the middle one gets 0 + 100/300 × 30 = 10 s (within 0.01 s: legs are geodesic, ±0.1 % apart).
    @Test func partlyTimedTracksAreInterpolated() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try write(
            """
            <gpx version="1.0"><trk><trkseg>
            <trkpt lat="39.9490" lon="-75.2"/>
            <trkpt lat="39.9500" lon="-75.2"><time>2026-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="39.9509" lon="-75.2"/>
            <trkpt lat="39.9527" lon="-75.2"><time>2026-01-01T00:00:30Z</time></trkpt>
            <trkpt lat="39.9530" lon="-75.2"/>
            </trkseg></trk></gpx>
            """, "t.gpx", in: dir)
        let walk = try GPXWalk.read(path: path)
        #expect(walk.map(\.line) == [3, 4, 5])
        let t0 = try #require(walk[0].timeSeconds)
        #expect(abs((try #require(walk[1].timeSeconds)) - t0 - 10) < 0.01)
        // The replay follows the same rule and says how many points it left out.
        let place = Place(name: "A", coordinate: try #require(Coordinate(latitudeDegrees: 39.95, longitudeDegrees: -75.2)))
        let replay = try ProximityReplay(
            path: path, places: [place], placesSource: "", configuration: ProximityCheckConfiguration(kind: .naive))
        #expect(replay.fixCount == 3 && replay.untimedPointsDropped == 2)
    }

    /// `<hdop>` without an accuracy element gives accuracy = HDOP × 5 m (the documented approximation); an
    /// accuracy element in any namespace wins.
    @Test func hdopBecomesAccuracy() throws {
        let text = """
            <gpx version="1.0" xmlns:x="urn:other"><trk><trkseg>
            <trkpt lat="12.1" lon="13.2"><hdop>1.6</hdop></trkpt>
            <trkpt lat="12.1" lon="13.2"><hdop>1.6</hdop><extensions><x:horizontalAccuracy>3</x:horizontalAccuracy></extensions></trkpt>
            </trkseg></trk></gpx>
            """
        let points = try GPXReader.parse(Data(text.utf8), file: "h.gpx")
        #expect(points[0].horizontalAccuracyMeters == 1.6 * 5 && points[0].accuracyFromHDOP)
        #expect(points[1].horizontalAccuracyMeters == 3 && !points[1].accuracyFromHDOP)
    }

    /// XML errors in plain words with the line: a mismatched end tag is libxml2 error 76.
    @Test func xmlErrorsInWords() {
        do {
            _ = try GPXReader.parse(Data("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n</trk>\n</gpx>\n".utf8), file: "m.gpx")
            Issue.record("accepted a mismatched tag")
        } catch {
            #expect(!error.problem.contains("NSXMLParserErrorDomain"), "\(error)")
            #expect(error.problem.contains("end tag that does not match"), "\(error)")
        }
    }

    /// `gpx export` writes a timed track with the simulated accuracy; it reads back through the replay and as a
    /// movement path to the same fixes (coordinates within 1e-9°, times within 1 ms, accuracy within 0.5 mm).
    @Test func exportRoundTrips() throws {
        let (dir, path) = try geofenceScenarioFile(smallGeofenceScenario())
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let s = try ScenarioFile.load(path: path).study as? GeofenceScenario else {
            Issue.record("not geofence")
            return
        }
        var sink = CollectFixes()
        _ = try GeofenceTrial.run(cell: try #require(s.cells.first), trialInCell: 0, globalIndex: 0, scenario: s, sink: &sink)
        let text = try GeofenceStudy.exportGPX(s)
        let gpx = try write(text, "export.gpx", in: dir)
        let replay = try ProximityReplay(
            path: gpx, places: s.placeSet.places, placesSource: "", configuration: ProximityCheckConfiguration(kind: .accuracyGated))
        #expect(replay.fixCount == sink.fixes.count)
        let points = try GPXReader.read(path: gpx)
        let t0 = try #require(points.first?.timeSeconds)
        for (p, f) in zip(points, sink.fixes) {
            #expect(abs(p.coordinate.latitudeDegrees - f.coordinate.latitudeDegrees) < 1e-9)
            #expect(abs(p.coordinate.longitudeDegrees - f.coordinate.longitudeDegrees) < 1e-9)
            #expect(abs((p.timeSeconds ?? 0) - t0 - (f.timestampSeconds - (sink.fixes.first?.timestampSeconds ?? 0))) < 1e-3)
            #expect(abs((p.horizontalAccuracyMeters ?? -1) - f.horizontalAccuracyMeters) <= 5e-4)
        }
        let walk = try GPXWalk.read(path: gpx)
        #expect(walk.count == sink.fixes.count && walk.allSatisfy { $0.timeSeconds != nil })
    }
}

// MARK: - Large and odd files

@Suite struct LargeFileTests {
    /// A valid GPX of 10.5 MB (over libxml2's 10 MB single-buffer limit, under the 16 MiB file limit): 200 000
    /// padding elements in the metadata, then two waypoints. Fed as one buffer libxml2 stopped at its end with
    /// error 1; read through a stream it is whole.
    @Test func gpxOverTenMegabytesIsRead() throws {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns:p=\"urn:pad\"><metadata><extensions>\n"
        let pad = "<p:pad>" + String(repeating: "x", count: 38) + "</p:pad>\n"
        text += String(repeating: pad, count: 200_000)
        text += "</extensions></metadata>\n<wpt lat=\"1\" lon=\"2\"/>\n<wpt lat=\"3\" lon=\"4\"/>\n</gpx>\n"
        #expect(text.utf8.count > 10_500_000 && text.utf8.count < GPXReader.maximumFileBytes)
        let points = try GPXReader.parse(Data(text.utf8), file: "big.gpx")
        // Lines: the declaration, the root, 200 000 pads, the closing tags, then the two waypoints.
        #expect(points.map(\.line) == [200_004, 200_005])
    }

    /// phyphox's Excel export is refused by name rather than read as a CSV without columns.
    @Test func excelExportIsRefusedByName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sb-xls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("Gyroscope.xls").path
        try Data([0xD0, 0xCF, 0x11, 0xE0]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SensorRecording.load(path: path, declaredUnit: nil)
            Issue.record("read an .xls")
        } catch {
            #expect(error.description.contains("Excel workbook") && ExitCode(error) == .dataError, "\(error)")
        }
    }
}
