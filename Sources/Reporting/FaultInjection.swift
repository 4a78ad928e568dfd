import Foundation

/// Points at which a test can make the process kill itself (SIGKILL) or take a fallback path, chosen by the
/// environment variable `SENSORBENCH_FAULT` (comma-separated names). Unset in normal use; the fault tests in
/// `Tests/CLITests` use it to stop a real `sensorbench` process between the steps of a report swap.
enum FaultInjection: String {
    /// Kill after the new report is complete in its temporary folder, before anything is swapped.
    case killBeforeSwap = "kill-before-swap"
    /// Kill between the two renames of the fallback scheme (the destination is missing at that moment).
    case killBetweenRenames = "kill-between-renames"
    /// Kill after the swap, before the previous report (now in the temporary folder) is removed.
    case killAfterSwap = "kill-after-swap"
    /// Use the two-rename fallback instead of `renameat2(RENAME_EXCHANGE)`.
    case noExchange = "no-exchange"

    private static let active: Set<String> = {
        guard let value = ProcessInfo.processInfo.environment["SENSORBENCH_FAULT"] else { return [] }
        return Set(value.split(separator: ",").map(String.init))
    }()

    static func isActive(_ point: FaultInjection) -> Bool { active.contains(point.rawValue) }

    /// Kills the process with SIGKILL when `point` is active.
    static func killIfActive(_ point: FaultInjection) {
        if isActive(point) { kill(getpid(), SIGKILL) }
    }
}
