import BackgroundRuntime

/// The user's answer to the permission alert: `ask` is no answer.
extension NotificationPermissionAnswer: CommandArgument {
    public init?(commandWord word: String) {
        guard let answer = Self(rawValue: word), answer != .ask else { return nil }
        self = answer
    }

    public static var expectation: String { listed([allow, deny].map(\.rawValue)) }
}
