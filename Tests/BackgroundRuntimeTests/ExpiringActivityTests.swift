import BackgroundRuntime
import TestSupport
import Testing

@Suite("ProcessInfo.performExpiringActivity: an assertion held while a block runs")
struct ExpiringActivityTests {
    @Test func anExpiringActivityHoldsTheAppUntilItsBlockReturnsAndIsToldWhenTimeRunsOut() async {
        let device = makeWorkerDevice()
        let calls = ExpiringCalls()
        defer { calls.release() }
        device.launch()
        device.perform { $0.performExpiringActivity(withReason: "sync") { calls.called($0) } }
        #expect(await waitUntil { calls.recorded == [false] })
        device.pressHome()
        device.advance(by: .seconds(174))
        #expect(device.appState == .background, "the running block keeps the app running")
        #expect(device.status().assertions.map(\.name) == ["sync"])
        device.advance(by: .seconds(1))
        #expect(calls.recorded == [false, true], "told with true while the first call still runs")
        #expect(device.appState == .suspended)
        device.advance(by: .seconds(600))
        #expect(device.appState == .suspended, "suspended, not terminated")
        #expect(device.diagnostics.count == 0)
    }

    @Test func aBlockThatReturnsInTimeLetsTheAppBeSuspended() async {
        let device = makeWorkerDevice()
        let calls = ExpiringCalls()
        defer { calls.release() }
        device.launch()
        device.perform { $0.performExpiringActivity(withReason: "save") { calls.called($0) } }
        #expect(await waitUntil { calls.recorded == [false] })
        device.pressHome()
        device.advance(by: .seconds(10))
        #expect(device.appState == .background)
        calls.release()
        #expect(await waitUntil {
            device.runUntilIdle()
            return device.appState == .suspended
        })
        device.openApp()
        device.pressHome()
        device.advance(by: .seconds(600))
        #expect(calls.recorded == [false], "never told to stop")
        #expect(device.diagnostics.count == 0, "the assertion was ended once")
    }

    @Test func withNoBackgroundTimeLeftTheBlockIsCalledOnceWithTrue() async {
        let device = makeWorkerDevice()
        let calls = ExpiringCalls()
        defer { calls.release() }
        device.launchAndBackgroundWithLeakyTask()
        device.advance(by: .seconds(176))
        #expect(device.appState == .background)
        device.perform { $0.performExpiringActivity(withReason: "late") { calls.called($0) } }
        #expect(await waitUntil { calls.recorded == [true] })
        #expect(device.status().assertions.map(\.name) == ["Fibonacci"], "no assertion was taken")
    }

    @Test func beforeIOS8ThereIsNoExpiringActivity() {
        let device = makeWorkerDevice(iOS: 7)
        let calls = ExpiringCalls()
        defer { calls.release() }
        device.launch()
        device.perform { $0.performExpiringActivity(withReason: "sync") { calls.called($0) } }
        #expect(device.diagnostics.countByRule[.unavailableAPI] == 1)
        #expect(device.status().assertions.isEmpty)
        #expect(calls.recorded.isEmpty)
    }
}
