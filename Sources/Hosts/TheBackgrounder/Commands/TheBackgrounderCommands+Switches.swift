import BackgroundCommands

extension TheBackgrounderCommands {
    /// A screen's on|off switch (`whatever leak on`, `audio mix off`): the word is checked
    /// here, and the screen, tapped, sets the switch.
    static func onOffSwitch(_ name: String, help: String) -> Command {
        Command(name, arguments: "on|off", arity: 1...1, help: help) { backgrounder, arguments throws(CommandError) in
            _ = try arguments.value(0, as: OnOff.self)
            return try await backgrounder.tap(arguments)
        }
    }
}
