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
    /// The gateway's clock.
    let clock: GatewayClock

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
        let clock = GatewayClock()
        configuration.now = clock.now
        let gateway = try await PushGateway.start(device: backgrounder.device, configuration: configuration)
        backgrounder.start()
        return GatewayRig(backgrounder: backgrounder, gateway: gateway, dataDirectory: dataDirectory, clock: clock)
    }

    var device: TestDevice { backgrounder.testDevice }
    var tokens: PushTokens { device.push.tokens }
    var certificateFile: String { dataDirectory.appendingPathComponent("push/gateway.pem").path }

    /// `curl --http2` POSTing `payload` to `token` with `headers`; its output is
    /// `<status> <HTTP version> <body>`.
    func curl(_ payload: String, to token: PushToken, headers: [String] = []) async throws -> String {
        let arguments = ["-sS", "--http2", "--cacert", certificateFile, "-w", " %{http_code} %{http_version}"]
            + headers.flatMap { ["-H", $0] } + ["-d", payload, "\(gateway.url)/3/device/\(token.hex)"]
        let run = try await InteractiveProcess.run("/usr/bin/curl", arguments)
        return run.stdout + run.stderr
    }

    /// Runs `Clients/httpx_push.py` (httpx over h2) with `requests`, one JSON object a line
    /// ({"token", "headers", "body"}); its answers, one `<status> <HTTP version> <body>` a line.
    func httpx(_ requests: [[String: Any]]) async throws -> [String] {
        let input = try requests.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n") + "\n"
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", Self.client("httpx_push.py"), gateway.url, certificateFile], input: input)
        guard run.status == 0 else { throw ClientFailed(output: run.stderr) }
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// Runs `Clients/providers.py` with the provider library `library` (aioapns, kalyke) and
    /// `plan`; each push's result as the library reports it.
    func provider(_ library: String, _ plan: ProviderPlan) async throws -> [ProviderResult] {
        let input = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", Self.client("providers.py"), library, String(gateway.port), certificateFile],
            input: input)
        guard run.status == 0 else { throw ClientFailed(output: run.stdout + run.stderr) }
        return try run.stdout.split(separator: "\n").map { try JSONDecoder().decode(ProviderResult.self, from: Data($0.utf8)) }
    }

    /// Runs `Clients/h2_requests.py` (h2, headers exactly as given) with `requests`, one
    /// connection for all, which it then keeps open, silent, until the gateway ends it; an
    /// answer for each request, then how the connection ended.
    func h2(_ requests: [(headers: [(String, String)], body: String)]) async throws -> (answers: [[String: Any]], end: [String: Any]) {
        let input = try requests.map { request in
            let object: [String: Any] = ["headers": request.headers.map { [$0.0, $0.1] }, "body": request.body]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
        let run = try await InteractiveProcess.run(
            "/usr/bin/env", ["python3", Self.client("h2_requests.py"), String(gateway.port), certificateFile], input: input)
        guard run.status == 0 else { throw ClientFailed(output: run.stdout + run.stderr) }
        let lines = try run.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        return (Array(lines.dropLast()), lines.last ?? [:])
    }

    /// The headers of a request to `token`: the pseudo-headers with `authority` (nil for none),
    /// then `extra`.
    func headers(to token: PushToken, authority: String? = "127.0.0.1", _ extra: [(String, String)] = []) -> [(String, String)] {
        [(":method", "POST"), (":scheme", "https"), (":path", "/3/device/\(token.hex)")]
            + (authority.map { [(":authority", $0)] } ?? []) + extra
    }

    /// The path of a client script in `Clients/`.
    static func client(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Clients/\(name)").path
    }

    private func stop() async {
        await gateway.stop()
        await backgrounder.quit()
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}
