/// Reading MetricKit's written measurements ("12 sec", "2048 B") back into numbers.
enum MetricValue {
    /// The number of `text`, e.g. 12 for "12 sec"; zero when there is none.
    static func number(_ text: Any?) -> Double {
        guard let text = text as? String, let number = text.split(separator: " ").first.flatMap({ Double($0) }) else { return 0 }
        return number
    }

    /// `section[key]` in seconds.
    static func duration(_ section: [String: Any], _ key: String) -> Measurement<UnitDuration> {
        Measurement(value: number(section[key]), unit: .seconds)
    }

    /// `section[key]` in bytes.
    static func bytes(_ section: [String: Any], _ key: String) -> Measurement<UnitInformationStorage> {
        Measurement(value: number(section[key]), unit: .bytes)
    }
}
