import Foundation

extension CommandTable {
    /// Commands about the session itself.
    static let session: [Command] = [
        Command("status", help: "Print the app's state, assertions, diagnostics and screens as one line of JSON.") { backgrounder, _ in
            .output(backgrounder.device.statusJSON())
        },
        Command(
            "wait", arguments: "SECONDS", arity: 1...1,
            help: "Let SECONDS of time pass (decimals allowed), for scripts."
        ) { backgrounder, arguments throws(CommandError) in
            await backgrounder.wait(try arguments.value(0, as: WaitTime.self).duration)
            return .done
        },
        Command("help", help: "List the commands.") { backgrounder, _ in
            .output(backgrounder.commands.helpText)
        },
        Command("quit", help: "End the app (it gets willTerminate if it is running) and exit.") { _, _ in
            .quit
        },
    ]
}
