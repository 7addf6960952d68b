/// How many launches ended for each reason, on screen and off screen, as MetricKit's
/// `MXAppExitMetric` splits them (`foregroundExitData`, `backgroundExitData`).
public struct AppExitCounts: Sendable, Codable, Equatable {
    /// Launches that ended while the app was on screen (active or inactive).
    public var foreground: [AppExitReason: Int] = [:]
    /// Launches that ended while the app was in the background or suspended.
    public var background: [AppExitReason: Int] = [:]

    public init() {}

    /// Counts one ended launch.
    package mutating func count(_ reason: AppExitReason, onScreen: Bool) {
        if onScreen {
            foreground[reason, default: 0] += 1
        } else {
            background[reason, default: 0] += 1
        }
    }

    /// These counts less `earlier` ones.
    package func subtracting(_ earlier: AppExitCounts) -> AppExitCounts {
        var difference = self
        for (reason, count) in earlier.foreground { difference.foreground[reason, default: 0] -= count }
        for (reason, count) in earlier.background { difference.background[reason, default: 0] -= count }
        difference.foreground = difference.foreground.filter { $0.value != 0 }
        difference.background = difference.background.filter { $0.value != 0 }
        return difference
    }

    /// The counts under MetricKit's counter names, every counter present.
    public func metricKitCounters(onScreen: Bool) -> [String: Int] {
        let counts = onScreen ? foreground : background
        return Dictionary(uniqueKeysWithValues: AppExitReason.allCases.map { ($0.metricKitCounter, counts[$0] ?? 0) })
    }

    private enum CodingKeys: String, CodingKey {
        case foreground, background
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        foreground = try Self.decodeCounts(container.decode([String: Int].self, forKey: .foreground))
        background = try Self.decodeCounts(container.decode([String: Int].self, forKey: .background))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.encodeCounts(foreground), forKey: .foreground)
        try container.encode(Self.encodeCounts(background), forKey: .background)
    }

    /// Keyed by the reason's name, as JSON objects are keyed by strings.
    private static func encodeCounts(_ counts: [AppExitReason: Int]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
    }

    private static func decodeCounts(_ counts: [String: Int]) throws -> [AppExitReason: Int] {
        var decoded: [AppExitReason: Int] = [:]
        for (name, count) in counts {
            guard let reason = AppExitReason(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown exit reason \"\(name)\""))
            }
            decoded[reason] = count
        }
        return decoded
    }
}
