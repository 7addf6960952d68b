extension DiagnosticRule {
    /// The app presented a notification without the user's permission (iOS 8 and later need
    /// it); iOS drops such a notification without a word.
    public static let notificationNotAuthorized = DiagnosticRule(rawValue: "notification-not-authorized")
    /// The app's Notification Service Extension did not call its content handler in time, not
    /// even from `serviceExtensionTimeWillExpire()`: the original content showed.
    public static let serviceExtensionTimeout = DiagnosticRule(rawValue: "service-extension-timeout")
    /// The Notification Service Extension went over its memory limit and jetsam ended it.
    public static let serviceExtensionMemoryLimit = DiagnosticRule(rawValue: "service-extension-memory-limit")
}
