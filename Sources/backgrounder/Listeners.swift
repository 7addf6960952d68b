import BackgrounderWeb
import Push
import TheBackgrounder

/// What `backgrounder run` listens with besides standard input: the web UI, the remote
/// console and the push gateway.
struct Listeners {
    let web: WebServer?
    let console: RemoteConsoleServer?
    let push: PushGateway?

    /// Starts the web UI on 127.0.0.1:`webPort` unless it is nil, the remote console on
    /// `consoleAddress` unless it is nil, and the push gateway unless `push` is nil; each says
    /// where it listens in the console. A gateway on the default port the user did not ask for
    /// (`pushPortWasAsked` false) that cannot listen is left out with a console line, so that a
    /// second backgrounder still runs.
    static func start(
        backgrounder: Backgrounder, webPort: Int?, consoleAddress: ListenAddress?, push: PushGatewayConfiguration?,
        pushPortWasAsked: Bool
    ) async throws -> Listeners {
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
        var gateway: PushGateway?
        if let push {
            do {
                gateway = try await PushGateway.start(device: backgrounder.device, configuration: push)
            } catch GatewayError.listen(let port, let reason) where !pushPortWasAsked {
                console.log("Push gateway: not started, 127.0.0.1:\(port) is taken (\(reason)); give --push-port another port")
            } catch {
                await remote?.stop()
                await web?.stop()
                throw error
            }
        }
        if let web { console.log("Web UI: \(web.url)") }
        if let remote { console.log("Remote console: listening on \(remote.address) (`backgrounder pair` prints the pairing token)") }
        if let gateway, let push {
            console.log("Push gateway: \(gateway.url) (HTTP/2, APNs's provider API; trust \(push.certificate.certificateFile.path)\(push.providerKey == nil ? "" : "; provider tokens checked"))")
        }
        return Listeners(web: web, console: remote, push: gateway)
    }

    /// Stops all three.
    func stop() async {
        await push?.stop()
        await console?.stop()
        await web?.stop()
    }
}
