import Benchmark
import Foundation
import Location
import LocationSystem

/// The Location tab's pipeline on 100,000 fixes: a GPX or NMEA file is parsed, each fix goes
/// through the accuracy and distance filters, and the fixes are stored in SQLite in
/// transactions of 1,000. `fixes/s` is the throughput of that pipeline (target ≥ 200,000). It
/// leaves out the live path: the location manager, the app's executor, the screen and its
/// console lines (`scripts/benchmark-location-live` measures those, from gpsd to the store).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, fixesPerSecond],
        maxDuration: .seconds(20),
        maxIterations: 10
    )
    let count = 100_000
    let gpx = Data(Sample.gpx(count: count).utf8)
    let nmea = Data(Sample.nmea(count: count).utf8)

    Benchmark("GPX parse + filter + store, 100,000 fixes") { benchmark in
        try pipeline(gpx, count: count, benchmark: benchmark)
    }
    Benchmark("NMEA parse + filter + store, 100,000 fixes") { benchmark in
        try pipeline(nmea, count: count, benchmark: benchmark)
    }
    Benchmark("GPX parse only, 100,000 fixes") { benchmark in
        let track = try measured(count, benchmark) { try TrackFile.parse(gpx, source: "bench.gpx", name: "bench") }
        precondition(track.points.count == count)
    }
    Benchmark("SQLite store only, 100,000 fixes in transactions of 1,000") { benchmark in
        let locations = try TrackFile.parse(gpx, source: "bench.gpx", name: "bench").points.map(Sample.location)
        let store = try TrackStore(url: Sample.temporaryStore())
        try measured(count, benchmark) {
            for start in stride(from: 0, to: locations.count, by: 1_000) {
                try store.append(locations[start..<min(start + 1_000, locations.count)])
            }
        }
        let stored = try store.count()
        precondition(stored == count)
    }
}

let fixesPerSecond = BenchmarkMetric.custom("fixes/s", polarity: .prefersLarger, useScalingFactor: false)

/// Parses `data`, filters each fix as a location manager at best accuracy and a 1 m distance
/// filter would, and stores what passes in transactions of 1,000.
func pipeline(_ data: Data, count: Int, benchmark: Benchmark) throws {
    let store = try TrackStore(url: Sample.temporaryStore())
    try measured(count, benchmark) {
        let track = try TrackFile.parse(data, source: "bench", name: "bench")
        var filter = LocationFilter(distance: DistanceFilter(meters: 1)!)
        var batch: [Location] = []
        batch.reserveCapacity(1_000)
        for point in track.points {
            let location = Sample.location(point)
            guard filter.admit(location) else { continue }
            batch.append(location)
            if batch.count == 1_000 {
                try store.append(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        try store.append(batch)
    }
    let stored = try store.count()
    precondition(stored == count, "\(stored) of \(count) stored")
}

/// Measures `body`, which handles `count` fixes, and records its fixes per second.
@discardableResult
func measured<T>(_ count: Int, _ benchmark: Benchmark, _ body: () throws -> T) throws -> T {
    let clock = ContinuousClock()
    let start = clock.now
    benchmark.startMeasurement()
    let result = try body()
    benchmark.stopMeasurement()
    let elapsed = (clock.now - start) / .nanoseconds(1)
    benchmark.measurement(fixesPerSecond, Int(Double(count) / max(elapsed, 1) * 1e9))
    return result
}
