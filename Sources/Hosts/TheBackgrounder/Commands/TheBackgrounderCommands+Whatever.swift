import BackgroundCommands

extension TheBackgrounderCommands {
    /// The Whatever tab's Play/Pause toggle, its switches and Compute: taps on its screen
    /// (``TheBackgrounderApp/handleTaps()``).
    static let whatever: [Command] = [
        Command(
            "whatever play",
            help: "Whatever tab: Play: a Fibonacci number every 0.5 s, in a background task named \"Fibonacci\"."
        ) { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap(arguments)
        },
        Command(
            "whatever pause",
            help: "Whatever tab: Pause: stop the numbers and end the background task."
        ) { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap(arguments)
        },
        onOffSwitch(
            "whatever leak",
            help: "Whatever tab: on makes the expiration handler return without ending the task — the classic "
                + "bug, which gets the app killed when its background time is up; off (the default) ends it."
        ),
        onOffSwitch(
            "whatever lock",
            help: "Whatever tab: on makes Play keep a journal of the numbers in the app's shared container, locked "
                + "until Pause — the 0xdead10cc bug: once the background task ends, the app is suspended holding "
                + "the lock and killed; off (the default) keeps no journal. Takes effect at the next Play."
        ),
        Command(
            "whatever compute", arguments: "[COUNT]", arity: 0...1,
            help: "Whatever tab: Compute (iOS 26): the first COUNT Fibonacci numbers (60 unless given) in a "
                + "BGContinuedProcessingTask, which goes on in the background with its progress in a Live Activity."
        ) { backgrounder, arguments throws(CommandError) in
            _ = try arguments.valueIfPresent(0, as: ComputationCount.self)
            guard backgrounder.device.profile.hasContinuedProcessingTasks else {
                throw arguments.failure(
                    "BGContinuedProcessingTask is new in iOS 26; this is \(backgrounder.device.profile.name) (run with --ios 26)")
            }
            return try await backgrounder.tap(arguments)
        },
    ]
}
