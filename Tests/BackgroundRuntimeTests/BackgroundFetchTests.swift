import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import Testing

@Suite("Background fetch: the system wakes or launches the app, gives it 30 s, and reads the result")
struct BackgroundFetchTests {
    @Test func theDefaultIntervalIsNeverAndNothingIsFetched() {
        let recorder = FetchRecorder(.init(interval: .never))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.advance(by: .seconds(7 * 86_400))
        #expect(recorder.entries.isEmpty)
        #expect(device.backgroundFetch.interval == .never)
        #expect(device.backgroundFetch.plannedFetch == nil)
    }

    @Test func aSuspendedAppIsWokenFetchedAndSuspendedAgainNoEarlierThanTheInterval() {
        let recorder = FetchRecorder(.init(interval: .interval(.seconds(3600))))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(3599))
        #expect(recorder.entries.isEmpty)
        device.advance(by: .seconds(1800))
        let fetch = try! #require(recorder.entries.first)
        #expect(fetch.state == .background)
        #expect(device.deviceTime(of: fetch.date) >= .seconds(3600))
        #expect(device.appState == .suspended)
        let lines = device.console.recentMessages
        #expect(lines.contains("Woken in the background: Background fetch"))
        #expect(lines.contains { $0.hasPrefix("Background fetch 1 completed with newData after 0.0 s") })
        #expect(device.stateLines.suffix(2) == ["State: suspended → background", "State: background → suspended"])
    }

    @Test func theFetchKeepsTheAppRunningUntilItsCompletionHandlerIsCalled() {
        let recorder = FetchRecorder(.init(duration: .seconds(20)))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.backgroundFetch.simulate()
        #expect(device.appState == .background)
        #expect(device.status().activities == ["Background fetch"])
        device.advance(by: .seconds(19))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.count == 0)
    }

    @Test func anAppThatIsNotRunningIsLaunchedIntoTheBackgroundForAFetch() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        device.terminate(.system(reason: "memory pressure"))
        device.advance(by: .seconds(3600))
        #expect(!recorder.entries.isEmpty)
        #expect(recorder.entries.allSatisfy { $0.launchReason == .fetch && $0.state == .background })
        #expect(device.launchReason == .fetch)
        #expect(device.appState == .suspended)
    }

    @Test func anAppTheUserSwipedAwayIsNotLaunchedUntilTheUserOpensIt() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.terminate(.user)
        device.advance(by: .seconds(86_400))
        #expect(recorder.entries.isEmpty)
        device.openApp()
        device.pressHome()
        device.advance(by: .seconds(86_400))
        #expect(!recorder.entries.isEmpty)
    }

    @Test func neverWhileTheAppIsActive() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.advance(by: .seconds(86_400))
        #expect(recorder.entries.isEmpty)
        device.pressHome()
        device.advance(by: .seconds(9 * 60))
        #expect(recorder.entries.count == 1)
        #expect(device.times(of: recorder.entries).allSatisfy { $0 >= .seconds(86_400) })
    }

    @Test func aFetchDueWhileTheAppIsOnScreenWaitsUntilItLeaves() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        let planned = try! #require(device.backgroundFetch.plannedFetch)
        device.advance(to: planned - .seconds(1))
        device.openApp()
        device.advance(by: .seconds(3600))
        #expect(recorder.entries.isEmpty)
        device.pressHome()
        #expect(device.backgroundFetch.plannedFetch != nil)
    }

    @Test func aCompletionHandlerNotCalledInTimeGetsTheAppTerminated() {
        let recorder = FetchRecorder(.init(completes: false))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.backgroundFetch.simulate()
        device.advance(by: .seconds(29))
        #expect(device.appState == .background)
        device.advance(by: .seconds(1))
        #expect(device.appState == .notRunning)
        #expect(device.diagnostics.countByRule[.completionTimeout] == 1)
        let message = try! #require(device.diagnosticMessages.last)
        #expect(message.contains("did not call the completion handler of background fetch 1 within 30 s"))
        #expect(message.contains("name: Background Content Fetching"))
        #expect(device.console.recentMessages.contains { $0.contains("0x8badf00d") })
        #expect(device.backgroundFetch.scheduler.streak == 1)
    }

    @Test func aCompletionHandlerCalledTwiceIsADiagnostic() {
        let recorder = FetchRecorder(.init(completesTwice: true))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.backgroundFetch.simulate()
        #expect(device.diagnostics.countByRule[.doubleCompletion] == 1)
        #expect(device.diagnosticMessages.last?.contains("background fetch 1 was called again") == true)
        #expect(device.appState == .suspended)
    }

    @Test func withoutTheFetchModeThereIsADiagnosticAndNoFetch() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(modes: [], recorder: recorder)
        device.launch()
        #expect(device.diagnostics.countByRule[.missingBackgroundMode] == 1)
        #expect(device.diagnosticMessages.first?.contains("you still need to add \"fetch\" to the list of your supported UIBackgroundModes") == true)
        device.pressHome()
        device.advance(by: .seconds(86_400))
        device.backgroundFetch.simulate()
        #expect(recorder.entries.isEmpty)
        #expect(device.diagnostics.countByRule[.missingBackgroundMode] == 2)
    }

    @Test func iOS6HasNoBackgroundFetch() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(iOS: 6, recorder: recorder)
        device.launch()
        #expect(device.diagnostics.countByRule[.unavailableAPI] == 1)
        device.pressHome()
        device.advance(by: .seconds(86_400))
        #expect(recorder.entries.isEmpty)
    }

    @Test func backgroundAppRefreshOffStopsFetching() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.conditions.setBackgroundAppRefresh(enabled: false)
        #expect(device.perform { $0.backgroundRefreshStatus } == .denied)
        device.pressHome()
        device.advance(by: .seconds(86_400))
        #expect(recorder.entries.isEmpty)
        device.conditions.setBackgroundAppRefresh(enabled: true)
        device.advance(by: .seconds(86_400))
        #expect(!recorder.entries.isEmpty)

        // The app's own switch under Settings ▸ General ▸ Background App Refresh.
        device.openApp()
        device.conditions.setBackgroundAppRefreshForApp(enabled: false)
        #expect(device.perform { $0.backgroundRefreshStatus } == .denied)
        #expect(device.statusJSON().contains(#""backgroundAppRefreshForApp":"off""#))
        device.pressHome()
        let fetched = recorder.entries.count
        device.advance(by: .seconds(86_400))
        #expect(recorder.entries.count == fetched)
    }

    @Test func simulateFromTheForegroundSendsTheAppToTheBackgroundFirst() {
        let recorder = FetchRecorder(.init())
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.backgroundFetch.simulate()
        #expect(recorder.entries.map(\.state) == [.background])
        #expect(device.appState == .suspended)
        #expect(device.console.recentMessages.contains("Simulating a background fetch"))
    }

    @Test func aDelegateWithoutPerformFetchIsToldWhy() {
        let device = makeDevice(modes: [.fetch])
        device.launch()
        device.backgroundFetch.simulate()
        #expect(device.diagnostics.countByRule[.missingFetchHandler] == 1)
        #expect(device.appState == .suspended)
    }

    @Test func theNextEarliestFetchIsTheLastFetchPlusTheSpacing() {
        let recorder = FetchRecorder(.init(interval: .interval(.seconds(7200))))
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        #expect(device.perform { $0.nextEarliestBackgroundFetch } == device.date(at: .seconds(7200)))
        device.backgroundFetch.simulate()
        device.openApp()
        #expect(device.perform { $0.nextEarliestBackgroundFetch } == device.date(at: .seconds(7200)))
        device.perform { $0.setMinimumBackgroundFetchInterval(.never) }
        #expect((device.perform { $0.nextEarliestBackgroundFetch } ?? nil) == nil)
    }
}
