import Foundation
import LocationWire

/// Reads a GPX or NMEA file into a ``Track``, telling the format by its content.
public enum TrackFile {
    /// The largest file read, so that a mistaken path cannot fill the memory: 256 MiB.
    public static let maximumSize = 256 << 20

    /// Reads the track at `path`; the error names the file and what is wrong with it.
    public static func load(path: String) throws(TrackError) -> Track {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "it is a folder, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(file: path, reason: "permission denied") }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumSize else { throw .tooLarge(file: path, bytes: size, limit: maximumSize) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: path, reason: error.localizedDescription)
        }
        return try parse(data, source: path, name: url.deletingPathExtension().lastPathComponent)
    }

    /// Reads a track from `data`: GPX if it starts with `<`, NMEA if with `$` or `!`.
    /// - Parameters:
    ///   - source: names the data in issues and errors.
    ///   - name: the track's name when the file gives none.
    public static func parse(_ data: Data, source: String, name: String) throws(TrackError) -> Track {
        guard data.count <= maximumSize else { throw .tooLarge(file: source, bytes: data.count, limit: maximumSize) }
        let result: Result<Track, TrackError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(TrackError) -> Track in
                if NMEAParser.looksLikeNMEA(bytes) {
                    return try NMEAParser.parse(bytes, source: source, fallbackName: name)
                }
                guard bytes.first(where: { $0 > 0x20 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<") else {
                    throw .unknownFormat(file: source)
                }
                return try GPXParser.parse(bytes, source: source, fallbackName: name)
            }
        }
        return try result.get()
    }
}
