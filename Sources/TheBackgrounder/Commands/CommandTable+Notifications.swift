extension CommandTable {
    /// The user's answers to notifications.
    static let notifications: [Command] = [
        Command(
            "notification answer", arguments: "[ID]", arity: 0...1,
            help: "Choose the action of the latest notification, or of notification ID (Answer on \"New VOIP call\"): the app comes to the foreground."
        ) { backgrounder, arguments throws(CommandError) in
            let id = try arguments.first.map { text throws(CommandError) in
                guard let id = Int(text), id > 0 else {
                    throw .invalidArgument("notification answer: \"\(text)\" is not a notification number")
                }
                return id
            }
            guard backgrounder.device.answerNotification(id: id) != nil else {
                throw .invalidArgument(
                    "notification answer: " + (id.map { "notification \($0) is not waiting for an answer" } ?? "no notification is waiting for an answer"))
            }
            return .done
        },
    ]
}
