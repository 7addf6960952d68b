import AsyncHTTPClient
import Benchmark
import DemoPeers
import Newsstand

/// The built-in content server's pace: 1 MB of the issue over loopback, throttled to 2 MB/s
/// (`--content-rate`), where a wall clock of 500 ms is the rate held exactly, and at full speed.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal],
        maxDuration: .seconds(20),
        maxIterations: 5
    )

    let rates: [(name: String, rate: ByteRate?)] = [
        ("throttled to 2 MB/s: 500 ms is on pace", ByteRate(bytesPerSecond: 2_000_000)),
        ("at full speed", nil),
    ]
    for (name, rate) in rates {
        Benchmark("Content server: 1 MB \(name)") { benchmark in
            let (ports, listening) = AsyncStream.makeStream(of: Int.self)
            let server = Task { try await ContentServer(port: 0, rate: rate).run { listening.yield($0) } }
            defer { server.cancel() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { return }
            var request = HTTPClientRequest(url: ContentServer.issueURL(port: port))
            request.headers.add(name: "Range", value: "bytes=0-999999")
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                let body = try await response.body.collect(upTo: 2 << 20)
                precondition(body.readableBytes == 1_000_000, "\(body.readableBytes) bytes")
                blackHole(body)
            }
            benchmark.stopMeasurement()
        }
    }
}
