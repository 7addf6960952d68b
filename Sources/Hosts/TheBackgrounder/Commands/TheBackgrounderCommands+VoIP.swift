import BackgroundCommands
import VoIP
import VoIPWire

extension TheBackgrounderCommands {
    /// The VoIP tab's commands: taps on its screen (``TheBackgrounderApp/handleTaps()``).
    static let voip: [Command] = [
        Command(
            "voip connect", arguments: "HOST PORT", arity: 2...2,
            help: "Type HOST and PORT in the VoIP screen and tap Connect (try `nc -l 10000` or `backgrounder voip-peer` first)."
        ) { backgrounder, arguments throws(CommandError) in
            do {
                _ = try VoIPEndpoint(host: arguments[0], port: arguments[1])
            } catch {
                throw arguments.failure("\(error)")
            }
            return try await backgrounder.tap(arguments)
        },
        Command("voip disconnect", help: "Close the VoIP screen's connection (no reconnecting).") { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap(arguments)
        },
    ]
}
