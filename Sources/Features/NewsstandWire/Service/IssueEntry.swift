import BackgroundWire
import Foundation

/// An issue as the ``TransferService`` tells the app's ``Library`` of it: its name, its date,
/// and the content directory the system gave it.
package struct IssueEntry: Codable, Sendable, Equatable {
    package let name: String
    package let date: Date
    package let contentPath: String

    package init(name: String, date: Date, contentPath: String) {
        self.name = name
        self.date = date
        self.contentPath = contentPath
    }
}
