import ArgumentParser
import BackgrounderWeb
import Foundation
import TheBackgrounder

/// `backgrounder pair`: prints the pairing token that remote console clients present.
struct PairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Print the pairing token that `backgrounder console` must present.",
        discussion: """
            The app makes the token on its first run and keeps it in its data directory, readable \
            by you only. Give it to `backgrounder console` on another machine through \
            BACKGROUNDER_PAIRING_TOKEN or --token-file. --reset makes a new token: clients that \
            knew the old one are refused from then on (restart a running app to use it).
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Flag(help: "Replace the token with a new one.")
    var reset = false

    func run() throws {
        let directory = try data.prepared()
        let token = reset ? try PairingToken.reset(in: directory) : try PairingToken.loadOrCreate(in: directory)
        print(token.hex)
    }
}
