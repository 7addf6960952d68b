import Foundation
import TestSupport
import Testing

/// `backgrounder energy`: a finished run's launches, read back from the data directory.
@Suite("backgrounder energy", .temporaryDirectory)
struct EnergyCommandTests {
    @Test func aRunsLaunchesAndTheirExitsAreReportedAfterItEnds() async throws {
        let data = temporaryDataDirectory()
        let run = try await runBackgrounder(headlessRun(["--push-port", "0"], dataDirectory: data), input: "home\nterminate\nopen\n")
        #expect(run.status == 0, "\(run.stderr)")
        // A line cut short by a kill is skipped, and said so.
        let log = URL(fileURLWithPath: data).appendingPathComponent("energy/launches.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"number\":3,\"byS".utf8))
        try handle.close()
        let report = try await runBackgrounder(["energy", "--data-dir", data], input: "")
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Launch 1 (user) at "))
        #expect(report.stdout.contains("ended normal"))
        #expect(report.stdout.contains("  suspended: "))
        #expect(report.stdout.contains("MXBackgroundExitData: cumulativeNormalAppExitCount 1"))
        #expect(report.stdout.contains("MXForegroundExitData: cumulativeNormalAppExitCount 1"), "the second launch ended with the run")
        #expect(report.stdout.contains("1 line(s) of the log could not be read: line 3: "))
        let json = try await runBackgrounder(["energy", "--data-dir", data, "--json", "--last", "1"], input: "")
        let launches = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(launches.count == 1)
        #expect(launches.first?["exit"] as? String == "normal")
        #expect(launches.first?["endedOnScreen"] as? Bool == true)
    }

    @Test func anEmptyDataDirectoryHasNoLaunches() async throws {
        let data = temporaryDataDirectory()
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let report = try await runBackgrounder(["energy", "--data-dir", data], input: "")
        #expect(report.status == 0)
        #expect(report.stdout == "No launch has ended yet.\n")
    }

    @Test func aDataDirectoryThatIsNotThereIsNamedAndNotMade() async throws {
        let data = temporaryDataDirectory() + "/not-there"
        let report = try await runBackgrounder(["energy", "--data-dir", data], input: "")
        #expect(report.status != 0)
        #expect(report.stderr.contains("--data-dir \(data): no such directory; `run --data-dir \(data)` makes it"), "\(report.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data))
    }
}
