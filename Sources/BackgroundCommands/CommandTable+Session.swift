import Foundation

extension CommandTable {
    /// Commands about the session itself.
    public static var session: [Command<Host>] {
        [
            Command("status", help: "Print the app's state, assertions, diagnostics and screens as one line of JSON.") { host, _ in
                .output(host.device.statusJSON())
            },
            Command(
                "wait", arguments: "SECONDS", arity: 1...1,
                help: "Let SECONDS of time pass (decimals allowed), for scripts."
            ) { host, arguments throws(CommandError) in
                await host.wait(try arguments.value(0, as: WaitTime.self).duration)
                return .done
            },
            Command("help", help: "List the commands.") { host, _ in
                .output(host.commands.helpText)
            },
            Command("quit", help: "End the app (it gets willTerminate if it is running) and exit.") { _, _ in
                .quit
            },
        ]
    }
}
