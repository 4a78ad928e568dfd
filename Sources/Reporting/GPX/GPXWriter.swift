import Foundation

/// Writes GPX 1.1 that Xcode's Simulate Location replays: `wpt` elements with ascending UTC `time`s.
///
/// Deterministic: times are a fixed epoch (2026-01-01T00:00:00Z) plus each point's offset, coordinates are printed
/// with 15 significant digits (well below 1e-9° of rounding), and no clock is read.
package enum GPXWriter {
    /// The GPX 1.1 namespace (Topografix schema).
    package static let namespace = "http://www.topografix.com/GPX/1/1"
    /// Days from 1970-01-01 to the fixed epoch 2026-01-01: 56 years of 365 days plus the 14 leap days of
    /// 1972–2024 (56·365 + 14 = 20 454); FileFormats' `GPXTime.daysFromCivil`, which reads the times back, is
    /// tested against the same hand count.
    static let epochDays: Int64 = 20_454

    /// One point to write.
    package struct Point: Sendable, Equatable {
        /// WGS-84 latitude and longitude, degrees.
        package var latitudeDegrees: Double
        package var longitudeDegrees: Double
        /// Seconds after the fixed epoch; must not decrease from point to point.
        package var timeSeconds: Double
        package var name: String?
        /// The fix's horizontal accuracy, metres, written by ``renderTrack(_:creator:)`` as an extension.
        package var horizontalAccuracyMeters: Double?

        package init(
            latitudeDegrees: Double, longitudeDegrees: Double, timeSeconds: Double, name: String? = nil,
            horizontalAccuracyMeters: Double? = nil
        ) {
            self.latitudeDegrees = latitudeDegrees
            self.longitudeDegrees = longitudeDegrees
            self.timeSeconds = timeSeconds
            self.name = name
            self.horizontalAccuracyMeters = horizontalAccuracyMeters
        }
    }

    /// The namespace of this package's GPX extension elements (`<sensorbench:horizontalAccuracy>`).
    package static let extensionNamespace = "urn:sensorbench:gpx:1"

    /// Renders a GPX 1.1 document of one track: `trkpt` elements with ascending UTC `time`s and, when known, the
    /// simulated accuracy as `<extensions><sensorbench:horizontalAccuracy>` (metres, 3 decimals), which
    /// FileFormats' `GPXReader` reads back (any namespace), so the file replays through `replay` and `movement.gpx`.
    ///
    /// - Parameters:
    ///   - points: the fixes, times non-decreasing and ≥ 0.
    ///   - creator: the `creator` attribute.
    ///   - trackName: the `<trk>`'s `<name>`.
    /// - Returns: the XML text.
    /// - Throws: ``ReportingError`` for a non-finite value.
    package static func renderTrack(_ points: [Point], creator: String, trackName: String) throws -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<gpx version=\"1.1\" creator=\"\(XMLText.escaped(creator))\" xmlns=\"\(namespace)\" "
            + "xmlns:sensorbench=\"\(extensionNamespace)\">\n"
        text += "  <trk><name>\(XMLText.escaped(trackName))</name><trkseg>\n"
        for p in points {
            let lat = try Format.number(p.latitudeDegrees, significantDigits: 15, context: "latitude")
            let lon = try Format.number(p.longitudeDegrees, significantDigits: 15, context: "longitude")
            text += "    <trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>\(try timestamp(p.timeSeconds))</time>"
            if let a = p.horizontalAccuracyMeters {
                text +=
                    "<extensions><sensorbench:horizontalAccuracy>\(try Format.fixed(a, decimals: 3))"
                    + "</sensorbench:horizontalAccuracy></extensions>"
            }
            text += "</trkpt>\n"
        }
        text += "  </trkseg></trk>\n</gpx>\n"
        return text
    }

    /// Renders a GPX 1.1 document of waypoints.
    ///
    /// - Parameters:
    ///   - points: the points, times non-decreasing and ≥ 0.
    ///   - creator: the `creator` attribute (e.g. "sensorbench 1.0").
    /// - Returns: the XML text.
    /// - Throws: ``ReportingError`` for a non-finite value.
    package static func render(_ points: [Point], creator: String) throws -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<gpx version=\"1.1\" creator=\"\(XMLText.escaped(creator))\" xmlns=\"\(namespace)\">\n"
        for p in points {
            let lat = try Format.number(p.latitudeDegrees, significantDigits: 15, context: "latitude")
            let lon = try Format.number(p.longitudeDegrees, significantDigits: 15, context: "longitude")
            text += "  <wpt lat=\"\(lat)\" lon=\"\(lon)\">"
            if let name = p.name { text += "<name>\(XMLText.escaped(name))</name>" }
            text += "<time>\(try timestamp(p.timeSeconds))</time></wpt>\n"
        }
        text += "</gpx>\n"
        return text
    }

    /// ISO 8601 UTC time of the fixed epoch plus `seconds`: "2026-01-01T00:00:05Z", or with milliseconds
    /// ("…00:00:05.250Z") when the offset is not whole.
    ///
    /// - Parameter seconds: offset, ≥ 0 and finite.
    /// - Returns: the timestamp.
    /// - Throws: ``ReportingError/nonFiniteValue(context:)`` or `invalidValue` for negative offsets.
    package static func timestamp(_ seconds: Double) throws -> String {
        guard seconds.isFinite else { throw ReportingError.nonFiniteValue(context: "GPX time") }
        guard seconds >= 0, seconds < 1e11 else {
            throw ReportingError.invalidValue(context: "GPX time", reason: "offset \(seconds) s is out of range")
        }
        let millis = Int64((seconds * 1000).rounded())
        let whole = millis / 1000
        let days = epochDays + whole / 86_400
        let secondOfDay = whole % 86_400
        let (y, m, d) = civil(fromDays: days)
        var text = String(
            format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld", y, m, d,
            secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
        if millis % 1000 != 0 { text += String(format: ".%03lld", millis % 1000) }
        return text + "Z"
    }

    /// The date of a day count since 1970-01-01 (the inverse of FileFormats' `GPXTime.daysFromCivil`).
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
