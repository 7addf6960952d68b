extension DiagnosticRule {
    /// The app presented a notification without the user's permission (iOS 8 and later need
    /// it); iOS drops such a notification without a word.
    public static let notificationNotAuthorized = DiagnosticRule(rawValue: "notification-not-authorized")
}
