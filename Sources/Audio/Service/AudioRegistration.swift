/// The ``AudioService``'s answer to a player's ``AudioServiceCall/register``: the number its
/// news names, and the player's clock as it stands.
struct AudioRegistration: Codable, Sendable, Equatable {
    let client: Int
    let timebase: AudioTimebase
}
