// MARK: - UIKit-shaped haptic feedback (inert)

/// Haptic feedback for an impact, as UIKit's `UIImpactFeedbackGenerator`: the simulated phone has no motor, so
/// every call does nothing.
open class UIImpactFeedbackGenerator: NSObject {
    /// The strength of the impact.
    public enum FeedbackStyle: Int, Sendable {
        case light, medium, heavy, soft, rigid
    }

    /// A generator of the given style.
    ///
    /// - Parameter style: the strength.
    public init(style: FeedbackStyle) { super.init() }

    /// A medium generator.
    public override init() { super.init() }

    /// Does nothing.
    open func prepare() {}
    /// Does nothing.
    open func impactOccurred() {}
    /// Does nothing.
    ///
    /// - Parameter intensity: ignored.
    open func impactOccurred(intensity: Double) {}
}

/// Haptic feedback for an outcome, as UIKit's `UINotificationFeedbackGenerator` (inert).
open class UINotificationFeedbackGenerator: NSObject {
    /// The outcome.
    public enum FeedbackType: Int, Sendable {
        case success, warning, error
    }

    /// A generator.
    public override init() { super.init() }

    /// Does nothing.
    open func prepare() {}
    /// Does nothing.
    ///
    /// - Parameter notificationType: ignored.
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}

/// Haptic feedback for a selection change, as UIKit's `UISelectionFeedbackGenerator` (inert).
open class UISelectionFeedbackGenerator: NSObject {
    /// A generator.
    public override init() { super.init() }

    /// Does nothing.
    open func prepare() {}
    /// Does nothing.
    open func selectionChanged() {}
}
