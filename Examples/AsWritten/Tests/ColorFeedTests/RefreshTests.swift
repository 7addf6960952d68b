import BackgroundRuntimeTesting
@testable import ColorFeed
import Foundation
import Testing

/// Apple's register, schedule and handle pattern, as written, under iOS 17's rules: the request
/// for 15 minutes later, the refresh launched for it, and the task completed — or expired and
/// cancelled — from the operation's own thread.
@Suite struct RefreshTests {
    @Test func leavingTheScreenAsksForARefreshFifteenMinutesLater() throws {
        let device = try makeDevice()
        device.launch()
        device.pressHome()
        let pending = device.taskScheduler.pendingTaskRequests
        #expect(pending.map(\.identifier) == [refresh])
        let earliest = try #require(pending.first?.earliestBeginDate)
        let now = device.date(at: device.now)
        #expect(abs(earliest.timeIntervalSince(now) - 15 * 60) < 60, "\(earliest) is 15 minutes after \(now)")
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func theRefreshRunsItsOperationAndCompletesFromTheOperationsThread() async throws {
        let device = try makeDevice()
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        try work.setEarliestDateReached(for: refresh)
        #expect(await device.runUntilConsoleShows("BGTaskScheduler: task \(refresh) completed (success: true)"))
        #expect(device.taskScheduler.pendingTaskRequests.map(\.identifier) == [refresh], "the handler asked for the next one")
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func whenTimeRunsOutTheExpirationHandlerCancelsTheOperationAndTheTaskEnds() async throws {
        let server = HeldServer()
        let device = try makeDevice(server: server)
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        try work.setEarliestDateReached(for: refresh)
        for _ in 1...30 where device.consoleLines(containing: "BGTaskScheduler: task \(refresh) expires").isEmpty {
            device.advance(by: .seconds(1))
        }
        #expect(await device.runUntilConsoleShows("BGTaskScheduler: task \(refresh) completed (success: false)"))
        #expect(device.diagnosticMessages.isEmpty, "the task ended in time: the app is not terminated")
        server.release()
    }
}
