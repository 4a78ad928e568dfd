// MARK: - Foundation-shaped user defaults

/// Settings kept in memory for one stream (a fresh install per stream), as Foundation's `UserDefaults`.
open class UserDefaults: NSObject {
    nonisolated(unsafe) static let shared = UserDefaults()

    /// The app's defaults.
    public class var standard: UserDefaults { shared }

    /// Stores `value` (nil removes it).
    open func set(_ value: Any?, forKey key: String) { SimulatedDevice.defaults[key] = value }
    /// Stores an integer.
    open func set(_ value: Int, forKey key: String) { SimulatedDevice.defaults[key] = value }
    /// Stores a Boolean.
    open func set(_ value: Bool, forKey key: String) { SimulatedDevice.defaults[key] = value }
    /// Stores a Double.
    open func set(_ value: Double, forKey key: String) { SimulatedDevice.defaults[key] = value }
    /// Removes a key.
    open func removeObject(forKey key: String) { SimulatedDevice.defaults[key] = nil }
    /// The stored value, or nil.
    open func object(forKey key: String) -> Any? { SimulatedDevice.defaults[key] }
    /// The stored string, or nil.
    open func string(forKey key: String) -> String? { SimulatedDevice.defaults[key] as? String }
    /// The stored array, or nil.
    open func array(forKey key: String) -> [Any]? { SimulatedDevice.defaults[key] as? [Any] }
    /// The stored string array, or nil.
    open func stringArray(forKey key: String) -> [String]? { SimulatedDevice.defaults[key] as? [String] }
    /// The stored dictionary, or nil.
    open func dictionary(forKey key: String) -> [String: Any]? { SimulatedDevice.defaults[key] as? [String: Any] }
    /// The stored integer (a Double truncated, a Boolean 0 or 1), or 0.
    open func integer(forKey key: String) -> Int {
        switch SimulatedDevice.defaults[key] {
        case let v as Int: return v
        case let v as Double: return Int(exactly: v.rounded(.towardZero)) ?? 0
        case let v as Bool: return v ? 1 : 0
        default: return 0
        }
    }
    /// The stored Double, or 0.
    open func double(forKey key: String) -> Double {
        switch SimulatedDevice.defaults[key] {
        case let v as Double: return v
        case let v as Int: return Double(v)
        case let v as Bool: return v ? 1 : 0
        default: return 0
        }
    }
    /// The stored Boolean (a non-zero number is true), or false.
    open func bool(forKey key: String) -> Bool {
        switch SimulatedDevice.defaults[key] {
        case let v as Bool: return v
        case let v as Int: return v != 0
        case let v as Double: return v != 0
        default: return false
        }
    }
}
