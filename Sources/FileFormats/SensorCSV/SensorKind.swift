/// What a recording's columns measure, as identified from its header and file name.
package enum SensorKind: String, Sendable, Equatable {
    case gyroscope
    /// Raw accelerometer readings, gravity included (phyphox "Acceleration with g", Sensor Logger's
    /// TotalAcceleration and AccelerometerUncalibrated, SensorLog's `accelerometerAcceleration`).
    case accelerationWithGravity = "accelerometer (gravity included)"
    /// User acceleration, gravity removed (phyphox "Linear Acceleration", Sensor Logger's Accelerometer.csv on iOS
    /// and Android, SensorLog's `motionUserAcceleration`).
    case accelerationWithoutGravity = "accelerometer (gravity removed)"
    /// Acceleration whose file does not say whether gravity is included (the generic format, an unnamed phyphox
    /// export): the command's configuration decides.
    case acceleration = "accelerometer"
    case gravity = "gravity vector"
    case magnetometer
    case orientation
    case location
    /// A layout whose file says nothing of the sensor (generic `t_s,x,y,z`): `--unit` decides its quantity.
    case unknown = "unidentified sensor"

    /// The quantity of the columns, when the sensor is one a command reads.
    package var quantity: RecordingUnit.Quantity? {
        switch self {
        case .gyroscope: return .rotationRate
        case .accelerationWithGravity, .accelerationWithoutGravity, .acceleration: return .acceleration
        default: return nil
        }
    }
}

/// What a command needs to read, for the one-line refusal of a file holding something else.
package struct SensorNeed: Sendable, Equatable {
    package enum Quantity: Sendable, Equatable {
        case rotationRate
        /// `includesGravity`: true for raw readings, false for user acceleration, nil when either will do.
        case acceleration(includesGravity: Bool?)
        case location
    }

    package let quantity: Quantity
    /// Who needs it, for the message ("allan", "calibrate", "the heading replay").
    package let consumer: String

    package init(_ quantity: Quantity, consumer: String) {
        self.quantity = quantity
        self.consumer = consumer
    }

    /// "a gyroscope (rotation rate)", "an accelerometer with gravity included", "a location track".
    var description: String {
        switch quantity {
        case .rotationRate: return "a gyroscope (rotation rate, rad/s or deg/s)"
        case .acceleration(let g?):
            return g
                ? "an accelerometer with gravity included (raw readings)"
                : "an accelerometer with gravity removed (user acceleration)"
        case .acceleration(nil): return "an accelerometer (g or m/s2)"
        case .location: return "a location track (latitude, longitude, time)"
        }
    }

    /// Whether a recording of `sensor` serves this need.
    func accepts(_ sensor: SensorKind) -> Bool {
        switch (quantity, sensor) {
        case (.rotationRate, .gyroscope): return true
        case (.acceleration, .acceleration): return true
        case (.acceleration(let g), .accelerationWithGravity): return g != false
        case (.acceleration(let g), .accelerationWithoutGravity): return g != true
        case (.location, .location): return true
        default: return false
        }
    }
}
