import Foundation

/// An item of the server's queue as the app is told of it: its number, where it is, whether it
/// can be played and its duration.
package struct AudioItemRecord: Codable, Sendable, Equatable {
    package let id: Int
    package let url: URL
    package let status: PlayerItemStatus
    package let duration: Duration?

    package init(id: Int, url: URL, status: PlayerItemStatus, duration: Duration?) {
        self.id = id
        self.url = url
        self.status = status
        self.duration = duration
    }
}
