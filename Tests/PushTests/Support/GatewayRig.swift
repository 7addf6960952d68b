import BackgroundRuntime
import Foundation
import Push
import TestSupport
import TheBackgrounder

/// TheBackgrounder on a test device, its push gateway on a free port of 127.0.0.1 with a
/// certificate made in a fresh data directory, and the real clients that talk to it.
struct GatewayRig {
    let backgrounder: Backgrounder
    let gateway: PushGateway
    let dataDirectory: URL

    /// Runs `body` with a rig, and stops the rig whether `body` returns or throws.
    static func with(
        providerKey: ProviderKey? = nil, requestsPerSecond: Int = 1000, idleTimeout: Duration = .seconds(300),
        _ body: (GatewayRig) async throws -> Void
    ) async throws {
        let rig = try await start(providerKey: providerKey, requestsPerSecond: requestsPerSecond, idleTimeout: idleTimeout)
        do {
            try await body(rig)
        } catch {
            await rig.stop()
            throw error
        }
        await rig.stop()
    }

    private static func start(providerKey: ProviderKey?, requestsPerSecond: Int, idleTimeout: Duration) async throws -> GatewayRig {
        let dataDirectory = TestTemporaryDirectory.make("backgrounder-push")
        let backgrounder = Backgrounder.onTestDevice(Configuration(
            infoPlist: try BundledResources.infoPlist(),
            dataDirectory: dataDirectory, consoleOutput: nil))
        var configuration = PushGatewayConfiguration(
            port: 0, certificate: try GatewayCertificate.loadOrMake(inDataDirectory: dataDirectory), providerKey: providerKey)
        configuration.requestsPerSecondPerToken = requestsPerSecond
        configuration.idleTimeout = idleTimeout
        let gateway = try await PushGateway.start(device: backgrounder.device, configuration: configuration)
        backgrounder.start()
        return GatewayRig(backgrounder: backgrounder, gateway: gateway, dataDirectory: dataDirectory)
    }

    var device: TestDevice { backgrounder.testDevice }
    var tokens: PushTokens { device.pushTokens }
    var certificateFile: String { dataDirectory.appendingPathComponent("push/gateway.pem").path }

    /// `curl --http2` POSTing `payload` to `token` with `headers`; its output is
    /// `<status> <HTTP version> <body>`.
    func curl(_ payload: String, to token: PushToken, headers: [String] = []) async throws -> String {
        let arguments = ["-sS", "--http2", "--cacert", certificateFile, "-w", " %{http_code} %{http_version}"]
            + headers.flatMap { ["-H", $0] } + ["-d", payload, "\(gateway.url)/3/device/\(token.hex)"]
        let run = try await InteractiveProcess.run("/usr/bin/curl", arguments, timeout: .seconds(30))
        return run.stdout + run.stderr
    }

    /// Runs `Clients/httpx_push.py` (httpx over h2) with `requests`, one JSON object a line
    /// ({"token", "headers", "body"}); its answers, one `<status> <HTTP version> <body>` a line.
    func httpx(_ requests: [[String: Any]]) async throws -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Clients/httpx_push.py").path
        let input = try requests.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n") + "\n"
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", script, gateway.url, certificateFile], input: input, timeout: .seconds(60))
        guard run.status == 0 else { throw ClientFailed(output: run.stderr) }
        return run.stdout.split(separator: "\n").map(String.init)
    }

    private func stop() async {
        await gateway.stop()
        await backgrounder.quit()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

/// A client script failed; its standard error.
struct ClientFailed: Error, CustomStringConvertible {
    let output: String
    var description: String { "the client failed: \(output)" }
}
