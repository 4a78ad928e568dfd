import Foundation

/// Receives a recording's samples one at a time, in the internal unit (rad/s or g), time in seconds.
package protocol SampleSink {
    mutating func consume(timeSeconds: Double, x: Double, y: Double, z: Double)
}

/// What an import found besides the samples.
package struct RecordingInfo: Sendable, Equatable {
    package let file: String
    package let format: SensorCSVFormat
    package let unit: RecordingUnit
    /// Where the unit came from: "header", "--unit" or the format's default.
    package let unitSource: String
    package let sampleCount: Int
    /// Time of the first and last sample, seconds (relative to the file's own clock).
    package let firstTimeSeconds: Double
    package let lastTimeSeconds: Double
    /// The largest step between consecutive samples, seconds.
    package let largestStepSeconds: Double

    package init(
        file: String, format: SensorCSVFormat, unit: RecordingUnit, unitSource: String, sampleCount: Int, firstTimeSeconds: Double,
        lastTimeSeconds: Double, largestStepSeconds: Double, sensor: SensorKind = .unknown
    ) {
        self.file = file
        self.format = format
        self.unit = unit
        self.unitSource = unitSource
        self.sampleCount = sampleCount
        self.firstTimeSeconds = firstTimeSeconds
        self.lastTimeSeconds = lastTimeSeconds
        self.largestStepSeconds = largestStepSeconds
        self.sensor = sensor
    }

    /// The sensor the file was identified as.
    package var sensor: SensorKind = .unknown

    /// The mean sample interval, (last − first)/(count − 1), seconds.
    package var meanIntervalSeconds: Double {
        (lastTimeSeconds - firstTimeSeconds) / Double(max(sampleCount - 1, 1))
    }
}

/// Streams a sensor CSV (any dialect of ``SensorCSVDialects``) into a sink, line by line, in O(1) memory.
///
/// Every data line is checked: it has the header's number of fields, every needed field is a finite number, and
/// time never goes backwards. The first problem is reported as an ``InputError`` naming the file and the line
/// (exit 65); an empty file or a header without data is refused too.
package enum SensorCSVReader {
    /// The gyroscope need of `allan` and `calibrate` when the caller names none.
    package static let gyroscopeNeed = SensorNeed(.rotationRate, consumer: "this command")

    /// Streams a recording (a CSV, or the right entry of a zip export) into a sink.
    ///
    /// The header and the file name are checked against `need` before the first sample: a file holding another
    /// sensor is refused with one line naming what it is and what the command needs. `rateHz` (`--rate`) times a
    /// file without a time column (MotionSense): sample k at k / rate seconds.
    /// - Throws: ``InputError`` naming the file (and line) of the first problem.
    package static func read<Sink: SampleSink>(
        path: String, declaredUnit: RecordingUnit?, rateHz: Double? = nil, need: SensorNeed = gyroscopeNeed,
        into sink: inout Sink, progress: (any ReadingProgress)? = nil
    ) throws(InputError) -> RecordingInfo {
        let source = try SensorSource.open(path: path, need: need)
        let reader = source.reader
        let display = source.display
        guard try reader.next() else { throw InputError(file: display, problem: "is empty") }
        let layout = try SensorCSVLayout.detect(
            header: reader.text, file: display, fileName: source.identifyingName, metadata: source.metadata,
            declaredUnit: declaredUnit, declaredRateHz: rateHz, need: need)
        // Progress in MB read, every 2¹⁶ lines (a few MB), against the file's size on disk.
        let totalMB = max(
            1, ((try? FileManager.default.attributesOfItem(atPath: InputPaths.resolve(path))[.size] as? Int) ?? 0) >> 20)
        defer { progress?.finish() }
        return try stream(
            reader: reader, layout: layout, display: display, into: &sink,
            progress: progress.map { p in { done in p.update(done: min(done >> 20, totalMB), total: totalMB) } })
    }

    static func stream<Sink: SampleSink>(
        reader: LineReader, layout: SensorCSVLayout, display path: String, into sink: inout Sink,
        progress: ((Int) -> Void)? = nil
    ) throws(InputError) -> RecordingInfo {
        let scale = layout.unit.toInternal
        var count = 0
        var first = 0.0
        var previous = -Double.infinity
        var largestStep = 0.0
        var firstNanoseconds: Int64 = 0
        var values = (0.0, 0.0, 0.0, 0.0)
        // A file without times has no time field (-1 matches none); its times come from the row count.
        var wanted = [layout.timeColumn ?? -1, layout.axisColumns.x, layout.axisColumns.y, layout.axisColumns.z]
        // Added columns (gravity added back) are slots 4–6, only when the layout has them.
        if let added = layout.addedAxisColumns { wanted += [added.x, added.y, added.z] }
        var addedValues = (0.0, 0.0, 0.0)
        let names = ["time", "x", "y", "z", "gravity x", "gravity y", "gravity z"]
        while try reader.next() {
            if reader.length == 0 { continue }  // a blank line (e.g. at the end) carries nothing
            let line = reader.lineNumber
            if line & 0xFFFF == 0 { progress?(reader.bytesRead) }
            var problem: String?
            var nanoseconds: Int64 = 0
            reader.line.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var fieldStart = 0
                var field = 0
                let end = buffer.count - 1
                while fieldStart <= end && problem == nil {
                    var fieldEnd = fieldStart
                    while fieldEnd < end && buffer[fieldEnd] != layout.separator { fieldEnd += 1 }
                    if let slot = wanted.firstIndex(of: field) {
                        // A quoted number (an Excel-resaved phyphox line starts with '"') is read inside its quotes.
                        var lead = 0
                        while fieldStart + lead < fieldEnd && buffer[fieldStart + lead] == 0x22 { lead += 1 }
                        let start = UnsafeMutablePointer(mutating: base + fieldStart + lead)
                        var stop: UnsafeMutablePointer<CChar>? = nil
                        start.withMemoryRebound(to: CChar.self, capacity: fieldEnd - fieldStart + 1) { text in
                            if slot == 0 && layout.timeIsNanoseconds {
                                nanoseconds = Int64(strtoll(text, &stop, 10))
                            } else {
                                let value = strtod(text, &stop)
                                switch slot {
                                case 0: values.0 = value
                                case 1: values.1 = value
                                case 2: values.2 = value
                                case 3: values.3 = value
                                case 4: addedValues.0 = value
                                case 5: addedValues.1 = value
                                default: addedValues.2 = value
                                }
                            }
                            let consumed = stop.map { UnsafeRawPointer($0) - UnsafeRawPointer(text) } ?? 0
                            var rest = fieldStart + lead + consumed
                            while rest < fieldEnd && (buffer[rest] == 0x20 || buffer[rest] == 0x22) { rest += 1 }
                            if consumed == 0 || rest != fieldEnd {
                                problem = "\(names[slot]): not a number"
                            } else if DecimalText.isHexadecimal(buffer[fieldStart..<(fieldStart + consumed)]) {
                                problem = "\(names[slot]): not a decimal number (hexadecimal floats are not accepted)"
                            }
                        }
                    }
                    field += 1
                    fieldStart = fieldEnd + 1
                }
                if problem == nil && field != layout.columnCount {
                    problem = "has \(field) fields, the header has \(layout.columnCount)"
                }
            }
            if let problem { throw InputError(file: path, line: line, problem: problem) }
            var t = values.0
            if let rate = layout.rateHz {
                t = Double(count) / rate
            } else if layout.timeIsNanoseconds {
                if count == 0 { firstNanoseconds = nanoseconds }
                t = Double(nanoseconds &- firstNanoseconds) / 1e9
            }
            if layout.addedAxisColumns != nil {
                values.1 += addedValues.0
                values.2 += addedValues.1
                values.3 += addedValues.2
            }
            if !(t.isFinite && values.1.isFinite && values.2.isFinite && values.3.isFinite) {
                let (name, v) =
                    !t.isFinite
                    ? ("time", t)
                    : !values.1.isFinite
                        ? ("x", values.1)
                        : !values.2.isFinite ? ("y", values.2) : ("z", values.3)
                throw InputError(file: path, line: line, field: name, problem: "is \(v), not a finite number")
            }
            guard t >= previous else {
                throw InputError(
                    file: path, line: line, field: "time",
                    problem: "goes backwards: \(t) s after \(previous) s on the line before")
            }
            if count == 0 { first = t } else { largestStep = max(largestStep, t - previous) }
            previous = t
            count += 1
            sink.consume(timeSeconds: t, x: values.1 * scale, y: values.2 * scale, z: values.3 * scale)
        }
        guard count > 0 else { throw InputError(file: path, line: reader.lineNumber, problem: "has a header but no samples") }
        return RecordingInfo(
            file: path, format: layout.format, unit: layout.unit, unitSource: layout.unitSource,
            sampleCount: count, firstTimeSeconds: first, lastTimeSeconds: previous,
            largestStepSeconds: largestStep, sensor: layout.sensor)
    }
}
