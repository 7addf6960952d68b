import Foundation
import TestSupport
import Testing

@Suite("The backgrounder binary: background fetch", .temporaryDirectory)
struct FetchBinaryTests {
    /// The Fetch screen's label in each `status` line of `output`.
    private func labels(in output: String) throws -> [String] {
        try output.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            let status = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let screens = try #require(status["screens"] as? [String: Any])
            let fetch = try #require(screens["fetch"] as? [String: Any])
            return try #require(fetch["label"] as? String)
        }
    }

    private let fetchedTime = #/^\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}:\d{2}\s[AP]M .+$/#

    @Test func launchedForAFetchThenOpenedShowsTheFetchedTime() async throws {
        let run = try await runBackgrounder(
            headlessRun(["--launch-reason", "fetch"]),
            input: "status\nopen\nstatus\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("State: notRunning → background"))
        #expect(run.stdout.contains("Background fetch 1 began"))
        #expect(run.stdout.contains("State: background → suspended"))
        // The first status may come before the app has run its launch; after open it has.
        let labels = try labels(in: run.stdout)
        #expect(labels.count == 2)
        #expect((try? fetchedTime.wholeMatch(in: labels.last ?? "")) != nil, "\(labels)")
    }

    @Test func simulateWhileBackgroundedUpdatesTheTimeAndLogsTheFetch() async throws {
        let run = try await runBackgrounder(
            headlessRun(),
            input: "status\nhome\nfetch simulate\nopen\nstatus\n")
        #expect(run.status == 0)
        let labels = try labels(in: run.stdout)
        #expect(labels.first == "Not yet updated")
        #expect(labels.count == 2 && (try? fetchedTime.wholeMatch(in: labels[1])) != nil)
        #expect(run.stdout.contains("Simulating a background fetch"))
        #expect(run.stdout.contains("App is backgrounded. Fetched the time: newData. Label: \(labels.last ?? "")"))
        #expect(run.stdout.contains("completed with newData"))
    }

    @Test func aFetchURLThatIsNotHTTPIsRefused() async throws {
        let run = try await runBackgrounder(["run", "--headless", "--fetch-url", "ftp://example.org/feed"], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("--fetch-url ftp://example.org/feed: not an http or https URL with a host"))
    }

    @Test func pendingTaskRequestsSurviveARestartOfTheProcess() async throws {
        let dataDir = temporaryDataDirectory()
        let first = try await runBackgrounder(headlessRun(["--ios", "13"], dataDirectory: dataDir), input: "home\n")
        #expect(first.stdout.contains("BGTaskScheduler: submitted app refresh request com.raywenderlich.TheBackgrounder.refresh"))
        let second = try await runBackgrounder(headlessRun(["--ios", "13"], dataDirectory: dataDir), input: "bgtask list\n")
        #expect(second.stdout.contains("1 pending request(s) restored"))
        #expect(second.stdout.contains(#""identifier":"com.raywenderlich.TheBackgrounder.refresh""#))
    }
}
