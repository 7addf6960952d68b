import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// Where Newsstand keeps its files, all under `newsstand/` in the data directory.
public struct NewsstandDirectories: Sendable {
    /// `newsstand/`.
    public let root: URL
    /// `newsstand/Issues/NAME/`: each issue's content directory.
    public let issues: URL
    /// `newsstand/Transfers/`: partial files, and finished ones while the app takes them.
    public let transfers: URL
    /// `newsstand/newsstand.sqlite`.
    public let database: URL

    public init(dataDirectory: URL) {
        root = dataDirectory.appendingPathComponent("newsstand", isDirectory: true)
        issues = root.appendingPathComponent("Issues", isDirectory: true)
        transfers = root.appendingPathComponent("Transfers", isDirectory: true)
        database = root.appendingPathComponent("newsstand.sqlite")
    }

    func create() throws {
        for directory in [issues, transfers] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// An issue's content directory; `name` was checked by ``SafeName``.
    func content(ofIssue name: String) -> URL {
        issues.appendingPathComponent(name, isDirectory: true)
    }

    /// The partial (then complete) file of an asset; its name is the service's own identifier.
    func partFile(ofAsset id: String) -> URL {
        transfers.appendingPathComponent("\(id).part")
    }

    /// Where a finished file waits, under its real name, while the app's delegate takes it.
    func delivery(ofAsset id: String) -> URL {
        transfers.appendingPathComponent(id, isDirectory: true)
    }
}
