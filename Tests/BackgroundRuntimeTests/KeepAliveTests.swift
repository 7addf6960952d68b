import BackgroundRuntime
import BackgroundRuntimeTesting
import Testing

@Suite("setKeepAliveTimeout: the VoIP keep-alive handler")
struct KeepAliveTests {
    /// Sets a keep-alive handler that appends "keep-alive" to `log`; returns the error, if any.
    private func setKeepAlive(on device: TestDevice, every timeout: Duration, log: AppLog) -> KeepAliveError? {
        device.perform { application -> KeepAliveError? in
            do throws(KeepAliveError) {
                try application.setKeepAliveTimeout(timeout) { log.append("keep-alive \(application.applicationState.rawValue)") }
                return nil
            } catch {
                return error
            }
        } ?? nil
    }

    @Test func aTimeoutUnder600SecondsIsAnError() {
        let log = AppLog()
        let voip = makeDevice(iOS: 9, modes: [.voip])
        voip.launch()
        let error = setKeepAlive(on: voip, every: .seconds(599), log: log)
        #expect(error == .belowMinimum(requested: .seconds(599), minimum: .seconds(600)))
        #expect(error?.description == "setKeepAliveTimeout(_:handler:): 599 s is below the minimum of 600 s")
        #expect(setKeepAlive(on: voip, every: .milliseconds(599_500), log: log)?.description
            == "setKeepAliveTimeout(_:handler:): 599.5 s is below the minimum of 600 s")
        #expect(voip.keepAliveTimeout == nil)
        #expect(setKeepAlive(on: voip, every: .seconds(600), log: log) == nil)
        #expect(voip.keepAliveTimeout == .seconds(600))
    }

    @Test func itExistsOnlyInTheErasThatHaveIt() {
        let device = makeDevice(iOS: 17, modes: [.voip])
        device.launch()
        let error = setKeepAlive(on: device, every: .seconds(600), log: AppLog())
        #expect(error == .unavailable(iOSVersion: 17))
        #expect(error?.description.contains("disabled from iOS 10 (Technical Q&A QA1938)") == true)
        let lastEra = makeDevice(iOS: 9, modes: [.voip])
        lastEra.launch()
        #expect(setKeepAlive(on: lastEra, every: .seconds(600), log: AppLog()) == nil)
        let first = makeDevice(iOS: 10, modes: [.voip])
        first.launch()
        #expect(setKeepAlive(on: first, every: .seconds(600), log: AppLog()) == .unavailable(iOSVersion: 10))
        let old = makeDevice(iOS: 4, modes: [.voip])
        old.launch()
        #expect(setKeepAlive(on: old, every: .seconds(600), log: AppLog()) == nil)
    }

    @Test func itNeedsTheVoIPModeAndSaysSo() {
        let device = makeDevice(iOS: 9, modes: [])
        device.launch()
        #expect(setKeepAlive(on: device, every: .seconds(600), log: AppLog()) == .missingVoIPMode)
        #expect(device.diagnostics.countByRule[.missingBackgroundMode] == 1)
        #expect(device.diagnosticMessages.last?.contains("lacks voip") == true)
    }

    @Test func theHandlerRunsAtItsIntervalInTheBackgroundWakingTheSuspendedAppAndNothingElse() {
        let log = AppLog()
        let device = makeDevice(iOS: 9, modes: [.voip])
        device.launch()
        #expect(setKeepAlive(on: device, every: .seconds(600), log: log) == nil)
        device.advance(by: .seconds(600))
        #expect(log.take().isEmpty, "not in the foreground")
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(device.loop.pendingTimers == 1)
        device.advance(by: .seconds(599))
        #expect(log.take().isEmpty)
        device.advance(by: .seconds(1))
        #expect(log.take() == ["keep-alive background"])
        #expect(device.appState == .suspended)
        #expect(device.stateLines.suffix(2) == ["State: suspended → background", "State: background → suspended"])
        device.advance(by: .seconds(6_000))
        #expect(log.take().count == 10)
        #expect(device.console.recentMessages.filter { $0 == "Woken in the background: keep-alive handler" }.count == 11)
    }

    @Test func clearingOrEndingTheAppStopsTheHandler() {
        let log = AppLog()
        let device = makeDevice(iOS: 9, modes: [.voip])
        device.launch()
        _ = setKeepAlive(on: device, every: .seconds(600), log: log)
        device.perform { $0.clearKeepAliveTimeout() }
        device.pressHome()
        device.advance(by: .seconds(1_200))
        #expect(log.take().isEmpty)
        #expect(device.loop.pendingTimers == 0)

        device.openApp()
        _ = setKeepAlive(on: device, every: .seconds(600), log: log)
        device.terminate(.user)
        #expect(device.keepAliveTimeout == nil)
        device.advance(by: device.profile.didEnterBackgroundGrace)
        #expect(device.loop.pendingTimers == 0)
    }
}
