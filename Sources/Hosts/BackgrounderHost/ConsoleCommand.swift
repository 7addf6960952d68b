import ArgumentParser
import BackgroundRuntime
import BackgrounderWeb
import Foundation

/// `backgrounder console`: follows a running app's console log over the network.
public struct ConsoleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Follow a running app's console log, from another terminal or another machine.",
        discussion: """
            Connects to the remote console of `backgrounder run` (127.0.0.1:8082 unless the app \
            was started with --console-listen), presents the pairing token, and prints each \
            console line until the app quits. The token comes from --token-file, else from \
            BACKGROUNDER_PAIRING_TOKEN, else from the data directory on this machine; \
            `backgrounder pair` prints it where the app runs.
            """
    )

    /// The environment variable that can hold the token.
    static let tokenVariable = "BACKGROUNDER_PAIRING_TOKEN"

    @Option(help: "The machine the app runs on.")
    var host = ListenAddress.remoteConsoleDefault.host

    @Option(help: "The app's remote console port.")
    var port = ListenAddress.remoteConsoleDefault.port

    @Option(help: "How many earlier lines to print before the live ones (0 to \(ConsoleHandshake.maxRecent)).")
    var recent = 20

    @Option(help: "A file that holds the pairing token.")
    var tokenFile: String?

    @OptionGroup var data: DataDirectoryOptions

    /// An empty command, for ArgumentParser.
    public init() {}

    /// Refuses a port out of range and a number of recent lines the server does not keep.
    public func validate() throws {
        guard (1...65_535).contains(port) else { throw ValidationError("--port \(port): not a TCP port (1 to 65535)") }
        guard (0...ConsoleHandshake.maxRecent).contains(recent) else {
            throw ValidationError("--recent \(recent): choose 0 to \(ConsoleHandshake.maxRecent) lines")
        }
    }

    /// Follows TheBackgrounder's console (the token in its data directory unless given).
    public func run() async throws {
        try await run(appName: "backgrounder")
    }

    /// Follows the console of the app named `appName`, whose data directory holds the token
    /// unless it is given.
    func run(appName: String) async throws {
        let (token, origin) = try token(appName: appName)
        let client = RemoteConsoleClient(address: ListenAddress(host: host, port: port), token: token, recent: recent)
        do {
            try await client.follow { line in StandardOutput.write(line + "\n") }
        } catch RemoteConsoleError.refused(let reason) {
            // The usual cause: the token of another data directory than the running app's.
            throw RuntimeFailure(
                "the app refused the console: \(reason); the token came from \(origin)",
                hint: "give the data directory the app runs with (--data-dir), or its `pair` token in \(Self.tokenVariable)")
        } catch RemoteConsoleError.cannotConnect(let address, let reason) {
            throw RuntimeFailure(
                "cannot reach the app's console at \(address): \(SocketProblem.reason(for: reason))",
                hint: "is `\(HostedAppCommand.executableName) run` running there? Another machine needs --console-listen on the app's side")
        }
        FileHandle.standardError.write(Data("console: the app closed the connection\n".utf8))
    }

    /// The token to present, and where it came from.
    private func token(appName: String) throws -> (PairingToken, String) {
        if let tokenFile {
            guard let token = try PairingToken.load(from: URL(fileURLWithPath: tokenFile)) else {
                throw RuntimeFailure("--token-file \(tokenFile): no such file")
            }
            return (token, tokenFile)
        }
        if let text = ProcessInfo.processInfo.environment[Self.tokenVariable] {
            guard let token = PairingToken(text) else {
                throw RuntimeFailure("\(Self.tokenVariable) does not hold a pairing token (64 hexadecimal digits)")
            }
            return (token, Self.tokenVariable)
        }
        let directory = try data.existing(named: appName)
        let file = directory.appendingPathComponent(PairingToken.fileName)
        guard let token = try PairingToken.load(from: file) else {
            throw RuntimeFailure(
                "no pairing token in \(directory.path): run `\(HostedAppCommand.executableName) pair` where the app runs and pass the token in "
                    + Self.tokenVariable)
        }
        return (token, file.path)
    }
}
