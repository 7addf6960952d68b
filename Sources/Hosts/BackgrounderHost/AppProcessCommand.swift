import ArgumentParser

/// `app-process`: the app's own process of `run --isolation process`, which the system starts
/// with its socket as standard input. Not for people to type.
struct AppProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: AppProcessArguments.command, abstract: "The app's own process of `run --isolation process`.", shouldDisplay: false)

    @OptionGroup var options: AppProcessOptions
}
