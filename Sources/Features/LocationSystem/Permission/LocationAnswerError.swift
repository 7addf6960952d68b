import BackgroundWire
import LocationWire

/// Why the user's answer (`location authorize`, `location precise`) could not be given.
public enum LocationAnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The alert on screen has no button giving that answer; `offered` are its buttons.
    case notOnAlert(LocationAuthorization, offered: [String])
    /// The answer exists only on the permission alert, and none is on screen.
    case noAlert(LocationAuthorization)
    /// The Precise Location switch came with iOS 14.
    case noPreciseSwitch(iOS: Int)

    public var description: String {
        switch self {
        case .notOnAlert(let answer, let offered):
            "the alert on screen has no \(answer.rawValue) answer; its buttons are \(offered.joined(separator: ", "))"
        case .noAlert(let answer):
            "\(answer.rawValue) answers the permission alert, and none is on screen"
        case .noPreciseSwitch(let iOS):
            "\(AvailableAPI.preciseLocation.absence(inIOS: iOS)); this is iOS \(iOS)"
        }
    }
}
