import BackgroundWire
import Foundation

/// What one launch of the app cost, by state, and how it ended.
public struct LaunchEnergy: Sendable, Codable, Equatable {
    /// The launch's number since the device booted.
    public var number: Int
    /// Why it was launched.
    public var reason: LaunchReason
    /// When it began, on the wall clock.
    public var started: Date
    /// When it ended; nil while it runs.
    public var ended: Date?
    /// How it ended, as MetricKit counts it; nil while it runs.
    public var exit: AppExitReason?
    /// Whether it ended on screen (MetricKit's foreground exits) rather than off screen.
    public var endedOnScreen = false
    /// The counts in each state.
    public var byState: [EnergyState: EnergyCounters] = [:]

    public init(number: Int, reason: LaunchReason, started: Date) {
        self.number = number
        self.reason = reason
        self.started = started
    }

    /// The counts of every state together.
    public var total: EnergyCounters {
        byState.values.reduce(into: EnergyCounters()) { $0.add($1) }
    }

    private enum CodingKeys: String, CodingKey {
        case number, reason, started, ended, exit, endedOnScreen, byState
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        reason = try container.decode(LaunchReason.self, forKey: .reason)
        started = try Self.date(container.decode(String.self, forKey: .started), key: .started, in: container)
        ended = try container.decodeIfPresent(String.self, forKey: .ended).map { try Self.date($0, key: .ended, in: container) }
        exit = try container.decodeIfPresent(AppExitReason.self, forKey: .exit)
        endedOnScreen = try container.decodeIfPresent(Bool.self, forKey: .endedOnScreen) ?? false
        let states = try container.decode([String: EnergyCounters].self, forKey: .byState)
        for (name, counters) in states {
            guard let state = EnergyState(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .byState, in: container, debugDescription: "unknown state \"\(name)\"")
            }
            byState[state] = counters
        }
    }

    /// Dates are ISO 8601 strings, as everywhere in `status`, whatever the coder's strategy.
    private static func date(
        _ text: String, key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> Date {
        guard let date = UTCDateText.date(from: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not an ISO 8601 date: \"\(text)\"")
        }
        return date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(reason, forKey: .reason)
        try container.encode(UTCDateText.iso8601(started), forKey: .started)
        try container.encode(ended.map(UTCDateText.iso8601), forKey: .ended)
        try container.encode(exit, forKey: .exit)
        try container.encode(endedOnScreen, forKey: .endedOnScreen)
        let states = Dictionary(uniqueKeysWithValues: byState.map { ($0.key.rawValue, $0.value) })
        try container.encode(states, forKey: .byState)
    }
}
