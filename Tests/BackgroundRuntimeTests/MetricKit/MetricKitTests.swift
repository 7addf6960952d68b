import BackgroundRuntime
import Foundation
import Testing

/// An app that subscribes to MetricKit at launch and keeps what it receives.
@AppMain
private final class MetricsDelegate: ApplicationDelegate, MetricManagerSubscriber {
    let received: Recorder<Void, MetricPayload>

    init(received: Recorder<Void, MetricPayload>) {
        self.received = received
    }

    func applicationDidFinishLaunching(_ application: Application) {
        application.metricManager.add(self)
    }

    func didReceive(_ payloads: [MetricPayload]) {
        for payload in payloads { received.append(payload) }
    }
}

@Suite("MetricKit's daily payloads")
struct MetricKitTests {
    private func makeMetricsDevice(iOS version: Int, received: Recorder<Void, MetricPayload>) -> TestDevice {
        TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: InfoPlist()) { _ in MetricsDelegate(received: received) }
    }

    @Test func aDayLaterTheAppGetsThePayloadOfTheDayWhenItNextRuns() throws {
        let received = Recorder<Void, MetricPayload>(())
        let device = makeMetricsDevice(iOS: 17, received: received)
        device.launch()
        device.usage.spendAppCPU(3)
        device.advance(by: .seconds(60))
        device.pressHome()
        device.advance(by: .seconds(86_400))
        #expect(received.take().isEmpty, "a suspended app is not woken for its metrics")
        device.openApp()
        let payload = try #require(received.take().first)
        #expect(payload.byState[.foreground]?.seconds == 60)
        #expect(payload.byState[.foreground]?.cpuSeconds == 3)
        #expect(payload.byState[.suspended]?.seconds == 86_400)
        #expect(payload.timeStampEnd.timeIntervalSince(payload.timeStampBegin) == 86_460)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(payload.jsonRepresentation().utf8)) as? [String: Any])
        #expect((json["cpuMetrics"] as? [String: String])?["cumulativeCPUTime"] == "3 sec")
        #expect((json["applicationTimeMetrics"] as? [String: String])?["cumulativeForegroundTime"] == "60 sec")
        #expect(json["applicationExitMetrics"] != nil)
        device.pressHome()
        device.advance(by: .seconds(3_600))
        device.openApp()
        #expect(received.take().isEmpty, "at most one payload a day")
    }

    @Test func thePayloadCountsTheExitsOfItsDayAndWaitsForTheNextLaunch() throws {
        let received = Recorder<Void, MetricPayload>(())
        let device = makeMetricsDevice(iOS: 14, received: received)
        device.launch()
        device.pressHome()
        device.terminate()
        try device.simulateMetricPayload()
        #expect(received.take().isEmpty)
        device.launch()
        let payload = try #require(received.take().first)
        #expect(payload.exits?.background == [.normal: 1])
        try device.simulateMetricPayload()
        #expect(received.take().first?.exits?.background.isEmpty == true, "a day's exits only")
    }

    @Test func metricKitIsNewInIOS13AndExitMetricsInIOS14() throws {
        let received = Recorder<Void, MetricPayload>(())
        let old = makeMetricsDevice(iOS: 12, received: received)
        old.launch()
        #expect(throws: MetricKitError.unavailable(PolicyProfile(iOS: 12)!)) { try old.simulateMetricPayload() }
        let thirteen = makeMetricsDevice(iOS: 13, received: received)
        thirteen.launch()
        try thirteen.simulateMetricPayload()
        let payload = try #require(received.take().first)
        #expect(payload.exits == nil)
        #expect(!payload.jsonRepresentation().contains("applicationExitMetrics"))
    }
}
