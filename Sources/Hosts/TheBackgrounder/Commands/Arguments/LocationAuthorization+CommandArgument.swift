import BackgroundCommands
import Location
import LocationSystem

/// The user's answer to the permission alert: `ask` is no answer.
extension LocationAuthorization: CommandArgument {
    public init?(commandWord word: String) {
        guard let answer = Self(rawValue: word), answer != .ask else { return nil }
        self = answer
    }

    public static var expectation: String { listed([always, whenInUse, once, denied].map(\.rawValue)) }
}
