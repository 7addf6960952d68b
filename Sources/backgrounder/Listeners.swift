import BackgrounderWeb
import TheBackgrounder

/// What `backgrounder run` listens with besides standard input: the web UI and the remote console.
struct Listeners {
    let web: WebServer?
    let console: RemoteConsoleServer?

    /// Starts the web UI on 127.0.0.1:`webPort` unless it is nil, and the remote console on
    /// `consoleAddress` unless it is nil; each says where it listens in the console.
    static func start(backgrounder: Backgrounder, webPort: Int?, consoleAddress: ListenAddress?) async throws -> Listeners {
        let console = backgrounder.device.console
        var web: WebServer?
        if let webPort {
            web = try await WebServer.start(backgrounder: backgrounder, port: webPort)
        }
        var remote: RemoteConsoleServer?
        if let consoleAddress {
            do {
                let token = try PairingToken.loadOrCreate(in: backgrounder.configuration.dataDirectory)
                remote = try await RemoteConsoleServer.start(device: backgrounder.device, token: token, address: consoleAddress)
            } catch {
                await web?.stop()
                throw error
            }
        }
        if let web { console.log("Web UI: \(web.url)") }
        if let remote { console.log("Remote console: listening on \(remote.address) (`backgrounder pair` prints the pairing token)") }
        return Listeners(web: web, console: remote)
    }

    /// Stops both.
    func stop() async {
        await console?.stop()
        await web?.stop()
    }
}
