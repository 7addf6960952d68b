import BackgroundRuntimeTesting
import MetricKit
import Testing

@Suite("MetricKit's spelling: subscribers get the runtime's daily payloads")
struct MetricKitTests {
    @Test func aSubscriberGetsThePayloadWhenTheAppNextRuns() throws {
        let log = AppLog()
        let device = makeSpelledDevice { MetricsApp(log: log) }
        device.launch()
        device.usage.spendAppCPU(3)
        device.advance(by: .seconds(60))
        device.pressHome()
        device.advance(by: .seconds(3_600))
        try device.simulateMetricPayload()
        #expect(log.take().isEmpty, "a suspended app is not woken for its payload")
        device.openApp()
        #expect(log.take() == ["cpu 3.0 foreground 60.0 background 3600.0 period 3660.0 exits 0 os iOS 17 json true"])
        #expect(device.perform { _ in MXMetricManager.shared.pastPayloads.count } == 1)
    }

    @Test func aRemovedSubscriberGetsNothing() throws {
        let log = AppLog()
        let device = makeSpelledDevice { MetricsApp(log: log) }
        device.launch()
        device.perform { ($0.delegate as? MetricsApp)?.unsubscribe() }
        try device.simulateMetricPayload()
        #expect(log.take().isEmpty)
    }

    @Test func beforeIOS14APayloadHasNoExitMetrics() throws {
        let log = AppLog()
        let device = makeSpelledDevice(iOS: 13) { MetricsApp(log: log) }
        device.launch()
        try device.simulateMetricPayload()
        #expect(log.take().first?.contains("exits -1 os iOS 13") == true)
    }
}
