import ArgumentParser

/// A hosted app's `run`: the app, its console on standard output, and commands on standard
/// input (`AppHost.main` carries it out).
struct HostedRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the app on Backgrounder, with its console log on standard output.",
        discussion: """
            The app starts active. Type commands on standard input, one per line: `home` sends \
            it to the background, `open` brings it back, `status` prints its state as JSON, \
            `help` lists everything. With --headless the session ends at the end of input. \
            Without it the app is also a phone in your browser at http://127.0.0.1:8080 (--port), \
            its own screens shown as their snapshots' JSON.
            """
    )

    @OptionGroup var options: HostOptions
    @OptionGroup var services: ServiceOptions
}
