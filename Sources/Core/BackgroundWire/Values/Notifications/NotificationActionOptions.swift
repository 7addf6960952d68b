/// How a notification action behaves, like `UNNotificationActionOptions`. In `status` and on
/// the link it reads as the names of its options, e.g. `["foreground"]`.
public struct NotificationActionOptions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Choosing the action brings the app to the foreground; without it the app handles the
    /// action in the background.
    public static let foreground = NotificationActionOptions(rawValue: 1 << 0)
    /// The action can be chosen only on an unlocked device.
    public static let authenticationRequired = NotificationActionOptions(rawValue: 1 << 1)
    /// The action destroys something: its button shows in red.
    public static let destructive = NotificationActionOptions(rawValue: 1 << 2)

    private static let named: [(String, NotificationActionOptions)] = [
        ("foreground", .foreground), ("authenticationRequired", .authenticationRequired), ("destructive", .destructive),
    ]

    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        self = []
        for name in names {
            guard let option = Self.named.first(where: { $0.0 == name })?.1 else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no notification action option \(name)"))
            }
            insert(option)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.named.filter { contains($0.1) }.map(\.0))
    }
}
