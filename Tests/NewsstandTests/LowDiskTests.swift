import BackgroundRuntime
import Foundation
@testable import Newsstand
@testable import NewsstandSystem
import TestSupport
import Testing
@testable import TheBackgrounder

@Suite("Low disk space", .serialized, .temporaryDirectory)
struct LowDiskTests {
    /// Puts issues of `bytes` each (by year) in a data directory, marks `reading` as being read,
    /// then downloads the content server's issue into issue "2013" on a disk that has only
    /// 500 kB left, and waits until it ends.
    func downloadOnAFullDisk(issues: [Int: Int], reading: String) async throws -> (Backgrounder, DownloadLog) {
        let server = try await RunningContentServer()
        defer { Task { await server.stop() } }
        let data = temporaryDirectory()
        let setup = makeBackgrounder(dataDirectory: data)
        for (year, bytes) in issues {
            _ = try setup.newsstand.addIssue(
                named: String(year), date: DateComponents(calendar: .init(identifier: .gregorian), year: year, month: 1, day: 1).date!)
            let file = setup.newsstand.directories.content(ofIssue: String(year)).appendingPathComponent("\(year).pdf")
            try Data(count: bytes).write(to: file)
        }
        setup.newsstand.currentlyReading = reading
        await setup.shutDown()
        var options = TransferOptions()
        let capacity = directorySize(data) + 500_000
        options.freeSpace = { _ in capacity - directorySize(data) }
        let limited = makeBackgrounder(dataDirectory: data, options: options)
        let log = DownloadLog()
        limited.download(server.url, into: "2013", log: log)
        await limited.pump { log.outcome != nil }
        return (limited, log)
    }

    @Test func oldIssuesAreEvictedByDateButNeverTheOneBeingRead() async throws {
        let (limited, log) = try await downloadOnAFullDisk(
            issues: [2011: 3_000_000, 2012: 3_000_000, 2010: 3_000_000], reading: "2010")
        #expect(log.outcome == "finish the-backgrounder-2013.pdf")
        #expect(limited.newsstand.status(ofIssue: "2010") == .available)
        #expect(limited.newsstand.status(ofIssue: "2011") == .none)
        #expect(limited.newsstand.status(ofIssue: "2012") == .available)
        #expect(limited.messages.contains { $0.hasPrefix("Newsstand: low on disk space") && $0.hasSuffix("evicted the content of issue 2011 of 2011-01-01") })
        #expect(limited.newsstand.issues().map(\.name).contains("2011"))
    }

    @Test func withNothingLeftToEvictTheDownloadFailsForSpace() async throws {
        let (limited, log) = try await downloadOnAFullDisk(issues: [2010: 1_000_000], reading: "2010")
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
