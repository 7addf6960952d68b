// A process that appends to a track store until it is killed, for the test that kills it
// with SIGKILL in the middle of its inserts.
//
// Usage: TrackStoreWriter PATH BATCH — appends BATCH fixes per transaction, forever, and prints
// "committed N" (the total stored) after each commit.
import Foundation
import Location

let arguments = CommandLine.arguments
guard arguments.count == 3, let batch = Int(arguments[2]), batch > 0 else {
    FileHandle.standardError.write(Data("usage: TrackStoreWriter PATH BATCH\n".utf8))
    exit(2)
}
do {
    let store = try TrackStore(url: URL(fileURLWithPath: arguments[1]))
    var total = try store.count()
    while true {
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
} catch {
    FileHandle.standardError.write(Data("TrackStoreWriter: \(error)\n".utf8))
    exit(1)
}
