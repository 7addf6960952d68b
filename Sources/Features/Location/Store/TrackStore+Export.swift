import Foundation
import LocationWire

extension TrackStore {
    /// Writes the whole track to `destination` as GPX 1.1, a chunk at a time; returns how many
    /// fixes it wrote. The file appears whole or not at all (it is written beside and renamed).
    @discardableResult
    public func exportGPX(to destination: URL, name: String) throws(TrackStoreError) -> Int {
        try FileWriter.replace(destination) { write throws(TrackStoreError) in
            write(GPXWriter.header(name: name))
            var count = 0
            try forEach { location in
                write(GPXWriter.point(location))
                count += 1
            }
            write(GPXWriter.footer)
            return count
        }
    }
}
