/// The rules of the app in its own process.
extension DiagnosticRule {
    /// The app in its own process called an API whose call does not reach the system from
    /// there yet: it did nothing.
    public static let unavailableInOwnProcess = DiagnosticRule(rawValue: "unavailable-in-own-process")
}
