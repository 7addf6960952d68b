import BackgroundRuntimeTesting
@testable import BackgroundDownloads
import Foundation
import Testing

/// The code of "Downloading files in the background" on the test device, with a real web
/// server on loopback: the download goes on while the app is suspended or not running, and the
/// app, woken or launched for the session's events, keeps the file and tells the system it is
/// done.
@Suite("Downloading files in the background")
struct BackgroundDownloadTests {
    let directory: URL
    let server: PythonWebServer
    let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        let site = directory.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try body.write(to: site.appendingPathComponent("issue-42.pdf"))
        server = try PythonWebServer(serving: site)
    }

    func cleanUp() {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    @Test func aDownloadEndsWhileTheAppIsSuspendedAndTheWokenAppKeepsTheFile() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory)
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        #expect(phone.device.appState == .suspended)
        #expect(phone.device.backgroundTransfers.map(\.phase) == [.waitingForPower], "the session is discretionary")
        phone.device.conditions.setExternalPower(true)
        #expect(await phone.device.runUntilConsoleShows("saved issue-42.pdf"))
        #expect(try Data(contentsOf: phone.documents.appendingPathComponent("issue-42.pdf")) == body)
        phone.device.advance(by: .seconds(60))
        #expect(phone.device.diagnosticMessages.isEmpty, "the completion handler was called")
        #expect(phone.device.appState == .suspended, "suspended again once the handler was called")
        #expect(phone.device.backgroundTransfers.isEmpty)
        await phone.stop()
    }

    @Test func anAppNoLongerRunningIsLaunchedForTheEventsAndFindsTheTasksURL() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory)
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        phone.device.terminate(.system(reason: "memory pressure"))
        #expect(phone.device.appState == .notRunning)
        phone.device.conditions.setExternalPower(true)
        #expect(await phone.device.runUntilConsoleShows("saved issue-42.pdf"), "originalRequest names the URL in the new launch")
        #expect(try Data(contentsOf: phone.documents.appendingPathComponent("issue-42.pdf")) == body)
        phone.device.advance(by: .seconds(60))
        #expect(phone.device.diagnosticMessages.isEmpty)
        await phone.stop()
    }

    @Test func aCompletionHandlerNeverCalledIsNamed() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory) { ForgetfulAppDelegate() }
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        phone.device.conditions.setExternalPower(true)
        #expect(await phone.device.runUntilConsoleShows("saved issue-42.pdf"))
        #expect(phone.device.consoleLines(containing: "handling the events of MySession").count == 1)
        phone.device.advance(by: .seconds(31))
        #expect(phone.device.diagnosticMessages.contains {
            $0.contains("[session-events-not-completed]")
                && $0.contains("did not call the completion handler of handleEventsForBackgroundURLSession for session MySession")
        })
        await phone.stop()
    }

    @Test func aMissingFileFailsTheTaskWithTheServersStatus() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory)
        phone.device.launch()
        phone.device.conditions.setExternalPower(true)
        phone.startDownload(from: server.url("no-such-issue.pdf"))
        #expect(await phone.device.runUntilConsoleShows("download failed: "))
        #expect(phone.device.consoleLines(containing: "download failed: ").contains { $0.contains("404") })
        await phone.stop()
    }
}
