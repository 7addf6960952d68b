import BackgroundRuntimeTesting
import BackgroundTasks
import Synchronization
import Testing
import UIKit

/// BackgroundTasks' spelling reaches the runtime's scheduler with the request's settings, and
/// hands the launch handler a task of its kind.
@Suite struct BGTaskSchedulerTests {
    private func makeDevice() -> TestDevice {
        let infoPlist = InfoPlist(
            bundleName: "Spelled", bundleIdentifier: "com.example.spelled", backgroundModes: [.processing],
            permittedTaskIdentifiers: [ProcessingDelegate.cleanup])
        return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist) { ProcessingDelegate() }
    }

    @Test func aProcessingRequestKeepsItsConditionsAndItsTaskIsAProcessingTask() throws {
        let device = makeDevice()
        let work = ScheduledWorkDriver(device: device)
        device.launch()
        device.pressHome()
        let pending = device.taskScheduler.pendingTaskRequests
        #expect(pending.map(\.kind) == [.processing] && pending.first?.requiresExternalPower == true)
        try work.setEarliestDateReached(for: ProcessingDelegate.cleanup)
        #expect(device.consoleLines(containing: "Cleaning up").isEmpty, "it waits for external power")
        try work.setAllConditionsMet(for: ProcessingDelegate.cleanup)
        #expect(device.consoleLines(containing: "Cleaning up in a BGProcessingTask").count == 1)
        #expect(device.consoleLines(containing: "completed (success: true)").count == 1)
        #expect(device.diagnosticMessages.isEmpty)
    }

    @Test func thePendingRequestsComeBackAsTheirClasses() {
        let device = makeDevice()
        let found = Mutex<[String]>([])
        device.launch()
        device.performOnMain { _ in
            // Qualified: this file imports the runtime too, whose types have the same names.
            let request = BackgroundTasks.BGProcessingTaskRequest(identifier: ProcessingDelegate.cleanup)
            request.requiresNetworkConnectivity = true
            try? BackgroundTasks.BGTaskScheduler.shared.submit(request)
            BackgroundTasks.BGTaskScheduler.shared.getPendingTaskRequests { requests in
                let described = requests.map { request in
                    "\(type(of: request)) \(request.identifier) network \((request as? BackgroundTasks.BGProcessingTaskRequest)?.requiresNetworkConnectivity ?? false)"
                }
                found.withLock { $0 = described }
            }
        }
        #expect(found.withLock { $0 } == ["BGProcessingTaskRequest \(ProcessingDelegate.cleanup) network true"])
    }
}
