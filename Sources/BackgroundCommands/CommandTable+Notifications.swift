import BackgroundRuntime

extension CommandTable {
    /// The user's answers to notifications.
    public static var notifications: [Command<Host>] {
        [
            Command(
                "notification answer", arguments: "[ID]", arity: 0...1,
                help: "Choose the action of the latest notification, or of notification ID (Answer on \"New VOIP call\"): the app comes to the foreground."
            ) { host, arguments throws(CommandError) in
                let id = try arguments.valueIfPresent(0, as: NotificationNumber.self)?.id
                guard host.device.notificationCenter.answer(id: id) != nil else {
                    throw arguments.failure(
                        id.map { "notification \($0) is not waiting for an answer" } ?? "no notification is waiting for an answer")
                }
                return .done
            },
            Command(
                "notification authorize", arguments: "allow|deny", arity: 1...1,
                help: "The user's answer to the notification permission alert (or a change in Settings ▸ Notifications): allow or deny."
            ) { host, arguments throws(CommandError) in
                host.device.notificationCenter.authorize(allow: try arguments.value(0, as: NotificationPermissionAnswer.self) == .allow)
                return .done
            },
        ]
    }
}
