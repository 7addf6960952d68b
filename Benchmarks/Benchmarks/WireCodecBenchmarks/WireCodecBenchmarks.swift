import BackgroundWire
import Benchmark
import Foundation

/// The wire codec (BackgroundWire) against Foundation's JSONEncoder and JSONDecoder, in one run,
/// on what crosses between the system's process and the app's: (a) one call, an enum case with
/// a few Strings and Ints, and (b) a batch of 100 location fixes, 7 Doubles, a Date and an
/// optional String each. Every coder is made once and reused, as a connection keeps its own;
/// `bytes` is the size of one encoded message.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput, messageBytes],
        maxDuration: .seconds(5),
        maxIterations: 1_000
    )
    codecBenchmarks("(a) call", WireSample.call, scalingFactor: .kilo)
    codecBenchmarks("(b) 100 fixes", WireSample.fixes, scalingFactor: .one)
}

let messageBytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)

/// Encodes and decodes `value`, `scalingFactor` times an iteration, with each codec.
func codecBenchmarks<T: Codable & Equatable>(_ name: String, _ value: T, scalingFactor: BenchmarkScalingFactor) {
    let configuration = Benchmark.Configuration(scalingFactor: scalingFactor)
    Benchmark("\(name): wire encode", configuration: configuration) { benchmark in
        let encoder = WireEncoder()
        var buffer: [UInt8] = []
        try encoder.encode(value, into: &buffer)
        benchmark.measurement(messageBytes, buffer.count)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            buffer.removeAll(keepingCapacity: true)
            try encoder.encode(value, into: &buffer)
        }
        benchmark.stopMeasurement()
        blackHole(buffer)
    }
    Benchmark("\(name): wire decode", configuration: configuration) { benchmark in
        let bytes = try WireEncoder().encode(value)
        let decoder = WireDecoder()
        let decoded = try decoder.decode(T.self, from: bytes)
        precondition(decoded == value)
        benchmark.measurement(messageBytes, bytes.count)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(T.self, from: bytes))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("\(name): JSON encode", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        benchmark.measurement(messageBytes, try encoder.encode(value).count)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try encoder.encode(value))
        }
        benchmark.stopMeasurement()
    }
    Benchmark("\(name): JSON decode", configuration: configuration) { benchmark in
        let json = try JSONEncoder().encode(value)
        let decoder = JSONDecoder()
        let decoded = try decoder.decode(T.self, from: json)
        precondition(decoded == value)
        benchmark.measurement(messageBytes, json.count)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try decoder.decode(T.self, from: json))
        }
        benchmark.stopMeasurement()
    }
}
