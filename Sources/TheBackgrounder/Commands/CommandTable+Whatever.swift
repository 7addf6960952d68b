extension CommandTable {
    /// The Whatever tab's Play/Pause toggle.
    static let whatever: [Command] = [
        Command(
            "whatever play",
            help: "Whatever tab: Play: a Fibonacci number every 0.5 s, in a background task named \"Fibonacci\"."
        ) { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.whatever.play() }
            return .done
        },
        Command(
            "whatever pause",
            help: "Whatever tab: Pause: stop the numbers and end the background task."
        ) { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.whatever.pause() }
            return .done
        },
    ]
}
