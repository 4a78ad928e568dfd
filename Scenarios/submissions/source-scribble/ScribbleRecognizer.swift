import SwiftUI

// A team's scribble recognizer, written for SensorBench: the drag's horizontal direction reverses at least
// 4 times, each stroke at least 30 pt long, within 1.5 s; once per drag.

struct ScribbleRecognizer {
    private var lastX: CGFloat?
    private var strokeStart: CGFloat?
    private var direction: CGFloat = 0
    private var reversals: [Date] = []
    private var firedThisDrag = false

    /// `DragGesture().onChanged { value in … }`.
    mutating func changed(_ value: DragGesture.Value) -> Bool {
        let x = value.location.x
        defer { lastX = x }
        guard let previous = lastX else {
            strokeStart = x
            return false
        }
        let step = x - previous
        guard step != 0 else { return false }
        let now: CGFloat = step > 0 ? 1 : -1
        if direction != 0 && now != direction {
            if let start = strokeStart, abs(previous - start) >= 30 { reversals.append(value.time) }
            strokeStart = previous
        }
        direction = now
        reversals.removeAll { value.time.timeIntervalSince($0) > 1.5 }
        guard !firedThisDrag, reversals.count >= 4 else { return false }
        firedThisDrag = true
        return true
    }

    /// `.onEnded { _ in … }`.
    mutating func ended() {
        lastX = nil
        strokeStart = nil
        direction = 0
        reversals.removeAll()
        firedThisDrag = false
    }
}
