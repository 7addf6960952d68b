import BackgroundRuntimeTesting
@testable import BackgroundIdioms
import Foundation
import Testing

/// BGTaskScheduler from a plain class, as written: registered at launch, submitted on the way to
/// the background, launched by the system for the refresh, completed, and rescheduled — also in a
/// launch the system makes for it after the app was terminated.
@Suite struct RefreshSchedulerTests {
    @Test func theRefreshIsLaunchedCompletedAndScheduledAgain() async throws {
        let device = try makeIdiomsDevice()
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        #expect(device.taskScheduler.pendingTaskRequests.map(\.identifier) == [RefreshScheduler.identifier])
        try work.setEarliestDateReached(for: RefreshScheduler.identifier)
        #expect(await device.runUntilConsoleShows("BGTaskScheduler: task \(RefreshScheduler.identifier) completed (success: true)"))
        #expect(device.taskScheduler.pendingTaskRequests.map(\.identifier) == [RefreshScheduler.identifier])
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func aTerminatedAppIsLaunchedInTheBackgroundForItsRefresh() async throws {
        let device = try makeIdiomsDevice()
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        device.terminate(.system(reason: "memory pressure"))
        try work.setEarliestDateReached(for: RefreshScheduler.identifier)
        #expect(await device.runUntilConsoleShows("BGTaskScheduler: task \(RefreshScheduler.identifier) completed (success: true)"))
        #expect(device.launchCount == 2, "relaunched for the task, which the new launch registered again")
        #expect(device.diagnosticMessages.isEmpty)
    }
}
