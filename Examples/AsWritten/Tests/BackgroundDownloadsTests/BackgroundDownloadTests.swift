import BackgroundRuntimeTesting
@testable import BackgroundDownloads
import Foundation
import Testing

/// The code of "Downloading files in the background" on the test device, with a real web
/// server on loopback: the download begins no sooner than the hour its task asks for, goes on
/// while the app is suspended or not running, and the app, woken or launched for the session's
/// events, keeps the file and tells the system it is done from the main queue. Its
/// `DispatchQueue.main.async` block runs on the test process's main queue, which the test device
/// holds (in the app's own process it is the app's main thread).
@Suite("Downloading files in the background")
struct BackgroundDownloadTests {
    /// The listing's `earliestBeginDate`: an hour after the task is made.
    static let hour = Duration.seconds(60 * 60)
    /// Past that date: the app's `Date()` is read a moment of real time after the device starts
    /// its clock, so the task's hour ends that moment later on the device's clock.
    static let begun = hour + .seconds(10)

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

    @Test func aDownloadBeginsAnHourLaterEndsWhileTheAppIsSuspendedAndTheWokenAppKeepsTheFile() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory)
        await phone.device.holdMainActor()
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        phone.device.conditions.setExternalPower(true)
        #expect(phone.device.appState == .suspended)
        #expect(phone.device.backgroundTransfers.map(\.phase) == [.scheduled], "not before its earliestBeginDate")
        phone.device.advance(by: Self.hour - .seconds(1))
        #expect(phone.device.backgroundTransfers.map(\.phase) == [.scheduled], "power and the network do not start it sooner")
        #expect(phone.device.consoleLines(containing: "saved").isEmpty)
        phone.device.advance(by: Self.begun - Self.hour + .seconds(1))
        #expect(await phone.device.runUntilConsoleShows("saved issue-42.pdf"))
        #expect(try Data(contentsOf: phone.documents.appendingPathComponent("issue-42.pdf")) == body)
        #expect(await phone.device.runUntilConsoleShows("the app called the completion handler"), "from the main queue")
        phone.device.advance(by: .seconds(60))
        #expect(phone.device.diagnosticMessages.isEmpty, "the completion handler was called")
        #expect(phone.device.appState == .suspended, "suspended again once the handler was called")
        #expect(phone.device.backgroundTransfers.isEmpty)
        await phone.stop()
    }

    @Test func anAppNoLongerRunningIsLaunchedForTheEventsAndFindsTheTasksURL() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory)
        await phone.device.holdMainActor()
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        phone.device.terminate(.system(reason: "memory pressure"))
        #expect(phone.device.appState == .notRunning)
        phone.device.conditions.setExternalPower(true)
        phone.device.advance(by: Self.begun)
        #expect(await phone.device.runUntilConsoleShows("saved issue-42.pdf"), "originalRequest names the URL in the new launch")
        #expect(try Data(contentsOf: phone.documents.appendingPathComponent("issue-42.pdf")) == body)
        #expect(await phone.device.runUntilConsoleShows("the app called the completion handler"))
        phone.device.advance(by: .seconds(60))
        #expect(phone.device.diagnosticMessages.isEmpty)
        await phone.stop()
    }

    @Test func aCompletionHandlerNeverCalledIsNamed() async throws {
        defer { cleanUp() }
        let phone = try DownloadsDevice(in: directory) { ForgetfulAppDelegate() }
        await phone.device.holdMainActor()
        phone.device.launch()
        phone.startDownload(from: server.url("issue-42.pdf"))
        phone.device.pressHome()
        phone.device.conditions.setExternalPower(true)
        phone.device.advance(by: Self.begun)
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
        phone.device.advance(by: Self.begun)
        #expect(await phone.device.runUntilConsoleShows("download failed: "))
        #expect(phone.device.consoleLines(containing: "download failed: ").contains { $0.contains("404") })
        await phone.stop()
    }
}
