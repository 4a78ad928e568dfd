import Foundation

/// The unit of a recording's x, y, z columns, detected from its header or declared with `--unit`.
package enum RecordingUnit: String, Sendable, CaseIterable, Equatable {
    case radPerSec = "rad/s"
    case degPerSec = "deg/s"
    case g
    case metersPerSecondSquared = "m/s2"

    /// What the columns measure.
    package enum Quantity: String, Sendable, Equatable {
        case rotationRate = "rotation rate"
        case acceleration
    }

    package var quantity: Quantity {
        switch self {
        case .radPerSec, .degPerSec: return .rotationRate
        case .g, .metersPerSecondSquared: return .acceleration
        }
    }

    /// The factor to the internal unit: rad/s for rotation rate, g for acceleration (1 g = 9.80665 m/s², the
    /// standard gravity of the CGPM 1901 and ISO 80000-3, which the detection core uses).
    package var toInternal: Double {
        switch self {
        case .radPerSec, .g: return 1
        case .degPerSec: return Double.pi / 180
        case .metersPerSecondSquared: return 1 / 9.80665
        }
    }

    /// Parses a `--unit` value or a unit in a header ("rad/s", "deg/s", "°/s", "g", "m/s2", "m/s^2", "m/s²").
    package init?(text: String) {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "rad/s": self = .radPerSec
        case "deg/s", "°/s": self = .degPerSec
        case "g": self = .g
        case "m/s2", "m/s^2", "m/s²": self = .metersPerSecondSquared
        default: return nil
        }
    }
}
