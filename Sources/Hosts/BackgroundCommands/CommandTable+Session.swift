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
            Command(
                "wait for", arguments: "TEXT [N]", arity: 1...2,
                help: "Wait until the console has printed N lines (1 unless given) containing TEXT since the session "
                    + "began (quote TEXT if it has spaces): a script's wait for the app's own line, e.g. wait for "
                    + "\"Download finished\". Real time, at most 10 minutes; on --clock virtual the system's timers "
                    + "do not run meanwhile."
            ) { host, arguments throws(CommandError) in
                let count = try arguments.valueIfPresent(1, as: LineCount.self)?.value ?? 1
                let text = arguments[0]
                guard !text.isEmpty else { throw arguments.failure("TEXT is empty") }
                guard await ConsoleWait.lines(containing: text, count: count, on: host.device.console) else {
                    throw arguments.failure(
                        "no \(count == 1 ? "line" : "\(count) lines") with \"\(text)\" within \(Int(ConsoleWait.limit.seconds)) s")
                }
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
