// geofence-bench: the cost of region checks per fix, as the system makes them for an app's 20
// monitored regions (``RegionMonitor/observe(_:at:)``), and the app-side pattern transistorsoft's
// background-geolocation uses for more: 10,000 geofences kept in SQLite (GRDB), the nearest 20
// queried around the device and monitored.
//
// The fixes are City Run's (a point a second, looped); the geofences are spread evenly (an
// additive recurrence, the same every run) over 20 × 20 km around it, 100 to 300 m in radius. Measured, per fix, in CPU time
// of this process: the 20-region check alone; the nearest-20 query alone; the whole pattern with
// the query on every fix and with the query only after the device moved 250 m (the monitored set
// swapped each time); and a brute-force scan of all 10,000 in memory, for scale. Left out: the
// system's delivery of events to the app. The SQLite file (with the route's points in
// `query_point`) stays at DATABASE for the reference in scripts/benchmark-regions. Prints JSON.
//
//   geofence-bench DATABASE [LAPS]     (default 20 laps of City Run, 26,420 fixes)
import BenchSupport
import Foundation
import Location
import LocationSystem

/// Runs `body` once per fix; returns the CPU microseconds per fix.
func perFix(_ fixes: [Location], _ body: (Int, Location) throws -> Void) rethrows -> Double {
    let start = processCPUSeconds()
    for (index, fix) in fixes.enumerated() { try body(index, fix) }
    return (processCPUSeconds() - start) * 1e6 / Double(fixes.count)
}

/// A monitor holding exactly `regions`.
func monitor(_ regions: [CircularRegion]) throws -> RegionMonitor {
    var monitor = RegionMonitor()
    for region in regions { try monitor.add(region, app: "geofence-bench") }
    return monitor
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, arguments.count <= 3, let laps = arguments.count == 3 ? Int(arguments[2]) : 20, laps > 0 else {
    FileHandle.standardError.write(Data("usage: geofence-bench DATABASE [LAPS]  (LAPS a whole number above 0)\n".utf8))
    exit(2)
}
let databasePath = arguments[1]
try? FileManager.default.removeItem(atPath: databasePath)

let track = try BuiltInRoute.cityRun.track()
let lap = stride(from: 0.0, to: track.duration, by: 1).map { track.sample(at: $0) }
let epoch = Date(timeIntervalSince1970: 1_362_713_471)
let fixes = (0..<laps * lap.count).map { index in
    Location(coordinate: lap[index % lap.count].coordinate, horizontalAccuracy: 5, timestamp: epoch.addingTimeInterval(Double(index)))
}

/// The fractional part of `index × step`: an additive recurrence, spread evenly and the same in every run.
func spread(_ index: Int, _ step: Double) -> Double {
    (Double(index) * step).truncatingRemainder(dividingBy: 1)
}
let center = lap[0].coordinate
let geofences = (0..<10_000).map { index in
    CircularRegion(
        center: Coordinate(
            latitude: center.latitude - 0.09 + 0.18 * spread(index, 0.754_877_666),
            longitude: center.longitude - 0.113 + 0.226 * spread(index, 0.569_840_291)),
        radius: 100 + 200 * spread(index, 0.618_033_989), identifier: "G\(index)")
}
let store = try GeofenceStore(path: databasePath, geofences: geofences, route: lap.map(\.coordinate))

// 1. The system's check: 20 regions around the start, every fix.
var twenty = try monitor(try store.nearest(LocationManager.maximumMonitoredRegions, to: center))
var events = 0
let twentyMicroseconds = perFix(fixes) { index, fix in events += twenty.observe(fix, at: .seconds(index)).count }

// 2. The nearest-20 query alone, every fix of one lap.
let lapFixes = Array(fixes.prefix(lap.count))
let queryMicroseconds = try perFix(lapFixes) { _, fix in _ = try store.nearest(20, to: fix.coordinate) }

// 3. The pattern: query the nearest 20 (every fix, or after 250 m), swap the monitored set, check.
@MainActor
func pattern(requeryAfter meters: Double) throws -> (microseconds: Double, queries: Int, events: Int) {
    var monitored = RegionMonitor()
    var queriedAt: Coordinate?
    var queries = 0, events = 0
    let microseconds = try perFix(fixes) { index, fix in
        if queriedAt.map({ $0.distance(to: fix.coordinate) >= meters }) ?? true {
            let nearest = try store.nearest(20, to: fix.coordinate)
            let wanted = Set(nearest.map(\.identifier))
            for region in monitored.regions where !wanted.contains(region.identifier) { monitored.remove(region.identifier) }
            let kept = Set(monitored.regions.map(\.identifier))
            for region in nearest where !kept.contains(region.identifier) { try monitored.add(region, app: "geofence-bench") }
            queriedAt = fix.coordinate
            queries += 1
        }
        events += monitored.observe(fix, at: .seconds(index)).count
    }
    return (microseconds, queries, events)
}
let everyFix = try pattern(requeryAfter: 0)
let every250 = try pattern(requeryAfter: 250)

// 4. For scale: every stored geofence checked in memory on every fix of one lap.
var inside = 0
let bruteMicroseconds = perFix(lapFixes) { _, fix in
    inside += geofences.reduce(0) { $0 + ($1.contains(fix.coordinate) ? 1 : 0) }
}

let result: [String: Any] = [
    "fixes": fixes.count,
    "twentyRegionsMicrosecondsPerFix": twentyMicroseconds,
    "twentyRegionsEvents": events,
    "nearestQueryMicroseconds": queryMicroseconds,
    "patternEveryFixMicrosecondsPerFix": everyFix.microseconds,
    "patternEveryFixEvents": everyFix.events,
    "pattern250mMicrosecondsPerFix": every250.microseconds,
    "pattern250mQueries": every250.queries,
    "pattern250mEvents": every250.events,
    "bruteForce10000MicrosecondsPerFix": bruteMicroseconds,
    "nearestSQL": GeofenceStore.nearestSQL,
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
