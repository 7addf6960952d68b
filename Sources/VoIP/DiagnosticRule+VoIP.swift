import BackgroundRuntime

extension DiagnosticRule {
    /// A VoIP-marked socket was left open in an era whose iOS no longer wakes apps for them
    /// (after iOS 16); its data waits until the app runs again.
    public static let voipSocketsUnavailable = DiagnosticRule(rawValue: "voip-sockets-unavailable")
}
