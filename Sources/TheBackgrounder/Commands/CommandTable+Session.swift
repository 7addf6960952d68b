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
            guard let seconds = Double(arguments[0]), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw .invalidArgument("wait: \"\(arguments[0])\" is not a number of seconds between 0 and 86400")
            }
            await backgrounder.wait(.milliseconds(Int64((seconds * 1000).rounded())))
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
