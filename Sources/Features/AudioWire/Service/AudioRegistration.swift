/// The ``AudioService``'s answer to a player's ``AudioServiceCall/register``: the number its
/// news names, and the player's clock as it stands.
package struct AudioRegistration: Codable, Sendable, Equatable {
    package let client: Int
    package let timebase: AudioTimebase

    package init(client: Int, timebase: AudioTimebase) {
        self.client = client
        self.timebase = timebase
    }
}
