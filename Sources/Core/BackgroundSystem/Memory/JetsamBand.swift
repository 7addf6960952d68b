import BackgroundWire

/// Where an app stands in jetsam's order under memory pressure, lowest first: jetsam ends the
/// apps of a lower band before it goes on to a higher one (XNU's jetsam bands; rule
/// jetsam-order).
public enum JetsamBand: String, Sendable, Codable, CaseIterable, Comparable {
    /// Suspended, or prewarmed: its code does not run (a jetsam report's `suspended` state).
    case suspended
    /// Running in the background: a task, a mode or an event keeps it running.
    case background
    /// On screen (a jetsam report's `frontmost`): jetsam warns it and does not end it here.
    case foreground

    /// The band of an app in `state`; nil when it does not run.
    init?(_ state: AppState) {
        switch state {
        case .notRunning: return nil
        case .suspended: self = .suspended
        case .background: self = .background
        case .active, .inactive: self = .foreground
        }
    }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: JetsamBand, rhs: JetsamBand) -> Bool { lhs.rank < rhs.rank }
}
