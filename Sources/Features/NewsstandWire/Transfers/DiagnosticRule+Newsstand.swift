import BackgroundWire

extension DiagnosticRule {
    /// Newsstand downloads need `UINewsstandApp` set to true besides the background mode.
    public static let notNewsstandApp = DiagnosticRule(rawValue: "not-newsstand-app")
    /// Newsstand Kit does not exist in the active profile's iOS (it was removed in iOS 17).
    public static let newsstandUnavailable = DiagnosticRule(rawValue: "newsstand-unavailable")
}
