import BackgroundRuntime
@testable import BackgrounderWeb
import Foundation
import TestSupport
import Testing

/// `/metrics` and `/api/energy`: the energy accounts for Prometheus and for the Energy panel.
@Suite("Energy metrics", .temporaryDirectory)
struct MetricsTests {
    /// The value of the sample `name{labels}` in Prometheus' text format.
    private func value(_ name: String, _ labels: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix("\(name){\(labels)} ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func theCountersGrowWithTheAccountsAndCountTheExits() async throws {
        try await withWebServer { backgrounder, _, client in
            guard let device = backgrounder.device as? TestDevice else { throw CancellationError() }
            device.usage.spendAppCPU(2)
            device.advance(by: .seconds(10))
            let first = try await client.get("/metrics")
            #expect(first.status == .ok)
            #expect(first.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(first.text.contains("# TYPE backgrounder_cpu_seconds_total counter"))
            #expect(value("backgrounder_cpu_seconds_total", #"state="foreground",owner="app""#, in: first.text) == 2)
            device.usage.spendAppCPU(1)
            device.advance(by: .seconds(5))
            device.pressHome()
            device.terminate()
            let second = try await client.get("/metrics").text
            #expect(value("backgrounder_cpu_seconds_total", #"state="foreground",owner="app""#, in: second) == 3)
            #expect(value("backgrounder_state_seconds_total", #"state="foreground""#, in: second) ?? 0 >= 15)
            #expect(value("backgrounder_app_exits_total", #"reason="normal",screen="background""#, in: second) == 1)
            #expect(second.contains("backgrounder_energy_impact "))
        }
    }

    @Test func theEnergyAPIGivesTheStatusAndTheTimeline() async throws {
        try await withWebServer { _, _, client in
            let energy = try await client.get("/api/energy?seconds=60").json()
            #expect((energy["status"] as? [String: Any])?["impact"] as? String == "Low")
            #expect(energy["timeline"] is [Any])
            let refused = try await client.get("/api/energy?seconds=9999")
            #expect(refused.status == .badRequest)
            #expect(try refused.json()["error"] as? String == "seconds: expected how many seconds of timeline, from 5 to 300")
        }
    }
}
