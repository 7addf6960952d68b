@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire

/// A service of the tests' own: its calls are words, its events numbered lines.
enum EchoService: ServiceInterface {
    enum Call: Codable, Sendable, Equatable {
        case echo(String)
        case note(String)
    }

    struct Event: Codable, Sendable, Equatable {
        let number: Int
        let text: String
    }

    static let name = "echo"
}
