import BackgroundRuntime
import CoreMetrics
import Prometheus
import Synchronization

/// The device's energy accounts as Prometheus metrics, for `/metrics` on the web UI's port.
///
/// Each web server has a registry of its own (no process-wide `MetricsSystem.bootstrap`, so
/// servers and tests side by side never share counters); the metrics are made through
/// swift-metrics' API with swift-prometheus' factory. A scrape reads the accounts and moves each
/// counter by what was added since the last scrape, so the counters only grow, as Prometheus
/// counters must.
///
/// | metric | labels |
/// | --- | --- |
/// | `backgrounder_state_seconds_total` | `state` |
/// | `backgrounder_cpu_seconds_total` | `state`, `owner` (`app`, `system`) |
/// | `backgrounder_wakeups_total` (the app's threads), `backgrounder_system_wakeups_total` | `state` |
/// | `backgrounder_network_bytes_total`, `backgrounder_radio_wakes_total` | `state` |
/// | `backgrounder_location_receiver_seconds_total` | `state`, `accuracy` |
/// | `backgrounder_audio_output_seconds_total` | `state` |
/// | `backgrounder_app_exits_total` | `reason`, `screen` (`foreground`, `background`) |
/// | `backgrounder_energy_impact` (0 Low, 1 High, 2 Very High), `backgrounder_energy_cost`, `backgrounder_energy_overhead` | — |
final class EnergyMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// What each counter showed at the last scrape, by its name and labels.
    private let reported = Mutex<[String: Double]>([:])
    private let impact: CoreMetrics.Gauge
    private let cost: CoreMetrics.Gauge
    private let overhead: CoreMetrics.Gauge

    init() {
        factory = PrometheusMetricsFactory(registry: registry)
        impact = CoreMetrics.Gauge(label: "backgrounder_energy_impact", factory: factory)
        cost = CoreMetrics.Gauge(label: "backgrounder_energy_cost", factory: factory)
        overhead = CoreMetrics.Gauge(label: "backgrounder_energy_overhead", factory: factory)
    }

    /// The metrics in Prometheus' text format, after reading `status`.
    func scrape(_ status: EnergyStatus) -> String {
        for (state, counters) in status.totals {
            let labels = [("state", state)]
            advance("backgrounder_state_seconds_total", labels, to: counters.seconds)
            advance("backgrounder_cpu_seconds_total", labels + [("owner", "app")], to: counters.cpuSeconds)
            advance("backgrounder_cpu_seconds_total", labels + [("owner", "system")], to: counters.systemCPUSeconds)
            advance("backgrounder_wakeups_total", labels, to: Double(counters.wakeUps))
            advance("backgrounder_system_wakeups_total", labels, to: Double(counters.systemWakeUps))
            advance("backgrounder_network_bytes_total", labels, to: Double(counters.networkBytes))
            advance("backgrounder_radio_wakes_total", labels, to: Double(counters.radioWakes))
            advance("backgrounder_audio_output_seconds_total", labels, to: counters.audioSeconds)
            for (accuracy, seconds) in counters.locationSeconds {
                advance("backgrounder_location_receiver_seconds_total", labels + [("accuracy", accuracy)], to: seconds)
            }
        }
        for (screen, counts) in [("foreground", status.exits.foreground), ("background", status.exits.background)] {
            for (reason, count) in counts {
                advance("backgrounder_app_exits_total", [("reason", reason.rawValue), ("screen", screen)], to: Double(count))
            }
        }
        impact.record(Self.level(status.impact))
        cost.record(status.cost)
        overhead.record(status.overhead)
        return registry.emitToString()
    }

    /// Moves the counter `name` with `labels` up to `total`.
    private func advance(_ name: String, _ labels: [(String, String)], to total: Double) {
        let key = name + labels.map { "|\($0.0)=\($0.1)" }.joined()
        let increment = reported.withLock { reported -> Double in
            let increment = total - (reported[key] ?? 0)
            if increment > 0 { reported[key] = total }
            return increment
        }
        guard increment > 0 else { return }
        FloatingPointCounter(label: name, dimensions: labels, factory: factory).increment(by: increment)
    }

    private static func level(_ impact: EnergyImpact) -> Double {
        switch impact {
        case .low: 0
        case .high: 1
        case .veryHigh: 2
        }
    }
}
