/// The rules of background URL sessions (`Rule.urlSession`).
extension DiagnosticRule {
    /// A launch made a second background session with an identifier it already used.
    public static let duplicateBackgroundSession = DiagnosticRule(rawValue: "duplicate-background-session")
    /// The completion handler of `handleEventsForBackgroundURLSession` was not called in time.
    public static let sessionEventsNotCompleted = DiagnosticRule(rawValue: "session-events-not-completed")
}
