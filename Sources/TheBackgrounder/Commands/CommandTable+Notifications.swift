extension CommandTable {
    /// The user's answers to notifications.
    static let notifications: [Command] = [
        Command(
            "notification answer",
            help: "Choose the action of the latest notification (Answer on \"New VOIP call\"): the app comes to the foreground."
        ) { backgrounder, _ throws(CommandError) in
            guard backgrounder.device.answerNotification() != nil else {
                throw .invalidArgument("notification answer: no notification is waiting for an answer")
            }
            return .done
        },
    ]
}
