// A process that appends to a track store until it is killed, for the test that kills it
// with SIGKILL in the middle of its inserts.
//
// Usage: TrackStoreWriter PATH BATCH LIMIT — appends BATCH fixes per transaction and prints
// "committed N" (the total stored) after each commit, until the store holds LIMIT fixes; then it
// waits to be killed, so that a test kept from reading its output (a loaded machine) does not let
// it fill the disk.
import Foundation
import Location

let arguments = CommandLine.arguments
guard arguments.count == 4, let batch = Int(arguments[2]), batch > 0, let limit = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: TrackStoreWriter PATH BATCH LIMIT\n".utf8))
    exit(2)
}
do {
    let store = try TrackStore(url: URL(fileURLWithPath: arguments[1]))
    var total = try store.count()
    while total < limit {
        let fixes = (0..<batch).map { index in
            let n = Double(total + index)
            return Location(
                coordinate: Coordinate(latitude: 37 + n * 1e-6, longitude: -122), altitude: n, horizontalAccuracy: 5,
                verticalAccuracy: 5, speed: n, course: 90, timestamp: Date(timeIntervalSince1970: n))
        }
        try store.append(fixes)
        total += batch
        FileHandle.standardOutput.write(Data("committed \(total)\n".utf8))
    }
    while true { pause() }
} catch {
    FileHandle.standardError.write(Data("TrackStoreWriter: \(error)\n".utf8))
    exit(1)
}
