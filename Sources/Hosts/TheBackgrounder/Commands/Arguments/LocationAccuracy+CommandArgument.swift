import BackgroundCommands
import Location

extension LocationAccuracy: CommandArgument {
    /// Reads `best`, `nearestTenMeters` or `nearest-ten-meters` (see ``LocationAccuracy/init(name:)``).
    public init?(commandWord word: String) {
        self.init(name: word)
    }

    public static var expectation: String {
        "an accuracy; choose \(allCases.map(\.rawValue).joined(separator: ", "))"
    }
}
