import BackgroundCommands
import Location
import LocationSystem

extension GPSDEndpoint: CommandArgument {
    public init?(commandWord word: String) {
        self.init(parsing: word)
    }

    public static let expectation = "HOST:PORT with a port from 1 to 65535"
}
