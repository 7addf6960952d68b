import BackgroundRuntime
import BackgrounderWeb
import Benchmark
import Foundation
import HummingbirdWSClient
import Logging
import TheBackgrounder

/// How fast console lines reach the people watching: a `backgrounder console` client over the
/// remote console's TCP protocol, and the web page over its WebSocket. 100,000 lines each, in
/// batches of 500 (below a follower's buffer, so none is dropped), each batch awaited.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(30),
        maxIterations: 5
    )

    Benchmark("Remote console: 100,000 lines to a paired client over loopback") { benchmark in
        let backgrounder = makeBackgrounder()
        let token = PairingToken.random()
        let server = try await RemoteConsoleServer.start(
            device: backgrounder.device, token: token, address: ListenAddress(host: "127.0.0.1", port: 0))
        let batches = AsyncStream<Void>.makeStream()
        let client = RemoteConsoleClient(address: server.address, token: token)
        let following = Task {
            try await client.follow { line in
                if line.hasSuffix(batchEnd) { batches.continuation.yield() }
            }
        }
        try await waitForPairing(backgrounder.device)
        try await measure(benchmark, backgrounder.device, batches: batches.stream) {
            await server.stop()
            _ = await following.result
        }
    }

    Benchmark("Web UI: 100,000 console lines over the WebSocket") { benchmark in
        let backgrounder = makeBackgrounder()
        let server = try await WebServer.start(host: backgrounder.host, port: 0, tabs: WebServer.rendererTabs)
        let batches = AsyncStream<Void>.makeStream()
        let after = backgrounder.device.console.recentLines.last?.sequence ?? 0
        let socket = Task {
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(server.port)/ws?after=\(after)", logger: Logger(label: "benchmark")
            ) { inbound, _, _ in
                batches.continuation.yield()
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    if case .text(let text) = message, text.contains(batchEnd) { batches.continuation.yield() }
                }
            }
        }
        var connected = batches.stream.makeAsyncIterator()
        _ = await connected.next()
        try await measure(benchmark, backgrounder.device, batches: batches.stream) {
            await server.stop()
            _ = await socket.result
        }
    }
}

let batchEnd = "end of batch"

/// A silent TheBackgrounder on a test device, launched.
func makeBackgrounder() -> Backgrounder {
    let backgrounder = Backgrounder(
        configuration: Configuration(
            infoPlist: try! BundledResources.infoPlist(),
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("backgrounder-benchmarks-\(UUID())"),
            consoleOutput: nil)
    ) { TestDevice($0) }
    backgrounder.start()
    return backgrounder
}

/// Waits until the remote console logged its client's pairing.
func waitForPairing(_ device: Device) async throws {
    while !device.console.recentMessages.contains(where: { $0.hasSuffix(" paired") }) {
        try await Task.sleep(for: .milliseconds(1))
    }
}

/// Measures the lines' trip, then runs `stop` and shuts the device down.
func measure(
    _ benchmark: Benchmark, _ device: Device, batches: AsyncStream<Void>, stop: () async -> Void
) async throws {
    benchmark.startMeasurement()
    try await sendBatches(to: device, awaiting: batches)
    benchmark.stopMeasurement()
    await stop()
    device.shutdown()
}

/// Logs 200 batches of 500 lines of a typical length, each awaited at the other end.
func sendBatches(to device: Device, awaiting batches: AsyncStream<Void>) async throws {
    var arrived = batches.makeAsyncIterator()
    for batch in 0..<200 {
        for line in 0..<499 {
            device.console.log("App is backgrounded. New location is <+37.33500926,-122.03272188> +/- 5.00m (batch \(batch), line \(line))")
        }
        device.console.log(batchEnd)
        guard await arrived.next() != nil else { throw CancellationError() }
    }
}
