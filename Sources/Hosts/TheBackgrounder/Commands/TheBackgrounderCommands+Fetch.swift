import BackgroundCommands
import BackgroundRuntime

extension TheBackgrounderCommands {
    /// The Fetch tab (background fetch itself and `BGTaskScheduler` are `CommandTable.tasks`):
    /// taps on its screen (``TheBackgrounderApp/handleTaps()``).
    static let fetch: [Command] = [
        Command("fetch update", help: "Tap Update on the Fetch tab: fetch now and show the time.") { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap(arguments)
        },
        Command(
            "fetch interval", arguments: "minimum|never|SECONDS", arity: 1...1,
            help: "Set the app's minimum background fetch interval (the app must be on screen)."
        ) { backgrounder, arguments throws(CommandError) in
            _ = try arguments.value(0, as: BackgroundFetchInterval.self)
            return try await backgrounder.tap(arguments)
        },
    ]
}
