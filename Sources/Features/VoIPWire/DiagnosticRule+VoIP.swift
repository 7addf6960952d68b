import BackgroundWire

extension DiagnosticRule {
    /// A VoIP-marked socket was left open in an era whose iOS no longer wakes apps for them
    /// (iOS 10 and later, Technical Q&A QA1938); its data waits until the app runs again.
    public static let voipSocketsUnavailable = DiagnosticRule(rawValue: "voip-sockets-unavailable")
}
