/// The three states energy is counted in: on screen, running in the background, and suspended
/// (where an app should cost nothing).
public enum EnergyState: String, Sendable, Codable, CaseIterable {
    case foreground
    case background
    case suspended

    /// The energy state of an app in `state`; nil when it is not running.
    package init?(_ state: AppState) {
        switch state {
        case .active, .inactive: self = .foreground
        case .background: self = .background
        case .suspended: self = .suspended
        case .notRunning: return nil
        }
    }
}
