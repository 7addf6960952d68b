import Foundation

/// An issue as the ``TransferService`` tells the app's ``Library`` of it: its name, its date,
/// and the content directory the system gave it.
struct IssueEntry: Codable, Sendable, Equatable {
    let name: String
    let date: Date
    let contentPath: String
}
