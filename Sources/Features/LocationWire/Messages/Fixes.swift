import Foundation

/// Fixes as the messages carry them: one run of bytes, eight little-endian `Double`s a fix —
/// latitude, longitude, altitude, horizontal accuracy, vertical accuracy, speed, course, and
/// the time in seconds since 2001 (Foundation's reference date, so that a `Date` comes back bit
/// for bit). The wire copies bytes in one go, where an array of numbers is a value, a tag and a
/// generic call each: on the live path, a batch of fixes is one copy each way.
package struct Fixes: Codable, Sendable, Equatable {
    package var locations: [Location]

    package init(_ locations: [Location]) {
        self.locations = locations
    }

    /// The bytes a fix takes.
    private static let width = 8 * MemoryLayout<UInt64>.size

    package func encode(to encoder: any Encoder) throws {
        let bytes = [UInt8](unsafeUninitializedCapacity: locations.count * Self.width) { buffer, count in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var offset = 0
            func append(_ number: Double) {
                raw.storeBytes(of: number.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            for location in locations {
                append(location.coordinate.latitude)
                append(location.coordinate.longitude)
                append(location.altitude)
                append(location.horizontalAccuracy)
                append(location.verticalAccuracy)
                append(location.speed)
                append(location.course)
                append(location.timestamp.timeIntervalSinceReferenceDate)
            }
            count = offset
        }
        var container = encoder.singleValueContainer()
        try container.encode(bytes)
    }

    package init(from decoder: any Decoder) throws {
        let bytes = try decoder.singleValueContainer().decode([UInt8].self)
        guard bytes.count % Self.width == 0 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(bytes.count) bytes are not fixes of \(Self.width)"))
        }
        locations = bytes.withUnsafeBytes { raw in
            func number(_ index: Int) -> Double {
                Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self)))
            }
            return stride(from: 0, to: bytes.count / 8, by: 8).map { start in
                Location(
                    coordinate: Coordinate(latitude: number(start), longitude: number(start + 1)), altitude: number(start + 2),
                    horizontalAccuracy: number(start + 3), verticalAccuracy: number(start + 4), speed: number(start + 5),
                    course: number(start + 6), timestamp: Date(timeIntervalSinceReferenceDate: number(start + 7)))
            }
        }
    }
}
