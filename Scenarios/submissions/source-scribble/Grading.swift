import DetectionCore
import SwiftUI

// Glue for SensorBench: the team's recognizer behind ScribbleDetecting.

extension ScribbleRecognizer: ScribbleDetecting {
    mutating func consume(_ point: TouchPoint) -> Bool {
        changed(DragGesture.Value(point, startLocation: CGPoint(x: point.x, y: point.y)))
    }

    mutating func touchEnded() { ended() }
}
