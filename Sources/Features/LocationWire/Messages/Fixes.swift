import Foundation

/// Fixes as the messages carry them: a flat JSON array of eight numbers a fix — latitude,
/// longitude, altitude, horizontal accuracy, vertical accuracy, speed, course, and the time in
/// seconds since 2001 (Foundation's reference date, so that a `Date` comes back bit for bit) —
/// a third of the bytes of keyed objects, and no key to read or write on the live path.
/// Numbers that are not finite (an unknown speed is -1, but a receiver may send worse) cross
/// as strings (``LocationJSON``).
package struct Fixes: Codable, Sendable, Equatable {
    package var locations: [Location]

    package init(_ locations: [Location]) {
        self.locations = locations
    }

    /// The numbers a fix takes.
    private static let width = 8

    package func encode(to encoder: any Encoder) throws {
        var numbers: [Double] = []
        numbers.reserveCapacity(locations.count * Self.width)
        for location in locations {
            numbers.append(location.coordinate.latitude)
            numbers.append(location.coordinate.longitude)
            numbers.append(location.altitude)
            numbers.append(location.horizontalAccuracy)
            numbers.append(location.verticalAccuracy)
            numbers.append(location.speed)
            numbers.append(location.course)
            numbers.append(location.timestamp.timeIntervalSinceReferenceDate)
        }
        var container = encoder.singleValueContainer()
        try container.encode(numbers)
    }

    package init(from decoder: any Decoder) throws {
        let numbers = try decoder.singleValueContainer().decode([Double].self)
        guard numbers.count % Self.width == 0 else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(numbers.count) numbers are not fixes of \(Self.width)"))
        }
        locations = stride(from: 0, to: numbers.count, by: Self.width).map { start in
            Location(
                coordinate: Coordinate(latitude: numbers[start], longitude: numbers[start + 1]), altitude: numbers[start + 2],
                horizontalAccuracy: numbers[start + 3], verticalAccuracy: numbers[start + 4], speed: numbers[start + 5],
                course: numbers[start + 6], timestamp: Date(timeIntervalSinceReferenceDate: numbers[start + 7]))
        }
    }
}
