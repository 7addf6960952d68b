import ArgumentParser
import AsyncHTTPClient
import BackgroundRuntime
import BackgrounderHost
import Foundation
import NIOCore
import NIOSSL
import Push

/// `backgrounder push FILE`: sends a push file to the running app through its gateway, as a
/// provider would, like `xcrun simctl push`.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Send a push to the running app through its APNs gateway, like `xcrun simctl push`.",
        discussion: """
            FILE is the JSON file `xcrun simctl push` takes, with or without "Simulator Target \
            Bundle": {"aps":{"content-available":1}} wakes the app in the background; an alert \
            shows a banner. The push goes over HTTP/2 to https://127.0.0.1:PORT/3/device/TOKEN with \
            the token and the certificate the app keeps in its data directory, and the gateway's \
            answer is printed (200 and the apns-id, or APNs's status and reason).
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(help: "The gateway's port on 127.0.0.1 (the running app's --push-port).")
    var pushPort = PushGatewayConfiguration.defaultPort

    @Flag(help: "Send a PushKit VoIP push to the app's VoIP token.")
    var voip = false

    @Option(help: "A provider token to send in the authorization header, when the app runs with --push-key.")
    var providerToken: String?

    @Argument(help: "The push file.")
    var file: String

    func validate() throws {
        guard (1...65_535).contains(pushPort) else { throw ValidationError("--push-port \(pushPort): not a TCP port (1 to 65535)") }
    }

    func run() async throws {
        let directory = try data.existing()
        let pushFile: SimulatorPushFile
        do {
            pushFile = try SimulatorPushFile(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw RuntimeFailure("\(error)")
        }
        let tokens: PushTokens
        let store = PushTokenStore(directory: directory)
        do {
            tokens = try store.load()
        } catch {
            let why = FileManager.default.fileExists(atPath: store.fileURL.path) ? error.localizedDescription : "no such file"
            throw RuntimeFailure(
                "no push tokens in \(store.fileURL.path) (\(why))",
                hint: "run the app with this --data-dir first (`run --data-dir \(directory.path)`)")
        }
        let certificate = directory.appendingPathComponent("push/gateway.pem")
        var tls = TLSConfiguration.makeClientConfiguration()
        do {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate.path))
        } catch {
            let why = FileManager.default.fileExists(atPath: certificate.path) ? "\(error)" : "no such file"
            throw RuntimeFailure(
                "cannot read the gateway's certificate \(certificate.path): \(why)",
                hint: "run the app with this --data-dir and its push gateway first (`run --data-dir \(directory.path) --push-port auto`)")
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        // No gateway there is one clear error at once, not the client's retries until a timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let outcome: Result<String, any Error>
        do {
            outcome = .success(try await send(pushFile, tokens: tokens, client: client))
        } catch let error as RuntimeFailure {
            outcome = .failure(error)
        } catch {
            outcome = .failure(RuntimeFailure(
                "cannot reach the push gateway at https://127.0.0.1:\(pushPort): \(SocketProblem(error)?.reason ?? "\(error)")",
                hint: "is the app running with its gateway there? Give --push-port the port of the app's `Push gateway:` console line"))
        }
        try await client.shutdown()
        print(try outcome.get())
    }

    private func send(_ pushFile: SimulatorPushFile, tokens: PushTokens, client: HTTPClient) async throws -> String {
        // Without "Simulator Target Bundle" no apns-topic is sent: the gateway takes the app's.
        let push = pushFile.push(to: pushFile.bundleIdentifier ?? "", type: voip ? .voip : nil)
        let token = voip ? tokens.voip : tokens.device
        var request = HTTPClientRequest(url: "https://127.0.0.1:\(pushPort)/3/device/\(token.hex)")
        request.method = .POST
        request.headers.add(name: "apns-push-type", value: push.type.rawValue)
        request.headers.add(name: "apns-priority", value: String(push.priority))
        if pushFile.bundleIdentifier != nil { request.headers.add(name: "apns-topic", value: push.topic) }
        if let providerToken { request.headers.add(name: "authorization", value: "bearer \(providerToken)") }
        request.body = .bytes(ByteBuffer(string: push.payload.json))
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 4096)
        let id = response.headers.first(name: "apns-id") ?? "none"
        guard response.status == .ok else {
            throw RuntimeFailure("the gateway refused the push: \(response.status.code) \(String(buffer: body)) (apns-id \(id))")
        }
        return "\(response.status.code) apns-id: \(id)"
    }
}
