import BackgroundRuntime

extension CommandTable {
    /// The user's answers to notifications.
    public static var notifications: [Command<Host>] {
        [
            Command(
                "notification answer", arguments: "[ID] [ACTION]", arity: 0...2,
                help: "Choose the action of the latest notification, or of notification ID (Answer on \"New VOIP call\"): the app comes to the foreground. With ACTION, that button of the notification's category (status lists them): one without the foreground option is handled by the app in the background, which it is woken or launched into."
            ) { host, arguments throws(CommandError) in
                // A lone word is the number if it is one, and otherwise the action of the banner.
                let hasID = arguments.count == 2 || (arguments.count == 1 && Int(arguments[0]) != nil)
                let id = hasID ? try arguments.value(0, as: NotificationNumber.self).id : nil
                let action = arguments.count > (hasID ? 1 : 0) ? arguments[arguments.count - 1] : nil
                do throws(NotificationAnswerRefusal) {
                    try host.device.notificationCenter.answer(id: id, action: action)
                } catch {
                    throw arguments.failure(error.description)
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
            Command(
                "notification scheduled-summary", arguments: "on|off", arity: 1...1,
                help: "Settings ▸ Notifications ▸ the app ▸ Scheduled Summary (iOS 15 and later): the app's notifications that "
                    + "are neither time sensitive nor critical wait quietly for the summary at 08:00 and 18:00."
            ) { host, arguments throws(CommandError) in
                let on = try arguments.value(0, as: OnOff.self) == .on
                guard host.device.profile.hasInterruptionLevels else {
                    throw arguments.failure("\(host.device.profile.absence(of: .scheduledSummary)); this is \(host.device.profile.name)")
                }
                host.device.notificationCenter.setScheduledSummary(on)
                return .done
            },
        ]
    }
}
