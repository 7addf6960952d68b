import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import TestSupport
import Testing

@Suite("BGTaskScheduler: registration, requests and their limits, launches, expiration", .temporaryDirectory)
struct BGTaskSchedulerTests {
    @Test func aProcessingTaskSubmittedAgainWhenTheAppIsResumedWaitsAnHour() {
        var behavior = TaskBehavior()
        behavior.submitsOnDidEnterBackground = true
        let recorder = TaskRecorder(behavior)
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.conditions.lockScreen()
        #expect(recorder.take() == ["launched cleanup (processing, background, user)"])
        #expect(device.appState == .suspended)
        #expect(device.taskScheduler.pendingTaskRequests.map(\.identifier) == ["cleanup"],
                "resumed for the task, the app heard didEnterBackground and submitted it again")
        device.advance(by: .seconds(3599))
        #expect(recorder.take().isEmpty, "not at once: the system spaces processing tasks out")
        device.advance(by: .seconds(1))
        #expect(recorder.take() == ["launched cleanup (processing, background, user)"])
    }

    @Test func thereIsNoTaskSchedulerBeforeIOS13() {
        let device = makeTaskDevice(iOS: 12, recorder: TaskRecorder(.init()))
        device.launch()
        #expect(device.perform { $0.taskScheduler == nil } == true)
        #expect(throws: TaskSimulationError.unavailable(profile: "iOS 12")) {
            try device.taskScheduler.simulateLaunchOfTask(identifier: "refresh")
        }
    }

    @Test func anIdentifierThatIsNotPermittedIsNotRegistered() {
        let device = makeTaskDevice(permitted: ["refresh", "cleanup"], recorder: TaskRecorder(.init(registers: ["refresh", "sneaky"])))
        device.launch()
        #expect(device.appState == .active, "register returns false without crashing, as on iOS")
        #expect(device.diagnostics.countByRule[.taskRegistration] == 1)
        #expect(device.diagnosticMessages.last?.contains("\"sneaky\" is not in BGTaskSchedulerPermittedIdentifiers") == true)
    }

    @Test func submitRefusesWhatIsNotPermitted() {
        let device = makeTaskDevice(modes: [.fetch], recorder: TaskRecorder(.init()))
        device.launch()
        guard case .notPermitted(let identifier, _)? = device.submit(refreshRequest("unknown", on: device)) else {
            Issue.record("an unknown identifier was accepted")
            return
        }
        #expect(identifier == "unknown")
        guard case .notPermitted(_, let reason)? = device.submit(processingRequest()) else {
            Issue.record("a processing request without the processing mode was accepted")
            return
        }
        #expect(reason.hasPrefix("the processing request needs \"processing\" in UIBackgroundModes"), "\(reason)")
        #expect(device.taskScheduler.pendingTaskRequests.isEmpty)

        let noFetch = makeTaskDevice(modes: [.processing], recorder: TaskRecorder(.init()))
        noFetch.launch()
        guard case .notPermitted(_, let refreshReason)? = noFetch.submit(refreshRequest(on: noFetch)) else {
            Issue.record("an app refresh request without the fetch mode was accepted")
            return
        }
        #expect(refreshReason.hasPrefix("the app refresh request needs \"fetch\" in UIBackgroundModes"), "\(refreshReason)")
    }

    @Test func submitIsUnavailableWithBackgroundAppRefreshOff() {
        let device = makeTaskDevice(recorder: TaskRecorder(.init()))
        device.launch()
        device.conditions.setBackgroundAppRefresh(enabled: false)
        #expect(device.submit(refreshRequest(on: device)) == .unavailable)
    }

    @Test func oneRefreshAndTenProcessingRequestsMayBePending() {
        let device = makeTaskDevice(recorder: TaskRecorder(.init()))
        device.launch()
        #expect(device.submit(refreshRequest(on: device)) == nil)
        #expect(device.submit(refreshRequest("a", on: device)) == .tooManyPendingTaskRequests(.appRefresh))
        for identifier in ["cleanup", "a", "b", "c", "d", "e", "f", "g", "h", "i"] {
            #expect(device.submit(processingRequest(identifier)) == nil)
        }
        #expect(device.submit(processingRequest("j")) == .tooManyPendingTaskRequests(.processing))
        #expect(device.taskScheduler.pendingTaskRequests.count == 11)
        #expect(TaskSchedulerError.tooManyPendingTaskRequests(.processing).description.contains("10 processing requests are pending"))
    }

    @Test func resubmittingAnIdentifierReplacesItsRequest() {
        let device = makeTaskDevice(recorder: TaskRecorder(.init()))
        device.launch()
        device.submit(refreshRequest(after: 60, on: device))
        #expect(device.submit(refreshRequest(after: 3600, on: device)) == nil)
        #expect(device.taskScheduler.pendingTaskRequests.count == 1)
        #expect(device.taskScheduler.pendingTaskRequests[0].earliestBeginDate == device.date.addingTimeInterval(3600))
        device.perform { $0.taskScheduler!.cancel(taskRequestWithIdentifier: "refresh") }
        #expect(device.taskScheduler.pendingTaskRequests.isEmpty)
    }

    @Test func aRefreshTaskRunsInTheBackgroundNoEarlierThanItsDate() {
        let recorder = TaskRecorder(.init())
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(refreshRequest(after: 900, on: device))
        device.pressHome()
        device.advance(to: .seconds(899))
        #expect(recorder.take().isEmpty)
        device.advance(to: .seconds(900 + 150))
        #expect(recorder.take() == ["launched refresh (refresh, background, user)"])
        #expect(device.taskScheduler.pendingTaskRequests.isEmpty)
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains("BGTaskScheduler: task refresh completed (success: true)"))
    }

    @Test func anAppThatIsNotRunningIsLaunchedForItsTask() {
        let recorder = TaskRecorder(.init())
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest())
        device.submit(refreshRequest(after: 600, on: device))
        device.conditions.lockScreen()
        #expect(recorder.take() == ["launched cleanup (processing, background, user)"])
        device.terminate(.system(reason: "memory pressure"))
        device.advance(by: .seconds(3600))
        #expect(recorder.take() == ["launched refresh (refresh, background, backgroundTask)"])
        #expect(device.launchReason == .backgroundTask)
    }

    @Test func nothingRunsWhileTheAppIsOnScreen() {
        let recorder = TaskRecorder(.init())
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest())
        device.advance(by: .seconds(86_400))
        #expect(recorder.take().isEmpty)
        device.conditions.lockScreen()
        #expect(recorder.take().count == 1)
    }

    @Test func aTaskThatNeedsPowerWaitsForItAndExpiresWhenUnplugged() {
        let recorder = TaskRecorder(.init(duration: .seconds(120)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest(power: true))
        device.conditions.lockScreen()
        device.advance(by: .seconds(3600))
        #expect(recorder.take().isEmpty)
        device.conditions.setExternalPower(true)
        #expect(recorder.take() == ["launched cleanup (processing, background, user)"])
        device.advance(by: .seconds(10))
        device.conditions.setExternalPower(false)
        #expect(recorder.take() == ["expired cleanup"])
        #expect(device.console.recentMessages.contains("BGTaskScheduler: task cleanup expires (external power was lost)"))
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func aTaskThatNeedsTheNetworkWaitsForIt() {
        let recorder = TaskRecorder(.init())
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.conditions.setNetworkConnectivity(false)
        device.submit(processingRequest(network: true))
        device.conditions.lockScreen()
        device.advance(by: .seconds(3600))
        #expect(recorder.take().isEmpty)
        device.conditions.setNetworkConnectivity(true)
        #expect(recorder.take().count == 1)
    }

    @Test func theExpirationHandlerRunsBeforeTheBudgetEnds() {
        let recorder = TaskRecorder(.init(duration: .seconds(1000)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(processingRequest())
        device.conditions.lockScreen()
        _ = recorder.take()
        device.advance(by: .seconds(294))
        #expect(recorder.take().isEmpty)
        device.advance(by: .seconds(1))
        #expect(recorder.take() == ["expired cleanup"])
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains("BGTaskScheduler: task cleanup completed (success: false)"))
    }

    @Test func aTaskNeverCompletedGetsTheAppTerminated() {
        let recorder = TaskRecorder(.init(completes: false, completesOnExpiration: false))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(refreshRequest(on: device))
        device.pressHome()
        device.advance(by: .seconds(200))
        #expect(recorder.take() == ["launched refresh (refresh, background, user)", "expired refresh"])
        #expect(device.appState == .notRunning)
        #expect(device.diagnostics.countByRule[.completionTimeout] == 1)
        #expect(device.diagnosticMessages.last?.contains("did not call setTaskCompleted(success:) for task refresh") == true)
    }

    @Test func setTaskCompletedTwiceIsADiagnostic() {
        let device = makeTaskDevice(recorder: TaskRecorder(.init(completesTwice: true)))
        device.launch()
        device.submit(processingRequest())
        device.conditions.lockScreen()
        #expect(device.diagnostics.countByRule[.doubleCompletion] == 1)
    }

    @Test func simulateLaunchRunsAPendingTaskNowWhateverItsDate() throws {
        let recorder = TaskRecorder(.init())
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        device.submit(refreshRequest(after: 86_400, on: device))
        #expect(throws: TaskSimulationError.notPending("cleanup")) { try device.taskScheduler.simulateLaunchOfTask(identifier: "cleanup") }
        try device.taskScheduler.simulateLaunchOfTask(identifier: "refresh")
        #expect(recorder.take() == ["launched refresh (refresh, active, user)"])
        #expect(device.taskScheduler.pendingTaskRequests.isEmpty)
        device.submit(processingRequest(power: true))
        device.terminate(.user)
        try device.taskScheduler.simulateLaunchOfTask(identifier: "cleanup")
        #expect(recorder.take() == ["launched cleanup (processing, background, backgroundTask)"])
    }

    @Test func simulateExpirationExpiresARunningTask() throws {
        let recorder = TaskRecorder(.init(duration: .seconds(120)))
        let device = makeTaskDevice(recorder: recorder)
        device.launch()
        #expect(throws: TaskSimulationError.notRunning("cleanup")) { try device.taskScheduler.simulateExpirationOfTask(identifier: "cleanup") }
        device.submit(processingRequest())
        device.conditions.lockScreen()
        #expect(device.taskScheduler.runningTaskIdentifiers == ["cleanup"])
        try device.taskScheduler.simulateExpirationOfTask(identifier: "cleanup")
        #expect(recorder.take() == ["launched cleanup (processing, background, user)", "expired cleanup"])
        #expect(device.taskScheduler.runningTaskIdentifiers.isEmpty)
    }

    @Test func pendingRequestsPersistAcrossARelaunchOfTheSystem() {
        let storage = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: storage) }
        let first = makeTaskDevice(storage: storage, recorder: TaskRecorder(.init()))
        first.launch()
        first.submit(refreshRequest(after: 7200, on: first))
        first.submit(processingRequest(power: true, network: true))
        let submitted = first.taskScheduler.pendingTaskRequests
        first.terminate(.user)
        first.shutdown()

        let recorder = TaskRecorder(.init())
        let second = makeTaskDevice(storage: storage, recorder: recorder)
        #expect(second.taskScheduler.pendingTaskRequests == submitted)
        #expect(second.console.recentMessages.contains { $0.hasPrefix("BGTaskScheduler: 2 pending request(s) restored") })
        second.conditions.lockScreen()
        second.conditions.setExternalPower(true)
        #expect(recorder.take() == ["launched cleanup (processing, background, backgroundTask)"])
        #expect(second.taskScheduler.pendingTaskRequests.map(\.identifier) == ["refresh"])
    }
}
