import BackgroundWire

/// The app used more CPU in the background than the system allows: the numbers of the crash
/// report's `CPU:` line.
struct CPULimitBreach: Sendable, Equatable {
    var cpuSeconds: Double
    var overSeconds: Double
    var limit: Double
    var window: Duration

    /// The crash report's words (an iOS `cpu_resource_fatal` report).
    var reportLines: [String] {
        let average = Int((cpuSeconds / overSeconds * 100).rounded())
        return [
            "Event: cpu usage",
            "Action taken: Process killed",
            "CPU: \(Int(cpuSeconds.rounded())) seconds cpu time over \(Int(overSeconds.rounded())) seconds "
                + "(\(average)% cpu average), exceeding limit of \(Int((limit * 100).rounded()))% cpu over "
                + "\(window.components.seconds) seconds",
        ]
    }
}
