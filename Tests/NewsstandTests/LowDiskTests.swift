import BackgroundRuntime
import Foundation
import Testing
@testable import Newsstand
@testable import TheBackgrounder

@Suite("Low disk space", .serialized)
struct LowDiskTests {
    /// A disk of `capacity` bytes that holds only the data directory.
    func options(capacity: Int64, data: URL) -> TransferOptions {
        var options = TransferOptions()
        options.freeSpace = { _ in capacity - directorySize(data) }
        return options
    }

    func addIssue(_ backgrounder: Backgrounder, _ name: String, year: Int, bytes: Int) throws {
        _ = try backgrounder.newsstand.addIssue(
            named: name, date: DateComponents(calendar: .init(identifier: .gregorian), year: year, month: 1, day: 1).date!)
        let file = backgrounder.newsstand.directories.content(ofIssue: name).appendingPathComponent("\(name).pdf")
        try Data(count: bytes).write(to: file)
    }

    @Test func oldIssuesAreEvictedByDateButNeverTheOneBeingRead() async throws {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let data = temporaryDirectory()
        let setup = makeBackgrounder(dataDirectory: data)
        try addIssue(setup, "2011", year: 2011, bytes: 3_000_000)
        try addIssue(setup, "2012", year: 2012, bytes: 3_000_000)
        try addIssue(setup, "2010", year: 2010, bytes: 3_000_000)
        setup.newsstand.currentlyReading = "2010"
        setup.kill()
        let capacity = directorySize(data) + 500_000
        let limited = makeBackgrounder(dataDirectory: data, options: options(capacity: capacity, data: data))
        let log = DownloadLog()
        limited.download(server.url, into: "2013", log: log)
        await limited.pump { log.outcome != nil }
        #expect(log.outcome == "finish the-backgrounder-2013.pdf")
        #expect(limited.newsstand.status(ofIssue: "2010") == .available)
        #expect(limited.newsstand.status(ofIssue: "2011") == .none)
        #expect(limited.newsstand.status(ofIssue: "2012") == .available)
        #expect(limited.messages.contains { $0.hasPrefix("Newsstand: low on disk space") && $0.hasSuffix("evicted the content of issue 2011 of 2011-01-01") })
        #expect(limited.newsstand.issues().map(\.name).contains("2011"))
    }

    @Test func withNothingLeftToEvictTheDownloadFailsForSpace() async throws {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let data = temporaryDirectory()
        let setup = makeBackgrounder(dataDirectory: data)
        try addIssue(setup, "2010", year: 2010, bytes: 1_000_000)
        setup.newsstand.currentlyReading = "2010"
        setup.kill()
        let capacity = directorySize(data) + 500_000
        let limited = makeBackgrounder(dataDirectory: data, options: options(capacity: capacity, data: data))
        let log = DownloadLog()
        limited.download(server.url, into: "2013", log: log)
        await limited.pump { log.outcome != nil }
        let outcome = try #require(log.outcome)
        #expect(outcome.hasPrefix("fail not enough disk space: the download needs 2.0 MB and only "))
        #expect(limited.newsstand.status(ofIssue: "2010") == .available)
        #expect(limited.newsstand.contentFiles(ofIssue: "2013").isEmpty)
    }
}

/// The bytes of the regular files under `url`.
func directorySize(_ url: URL) -> Int64 {
    guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
    var total: Int64 = 0
    for case let file as URL in files {
        total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
    }
    return total
}
