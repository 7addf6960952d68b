/// How the app's audio goes with other apps' (`AVAudioSession.CategoryOptions`, iOS 6): the two
/// options that decide whether the session interrupts others and can be the Now Playing app.
/// `status` shows them by name.
public struct AudioSessionCategoryOptions: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The app's audio mixes with other apps' rather than interrupting them; set by ambient,
    /// and by ``duckOthers``. A session that mixes cannot make the app the Now Playing app.
    public static let mixWithOthers = AudioSessionCategoryOptions(rawValue: 1 << 0)
    /// Other apps' audio is made quieter while the app's plays; implies ``mixWithOthers``.
    public static let duckOthers = AudioSessionCategoryOptions(rawValue: 1 << 1)

    private static let named: [(String, AudioSessionCategoryOptions)] = [
        ("mixWithOthers", .mixWithOthers), ("duckOthers", .duckOthers),
    ]

    /// The options' names, in a fixed order.
    public var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }

    public var description: String { names.isEmpty ? "none" : names.joined(separator: ", ") }

    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        self = Self(Self.named.filter { names.contains($0.0) }.map(\.1))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
