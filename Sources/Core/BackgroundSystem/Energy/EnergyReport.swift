import BackgroundPlatform
import BackgroundWire
import Foundation

/// What `backgrounder energy` prints: each launch of a finished run with what it cost in each
/// state and how it ended, and the exits counted as MetricKit's `MXAppExitMetric` counts them.
public struct EnergyReport: Sendable {
    /// The launches, oldest first.
    public var launches: [LaunchEnergy]
    /// The lines of the log that could not be read, each with its number and why.
    public var unreadable: [String]

    public init(launches: [LaunchEnergy], unreadable: [String] = []) {
        self.launches = launches
        self.unreadable = unreadable
    }

    /// The exits of the launches, on screen and off screen.
    public var exits: AppExitCounts {
        launches.reduce(into: AppExitCounts()) { counts, launch in
            guard let exit = launch.exit else { return }
            counts.count(exit, onScreen: launch.endedOnScreen)
        }
    }

    /// The report as text, one block a launch.
    public var text: String {
        guard !launches.isEmpty else { return "No launch has ended yet." + unreadableText }
        var lines: [String] = []
        for launch in launches {
            let total = launch.total
            lines.append(
                "Launch \(launch.number) (\(launch.reason.rawValue)) at \(UTCDateText.iso8601(launch.started)): "
                    + "\(Self.format(total.seconds)) s, ended \(launch.exit?.rawValue ?? "—"), "
                    + "Energy Impact \(EnergyImpact(total).rawValue)")
            for state in EnergyState.allCases {
                guard let counters = launch.byState[state] else { continue }
                lines.append("  \(state.rawValue): " + Self.describe(counters))
            }
        }
        lines.append("Exits (MetricKit):")
        for (title, onScreen) in [("MXForegroundExitData", true), ("MXBackgroundExitData", false)] {
            let counts = exits.metricKitCounters(onScreen: onScreen).filter { $0.value > 0 }.sorted { $0.key < $1.key }
            lines.append("  \(title): " + (counts.isEmpty ? "none" : counts.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + unreadableText
    }

    private var unreadableText: String {
        unreadable.isEmpty ? "" : "\n\(unreadable.count) line(s) of the log could not be read: " + unreadable.joined(separator: "; ")
    }

    private static func describe(_ counters: EnergyCounters) -> String {
        var parts = [
            "\(format(counters.seconds)) s",
            "CPU \(format(counters.cpuSeconds)) s (system \(format(counters.systemCPUSeconds)) s)",
            "\(counters.wakeUps) wake-ups (system \(counters.systemWakeUps))",
            "network \(ByteCount.text(Int64(counters.networkBytes))) in \(counters.radioWakes) radio wake(s)",
        ]
        for (accuracy, seconds) in counters.locationSeconds.sorted(by: { $0.key < $1.key }) {
            parts.append("location \(accuracy) \(format(seconds)) s")
        }
        if counters.audioSeconds > 0 { parts.append("audio \(format(counters.audioSeconds)) s") }
        parts.append("cost \(format(counters.cost)), overhead \(format(counters.overhead))")
        return parts.joined(separator: ", ")
    }

    private static func format(_ value: Double) -> String {
        value.formatted(.number.precision(.fractionLength(0...2)))
    }
}
