import BackgroundRuntime
import Testing
import Whatever

/// The Whatever tab's Compute button: Fibonacci numbers in a `BGContinuedProcessingTask` (iOS 26).
@Suite("The Whatever tab's continued computation")
struct ContinuedComputationTests {
    @Test func theComputationGoesOnInTheBackgroundWithItsProgressShown() {
        let device = TestDevice.whatever(iOS: 26)
        device.launch()
        device.withScreen { $0.computation.compute(count: 5) }
        #expect(device.whatever?.computation?.state == .running)
        device.advance(by: .seconds(1))
        let activity = device.taskScheduler.continuedProcessingActivities.first
        #expect(activity?.title == "Fibonacci")
        #expect(activity?.subtitle == "2 of 5 numbers")
        #expect(activity?.completedUnitCount == 2)
        #expect(activity?.totalUnitCount == 5)

        var console = ConsoleCursor(device.console)
        device.pressHome()
        device.advance(by: .seconds(2))
        #expect(console.readAppLines() == [
            "Continued task: number 3 of 5 = 3",
            "Continued task: number 4 of 5 = 5",
            "Continued task: number 5 of 5 = 8",
            "Continued task finished: 5 numbers",
            "BGTaskScheduler: continued processing task com.raywenderlich.TheBackgrounder.fibonacci.1 completed (success: true)",
        ])
        #expect(device.whatever?.computation == ComputationSnapshot(
            identifier: "com.raywenderlich.TheBackgrounder.fibonacci.1", count: 5, position: 5, value: "8", state: .done),
            "the tab's sequence: 1, 2, 3, 5, 8")
        #expect(device.taskScheduler.continuedProcessingActivities.isEmpty)
        #expect(device.appState == .suspended, "done, nothing holds the app")
    }

    @Test func stopInTheLiveActivityStopsTheComputation() {
        let device = TestDevice.whatever(iOS: 26)
        device.launch()
        device.withScreen { $0.computation.compute(count: 100) }
        device.pressHome()
        device.advance(by: .seconds(2))
        #expect(device.taskScheduler.stopContinuedTask(identifier: "com.raywenderlich.TheBackgrounder.fibonacci.1"))
        #expect(device.whatever?.computation?.state == .stopped)
        #expect(device.whatever?.computation?.position == 4)
        #expect(device.appState == .suspended)
        device.openApp()
        device.advance(by: .seconds(2))
        #expect(device.whatever?.computation?.position == 4, "a stopped computation stays stopped")
        device.withScreen { $0.computation.compute(count: 2) }
        #expect(device.whatever?.computation?.identifier == "com.raywenderlich.TheBackgrounder.fibonacci.2")
    }

    @Test func beforeIOS26ComputeIsRefused() {
        let device = TestDevice.whatever(iOS: 17)
        device.launch()
        device.withScreen { $0.computation.compute(count: 5) }
        #expect(device.whatever?.computation == ComputationSnapshot(
            identifier: nil, count: 5, position: 0, value: "", state: .refused,
            reason: "BGContinuedProcessingTask is new in iOS 26; run with --ios 26"))
        #expect(device.taskScheduler.continuedProcessingActivities.isEmpty)
    }
}
