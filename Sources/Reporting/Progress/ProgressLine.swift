/// The text of a one-line progress display: "label: 1200/10000 trials (12%), 0:41 left".
///
/// Pure formatting, so it is testable and the same everywhere; ``TerminalProgress`` decides when to draw it.
/// The estimate of time left assumes the remaining units take as long on average as the finished ones:
/// left = elapsed × (total − done) / done. It is shown only once at least 1 s has passed and one unit is done,
/// since an estimate from the first few milliseconds swings wildly.
package enum ProgressLine {
    /// Formats one progress line.
    ///
    /// - Parameters:
    ///   - label: what is running (a scenario name, "bench").
    ///   - done: finished units, 0…total.
    ///   - total: all units (≥ 1).
    ///   - unit: the plural noun of a unit ("trials", "walks", "steps").
    ///   - elapsedSeconds: time since the start.
    /// - Returns: the line, without a carriage return or newline.
    package static func text(label: String, done: Int, total: Int, unit: String, elapsedSeconds: Double) -> String {
        let total = max(total, 1)
        let done = min(max(done, 0), total)
        let percent = done * 100 / total
        var line = "\(label): \(done)/\(total) \(unit) (\(percent)%)"
        if done > 0, done < total, elapsedSeconds >= 1 {
            let left = elapsedSeconds * Double(total - done) / Double(done)
            line += ", \(duration(left)) left"
        }
        return line
    }

    /// A duration as m:ss, or h:mm:ss from one hour ("0:41", "12:05", "1:02:09"); rounded up to whole seconds.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let whole = Int(min(seconds.rounded(.up), 359_999))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}
