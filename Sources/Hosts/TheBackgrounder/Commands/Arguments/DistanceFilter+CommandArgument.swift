import BackgroundCommands
import Location

extension DistanceFilter: CommandArgument {
    public init?(commandWord word: String) {
        self.init(parsing: word)
    }

    public static let expectation = "none or a number of meters from 0 to 20000000"
}
