/// How far the device must move before the next fix is delivered, like `distanceFilter`.
///
/// The distance is measured on the Earth's surface (haversine) from the last fix delivered.
public struct DistanceFilter: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The distance in meters; nil delivers every fix (`kCLDistanceFilterNone`).
    public let meters: Double?

    /// Every fix is delivered.
    public static let none = DistanceFilter(checkedMeters: nil)

    private init(checkedMeters: Double?) {
        meters = checkedMeters
    }

    /// A filter of `meters`; nil unless it is a finite number from 0 to 20,000 km. Zero means none.
    public init?(meters: Double) {
        guard meters.isFinite, meters >= 0, meters <= 20_000_000 else { return nil }
        self.meters = meters == 0 ? nil : meters
    }

    /// Reads `none` or a number of meters.
    public init?(parsing text: String) {
        if text.lowercased() == "none" {
            self = .none
        } else if let value = Double(text) {
            self.init(meters: value)
        } else {
            return nil
        }
    }

    /// `none` or `25 m`.
    public var description: String {
        meters.map { "\($0.formatted) m" } ?? "none"
    }
}

extension Double {
    /// The number without a needless `.0`: `25`, `12.5`.
    package var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
