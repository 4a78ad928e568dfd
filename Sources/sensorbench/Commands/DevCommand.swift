/// `sensorbench dev`: developer commands, left out of the main help on purpose (their own help works).
enum DevCommand: SubcommandGroup {
    static let name = "dev"
    static let summary = "Developer commands (left out of the main help on purpose)."
    static let hidden = true
    static var subcommands: [any CommandDeclaration.Type] {
        [
            WriteSamplesCommand.self, AllanRecoveryCommand.self, AllanCoverageCommand.self, DriftCoverageCommand.self,
            ShakeCoverageCommand.self,
            ShakeRecheckCommand.self, PlanCheckCommand.self, MotionCheckCommand.self, WriteLabelledSamplesCommand.self,
            GeofenceCoverageCommand.self, GeofenceRecheckCommand.self, GradeRecheckCommand.self, WalksLevelCommand.self,
            DeviceCoverageCommand.self,
        ]
    }
}
