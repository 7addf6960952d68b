/// A part of the device the system powers for the app while it works: the location receiver
/// at an accuracy, or the audio output.
public enum EnergyResource: Sendable, Hashable {
    /// The location receiver, at an accuracy by its name (e.g. `best`, `hundredMeters`).
    case location(accuracy: String)
    /// The audio output.
    case audioOutput

    /// Energy units per second while powered: Backgrounder's model of the relative costs the
    /// Energy Efficiency Guide for iOS Apps describes (“Reduce accuracy and duration”: GPS
    /// costs the most, coarse accuracy far less). Apple publishes no numbers.
    var unitsPerSecond: Double {
        switch self {
        case .audioOutput: 0.1
        case .location(let accuracy):
            switch accuracy {
            case "bestForNavigation", "best": 0.5
            case "nearestTenMeters": 0.3
            case "hundredMeters": 0.1
            default: 0.02
            }
        }
    }
}
