import Foundation

/// Reads a GPX or NMEA file into a ``Track``, telling the format by its content.
public enum TrackFile {
    /// The largest file read, so that a mistaken path cannot fill the memory: 256 MiB.
    public static let maximumSize = 256 << 20

    /// Reads the track at `path`; the error names the file and what is wrong with it.
    public static func load(path: String) throws(TrackError) -> Track {
        let url = URL(fileURLWithPath: path)
        let size: Int
        do {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values.isRegularFile == true else { throw TrackError.unreadable(file: path, reason: "it is not a regular file") }
            size = values.fileSize ?? 0
        } catch let error as TrackError {
            throw error
        } catch {
            throw .unreadable(file: path, reason: Self.reason(error))
        }
        guard size <= maximumSize else { throw .tooLarge(file: path, bytes: size, limit: maximumSize) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: path, reason: Self.reason(error))
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

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
