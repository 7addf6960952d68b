import BackgroundCommands
import BackgroundRuntime

extension TheBackgrounderCommands {
    /// The Fetch tab (background fetch itself and `BGTaskScheduler` are `CommandTable.tasks`).
    static let fetch: [Command] = [
        Command("fetch update", help: "Tap Update on the Fetch tab: fetch now and show the time.") { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.fetch.didTapUpdate() }
            return .done
        },
        Command(
            "fetch interval", arguments: "minimum|never|SECONDS", arity: 1...1,
            help: "Set the app's minimum background fetch interval (the app must be on screen)."
        ) { backgrounder, arguments throws(CommandError) in
            let interval: BackgroundFetchInterval = try arguments.value(0)
            try await backgrounder.onScreen { app in
                app.application.setMinimumBackgroundFetchInterval(interval)
                app.fetch.updateUI()
            }
            return .done
        },
    ]
}
