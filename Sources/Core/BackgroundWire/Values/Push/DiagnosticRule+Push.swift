extension DiagnosticRule {
    /// A VoIP push was handled without reporting a call to CallKit (iOS 13 and later): the app
    /// is terminated, and after repeated failures VoIP pushes stop.
    public static let voipPushWithoutCall = DiagnosticRule(rawValue: "voip-push-without-call")
    /// A remote notification reached a delegate that does not implement
    /// `didReceiveRemoteNotification(_:fetchCompletionHandler:)`.
    public static let missingRemoteNotificationHandler = DiagnosticRule(rawValue: "missing-remote-notification-handler")
}
