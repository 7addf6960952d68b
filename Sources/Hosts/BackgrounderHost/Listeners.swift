import BackgroundCommands
import BackgrounderWeb

/// What a hosted app's `run` listens with besides standard input: the web UI and the remote
/// console.
struct Listeners {
    let web: WebServer?
    let console: RemoteConsoleServer?

    /// Starts the web UI on 127.0.0.1:`webPort` (with `tabs`, see ``WebServer``; 0 picks a free
    /// port) unless it is nil and the remote console on `consoleAddress` unless it is nil; each
    /// says where it listens in the console (`NAME pair` prints the console's pairing token,
    /// NAME as ``Invocation/command`` gives it). A web UI that cannot listen is an error naming
    /// `--port`; the remote console is optional and never stops the start: its address taken
    /// is one console line naming `--console-listen`.
    static func start<Host: CommandHost>(
        host: Host, webPort: Int?, tabs: [String]?, consoleAddress: ListenAddress?
    ) async throws -> Listeners {
        let console = host.device.console
        var web: WebServer?
        if let webPort {
            do {
                web = try await WebServer.start(host: host, port: webPort, tabs: tabs)
            } catch {
                guard case .cannotListen(let port, let reason) = error else { throw error }
                throw RuntimeFailure(
                    "web UI: cannot listen on 127.0.0.1:\(port): \(SocketProblem.reason(for: reason))",
                    hint: "choose another port with --port N (0 picks a free one)")
            }
        }
        var remote: RemoteConsoleServer?
        var remoteProblem: String?
        if let consoleAddress {
            let token: PairingToken
            do {
                token = try PairingToken.loadOrCreate(in: host.dataDirectory)
            } catch {
                await web?.stop()
                throw error
            }
            do {
                remote = try await RemoteConsoleServer.start(device: host.device, token: token, address: consoleAddress)
            } catch {
                guard case .cannotListen(let address, let reason) = error else {
                    await web?.stop()
                    throw error
                }
                let why = reason.contains("Address already in use") ? "it is taken" : reason
                remoteProblem = "Remote console: not started, cannot listen on \(address) (\(why)); --console-listen HOST:PORT moves it (HOST:0 picks a free port)"
            }
        }
        if let web { console.log("Web UI: \(web.url)") }
        if let remote { console.log("Remote console: listening on \(remote.address) (`\(Invocation.command) pair` prints the pairing token)") }
        if let remoteProblem { console.log(remoteProblem) }
        return Listeners(web: web, console: remote)
    }

    /// Stops both.
    func stop() async {
        await console?.stop()
        await web?.stop()
    }
}
