import DetectionCore
import FileFormats
import Foundation
import MonteCarlo
import Reporting
import SensorSim

/// How the simulated TurnBack reads the gyroscope.
package enum HeadingInput: String, Sendable, CaseIterable, Equatable {
    /// Integrates the z rotation rate (`CMDeviceMotion.rotationRate.z`), as TurnBack does.
    case rotationRate = "rotation-rate"
    /// Unwraps Core Motion's fused attitude yaw (`CMAttitude.yaw`), which sees a turn about the vertical whatever
    /// the phone's tilt.
    case attitudeYaw = "attitude-yaw"
}

/// One cell of a drift scenario's grid.
package struct DriftCell: Sendable, Equatable {
    package let index: Int
    package let profile: GyroProfile
    package let input: HeadingInput
    package let tiltDegrees: Double
    package let walk: WalkParameters

    package init(index: Int, profile: GyroProfile, input: HeadingInput, tiltDegrees: Double, walk: WalkParameters) {
        self.index = index
        self.profile = profile
        self.input = input
        self.tiltDegrees = tiltDegrees
        self.walk = walk
    }
}

/// A validated drift study: TurnBack walks on a grid of durations, turn counts and shapes.
package struct DriftScenario: Sendable {
    package let name: String
    package let description: String
    package let file: String
    package let seed: UInt64
    package let trialsPerCell: Int
    /// Every trial uses one device drawn once (one student's phone) instead of a fresh device per trial.
    package let sameDevice: Bool
    package let cells: [DriftCell]
    package let tracker: HeadingTracker.Configuration
    package let straightAheadToleranceDegrees: Double

    package init(
        name: String, description: String, file: String, seed: UInt64, trialsPerCell: Int, sameDevice: Bool, cells: [DriftCell],
        tracker: HeadingTracker.Configuration, straightAheadToleranceDegrees: Double
    ) {
        self.name = name
        self.description = description
        self.file = file
        self.seed = seed
        self.trialsPerCell = trialsPerCell
        self.sameDevice = sameDevice
        self.cells = cells
        self.tracker = tracker
        self.straightAheadToleranceDegrees = straightAheadToleranceDegrees
    }

    package var totalTrials: Int { cells.count * trialsPerCell }

    // MARK: - Limits (refused beyond, before anything runs)

    package static let maximumTotalTrials = ScenarioLimits.maximumTotalTrials
    /// Gyro samples in one scenario: 10¹² samples is days of computing on a workstation.
    package static let maximumTotalSamples = 1e12
    package static let maximumCells = 100_000
    package static let maximumMinutes = 24.0 * 60
    package static let maximumTurns = 10_000

    // MARK: - Parsing

    static func parse(_ r: JSONObjectReader, file: String, folder: URL, overrides: RunOverrides) throws(InputError) -> DriftScenario {
        let name = try r.required("name").nonEmptyString(maximumLength: 80)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw try r.required("name").error("is used as a folder name: letters, digits, '-' and '_' only")
        }
        let description = try r.optional("description")?.string() ?? ""
        let seedField = try r.required("seed")
        let fileSeed = try seedField.unsigned64()
        let seed = overrides.seed ?? fileSeed
        let trialsField = try r.required("trialsPerCell")
        let fileTrials = try trialsField.integer(in: 1...maximumTotalTrials)
        let trials = overrides.trialsPerCell ?? fileTrials
        let sameDeviceField = r.optional("sameDevice")
        var sameDevice = try sameDeviceField?.bool() ?? false
        var defaultProfile: GyroProfile?
        if let f = r.optional("profile") { defaultProfile = try ProfileReader.read(f, scenarioFolder: folder) }
        var defaultInput = HeadingInput.rotationRate
        if let f = r.optional("input") { defaultInput = try readInput(f) }
        let defaultTilt = try r.optional("tiltDegrees")?.double(in: 0...89) ?? 0

        var template = WalkParameters(minutes: 1, turns: 0, shape: .loop)
        if let w = try r.optional("walk")?.object() {
            if let f = w.optional("turnRateDegPerSec") { template.turnRateDegPerSec = try f.positive(atMost: 1000) }
            if let f = w.optional("zigzagAngleDegrees") { template.zigzagAngleDegrees = try f.positive(atMost: 180) }
            if let f = w.optional("randomTurnMaxDegrees") { template.randomTurnMaxDegrees = try f.double(in: 15...180) }
            if let f = w.optional("pauses") { template.pauses = try f.integer(in: 0...1000) }
            if let f = w.optional("pauseSeconds") { template.pauseSeconds = try f.positive(atMost: 3600) }
            if let f = w.optional("swayAmplitudeDegrees") { template.swayAmplitudeDegrees = try f.nonNegative(atMost: 45) }
            if let f = w.optional("swayFrequencyHz") { template.swayFrequencyHz = try f.positive(atMost: 10) }
            try w.finish()
        }
        var tracker = HeadingTracker.Configuration()
        var tolerance = TurnPhrase.defaultStraightAheadToleranceDegrees
        if let t = try r.optional("tracker")?.object() {
            if let f = t.optional("maximumGapSeconds") { tracker.maximumGapSeconds = try f.positive(atMost: 3600) }
            if let f = t.optional("straightAheadToleranceDegrees") { tolerance = try f.nonNegative(atMost: 90) }
            try t.finish()
        }

        let grid = try r.required("grid").object()
        let minutesField = try grid.required("minutes")
        let minutes = try minutesField.array(count: 1...1000).map { f throws(InputError) in try f.positive(atMost: maximumMinutes) }
        let turnsField = try grid.required("turns")
        let turns = try turnsField.array(count: 1...1000).map { f throws(InputError) in try f.integer(in: 0...maximumTurns) }
        var shapes: [WalkShape] = [.loop]
        if let f = grid.optional("shape") {
            shapes = []
            for e in try f.array(count: 1...WalkShape.allCases.count) {
                let raw = try e.choice(WalkShape.allCases.map(\.rawValue))
                shapes.append(WalkShape(rawValue: raw) ?? .loop)
            }
        }
        let profiles: [GyroProfile]
        if let f = grid.optional("profile") {
            let elements = try f.array(count: 1...100)
            profiles = try elements.map { e throws(InputError) in try ProfileReader.read(e, scenarioFolder: folder) }
            // A profile named twice would run every cell twice under one name (issue 29's corpus).
            for (j, p) in profiles.enumerated() where profiles[..<j].contains(where: { $0.name == p.name }) {
                throw elements[j].error("repeats the profile \"\(p.name)\"")
            }
        } else if let p = defaultProfile {
            profiles = [p]
        } else {
            throw InputError(file: file, line: r.line, field: "profile", problem: "is required (or give grid.profile)")
        }
        // A device profile is one phone: its fixed errors are drawn once (from the measured values ± their
        // uncertainty) and repeat every walk, which is what sameDevice means.
        if let device = profiles.first(where: { $0.kind == .device }) {
            if let f = sameDeviceField, !sameDevice {
                throw f.error(
                    "is false, but \"\(device.name)\" is a device profile (one phone): leave sameDevice out or set it to true")
            }
            sameDevice = true
        }
        var inputs = [defaultInput]
        if let f = grid.optional("input") {
            inputs = []
            for e in try f.array(count: 1...2) { inputs.append(try readInput(e)) }
        }
        var tilts = [defaultTilt]
        if let f = grid.optional("tiltDegrees") {
            tilts = []
            for e in try f.array(count: 1...100) { tilts.append(try e.double(in: 0...89)) }
        }
        try grid.finish()
        try r.finish()

        try minutesField.refuseDuplicates(minutes)
        try turnsField.refuseDuplicates(turns.map(Double.init))

        let cellCount = profiles.count * inputs.count * tilts.count * shapes.count * minutes.count * turns.count
        guard cellCount <= maximumCells else {
            throw InputError(file: file, line: grid.line, field: "grid", problem: "has \(cellCount) cells, at most \(maximumCells) allowed")
        }
        var cells: [DriftCell] = []
        var totalSamples = 0.0
        for profile in profiles {
            for input in inputs {
                for tilt in tilts {
                    for shape in shapes {
                        for m in minutes {
                            for (turnIndex, n) in turns.enumerated() {
                                var walk = template
                                walk.minutes = m
                                walk.turns = n
                                walk.shape = shape
                                let turnPath = "\(turnsField.path)[\(turnIndex)]"
                                guard shape.accepts(turns: n) else {
                                    throw InputError(
                                        file: file, line: turnsField.node.line, field: turnPath,
                                        problem: "\(shape.rawValue) needs an even number of turns to face the mark again, got \(n)")
                                }
                                guard walk.worstCaseTurningSeconds < m * 60 else {
                                    throw InputError(
                                        file: file, line: turnsField.node.line, field: turnPath,
                                        problem:
                                            "\(n) \(shape.rawValue) turns at \(Format.exact(walk.turnRateDegPerSec)) °/s do not fit in a \(Format.exact(m))-minute walk"
                                    )
                                }
                                try checkSampledTurnsFit(
                                    walk, profile: profile, field: turnsField, path: turnPath, minutesField: minutesField)
                                totalSamples += m * 60 * profile.sampleRateHz * Double(trials)
                                cells.append(
                                    DriftCell(
                                        index: cells.count, profile: profile, input: input,
                                        tiltDegrees: tilt, walk: walk))
                            }
                        }
                    }
                }
            }
        }
        try ScenarioLimits.checkTotalTrials(cells: cells.count, trialsPerCell: trials, field: trialsField)
        guard totalSamples <= maximumTotalSamples else {
            throw InputError(
                file: file, line: trialsField.node.line, field: "trialsPerCell",
                problem: "the scenario would simulate \(String(format: "%.2g", totalSamples)) gyro samples, at most 1e12 allowed")
        }
        return DriftScenario(
            name: name, description: description, file: file, seed: seed, trialsPerCell: trials,
            sameDevice: sameDevice, cells: cells, tracker: tracker,
            straightAheadToleranceDegrees: tolerance)
    }

    private static func readInput(_ f: JSONField) throws(InputError) -> HeadingInput {
        let raw = try f.choice(HeadingInput.allCases.map(\.rawValue))
        return HeadingInput(rawValue: raw) ?? .rotationRate
    }
}

extension DriftScenario {
    /// Why a walk cannot be laid out at the profile's sample rate, as `WalkPlan` would find at run time, or nil:
    /// the walk has round(60·minutes·f_s) + 1 samples (at least 2 are needed), and each turn takes at least one
    /// sample (angle / (rate·Δt), rounded, at least 1) and a still sample after it; the turns and one more still
    /// sample must fit.
    ///
    /// - Returns: whether the problem is the walk's length (else its turns) and the sentence.
    package static func sampledWalkProblem(_ walk: WalkParameters, profile: GyroProfile) -> (tooShort: Bool, problem: String)? {
        let rate = profile.sampleRateHz
        let samples = (walk.minutes * 60 * rate).rounded()
        guard samples.isFinite, samples >= 2 else {
            return (
                true,
                "a \(Format.exact(walk.minutes))-minute walk at the \(Format.exact(rate)) Hz of profile \(profile.name) has "
                    + "only \(Format.exact(samples)) of the 2 gyro samples a walk needs at least: lengthen it or raise sampleRateHz"
            )
        }
        guard walk.turns > 0 else { return nil }
        let secondsPerTurn = walk.worstCaseTurningSeconds / Double(walk.turns) - 0.05
        let samplesPerTurn = max(1, (secondsPerTurn * rate).rounded()) + 1
        let turning = Double(walk.turns) * samplesPerTurn
        guard turning + 1 < samples + 1 else {
            return (
                false,
                "\(walk.turns) \(walk.shape.rawValue) turns take at least \(Format.exact(turning / rate)) s at the "
                    + "\(Format.exact(rate)) Hz of profile \(profile.name) (a turn needs at least one sample and a still "
                    + "one), more than the \(Format.exact(walk.minutes * 60)) s walk: raise sampleRateHz or lengthen the walk"
            )
        }
        return nil
    }

    /// Throws ``sampledWalkProblem(_:profile:)`` at the `grid.minutes` or the `grid.turns[i]` field.
    static func checkSampledTurnsFit(
        _ walk: WalkParameters, profile: GyroProfile, field: JSONField, path: String, minutesField: JSONField
    ) throws(InputError) {
        guard let (tooShort, problem) = sampledWalkProblem(walk, profile: profile) else { return }
        if tooShort {
            throw InputError(file: minutesField.file, line: minutesField.node.line, field: minutesField.path, problem: problem)
        }
        throw InputError(file: field.file, line: field.node.line, field: path, problem: problem)
    }
}
