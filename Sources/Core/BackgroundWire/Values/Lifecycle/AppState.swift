/// The five execution states of an iOS app, as the system sees them.
public enum AppState: String, Sendable, Codable, CaseIterable {
    /// Not launched, or terminated.
    case notRunning
    /// In the foreground but not receiving events: launching, interrupted by a call, or on its
    /// way to or from the background.
    case inactive
    /// In the foreground, receiving events.
    case active
    /// Not on screen, still running code.
    case background
    /// In memory but running no code.
    case suspended

    /// Whether the app's code can run in this state.
    public var isRunning: Bool {
        switch self {
        case .inactive, .active, .background: true
        case .notRunning, .suspended: false
        }
    }

    /// Whether the app is on screen.
    public var isForeground: Bool { self == .active || self == .inactive }
}
