/// Parses the ISO 8601 times GPX files carry (`xsd:dateTime`), without Foundation's date formatters or a clock.
///
/// Accepted: `YYYY-MM-DDThh:mm:ss`, optional fraction `.fff…`, then `Z`, `±hh:mm` or `±hhmm` (no zone = UTC, as
/// GPX 1.1 says times are UTC). Leap seconds (ss = 60) are refused: the proleptic Gregorian day arithmetic of
/// ``daysFromCivil(year:month:day:)`` has no room for them, and phones do not write them.
package enum GPXTime {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when the text is not such a time.
    ///
    /// - Parameter text: e.g. `2026-01-01T00:00:05.250Z`.
    /// - Returns: the instant in seconds (fraction kept to the resolution of a `Double`).
    package static func secondsSince1970(_ text: String) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ count: Int) -> Int64? {
            guard i + count <= b.count else { return nil }
            var value: Int64 = 0
            for k in i..<(i + count) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                value = value * 10 + Int64(b[k] - 0x30)
            }
            i += count
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            expect(0x54) || expect(0x74), let hour = digits(2), expect(0x3A), let minute = digits(2),
            expect(0x3A), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var fraction = 0.0
        if expect(0x2E) {
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if i < b.count {
            if expect(0x5A) || expect(0x7A) {
                // Z: UTC.
            } else if b[i] == 0x2B || b[i] == 0x2D {
                let sign: Int64 = b[i] == 0x2D ? -1 : 1
                i += 1
                guard let h = digits(2) else { return nil }
                _ = expect(0x3A)
                guard let m = digits(2), h <= 23, m <= 59 else { return nil }
                offsetSeconds = sign * (h * 3600 + m * 60)
            } else {
                return nil
            }
        }
        guard i == b.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(whole) + fraction
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (era arithmetic: 400-year cycles of 146 097 days).
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
