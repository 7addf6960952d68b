import Foundation

/// An item of the server's queue as the app is told of it: its number, where it is, whether it
/// can be played and its duration.
struct AudioItemRecord: Codable, Sendable, Equatable {
    let id: Int
    let url: URL
    let status: PlayerItemStatus
    let duration: Duration?
}
