/// What the app cost over a stretch of time: the kernel's counts (CPU, wake-ups) and the
/// system services' (network bytes, location receiver time per accuracy, audio output time).
public struct EnergyCounters: Sendable, Codable, Equatable {
    /// Seconds of device time counted.
    public var seconds: Double = 0
    /// CPU time of the app's own threads, in seconds.
    public var cpuSeconds: Double = 0
    /// CPU time of the system's services that run in the app's process here (its web UI,
    /// GStreamer, sockets), which iOS would spend in its own daemons; not the app's cost.
    public var systemCPUSeconds: Double = 0
    /// Times a thread of the app went to sleep and was woken.
    public var wakeUps = 0
    /// Times a thread of the system's services in the app's process here went to sleep and was
    /// woken; not the app's cost.
    public var systemWakeUps = 0
    /// Bytes sent and received by the system's services for the app.
    public var networkBytes = 0
    /// Network transfers that woke the radio (the first bytes after a quiet spell).
    public var radioWakes = 0
    /// Seconds the location receiver was on, by accuracy.
    public var locationSeconds: [String: Double] = [:]
    /// Seconds of audio output.
    public var audioSeconds: Double = 0

    public init() {}

    /// The energy the app's own work cost: its CPU time (one unit per CPU-second). The model
    /// is Xcode's energy gauge's “cost”, which Apple describes without numbers.
    public var cost: Double { cpuSeconds }

    /// The energy the parts the system powered for the app cost (Xcode's “overhead”):
    /// the radio, the location receiver, the audio output, and keeping the device awake in
    /// the background. Backgrounder's model: Apple publishes no numbers.
    public var overhead: Double {
        let location = locationSeconds.reduce(0) { $0 + $1.value * EnergyResource.location(accuracy: $1.key).unitsPerSecond }
        let network = Double(networkBytes) / 2_000_000 + Double(radioWakes) * Self.radioWakeUnits
        return location + audioSeconds * EnergyResource.audioOutput.unitsPerSecond + network
    }

    /// The energy units of one radio wake: the radio stays powered for seconds after a
    /// transfer (Energy Efficiency Guide for iOS Apps, “Minimize Networking”).
    static let radioWakeUnits = 0.5

    /// These counts less `earlier` ones (of the same stretch, read before).
    package func subtracting(_ earlier: EnergyCounters) -> EnergyCounters {
        var difference = self
        difference.seconds -= earlier.seconds
        difference.cpuSeconds -= earlier.cpuSeconds
        difference.systemCPUSeconds -= earlier.systemCPUSeconds
        difference.wakeUps -= earlier.wakeUps
        difference.systemWakeUps -= earlier.systemWakeUps
        difference.networkBytes -= earlier.networkBytes
        difference.radioWakes -= earlier.radioWakes
        difference.locationSeconds.merge(earlier.locationSeconds.mapValues { -$0 }, uniquingKeysWith: +)
        difference.audioSeconds -= earlier.audioSeconds
        return difference
    }

    /// Adds `other` to these counts.
    package mutating func add(_ other: EnergyCounters) {
        seconds += other.seconds
        cpuSeconds += other.cpuSeconds
        systemCPUSeconds += other.systemCPUSeconds
        wakeUps += other.wakeUps
        systemWakeUps += other.systemWakeUps
        networkBytes += other.networkBytes
        radioWakes += other.radioWakes
        locationSeconds.merge(other.locationSeconds, uniquingKeysWith: +)
        audioSeconds += other.audioSeconds
    }
}

extension EnergyCounters {
    private enum CodingKeys: String, CodingKey {
        case seconds, cpuSeconds, systemCPUSeconds, wakeUps, systemWakeUps, networkBytes, radioWakes
        case locationSeconds, audioSeconds
    }

    /// Reads counters saved before `systemWakeUps` was counted as well, with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        seconds = try container.decode(Double.self, forKey: .seconds)
        cpuSeconds = try container.decode(Double.self, forKey: .cpuSeconds)
        systemCPUSeconds = try container.decode(Double.self, forKey: .systemCPUSeconds)
        wakeUps = try container.decode(Int.self, forKey: .wakeUps)
        systemWakeUps = try container.decodeIfPresent(Int.self, forKey: .systemWakeUps) ?? 0
        networkBytes = try container.decode(Int.self, forKey: .networkBytes)
        radioWakes = try container.decode(Int.self, forKey: .radioWakes)
        locationSeconds = try container.decode([String: Double].self, forKey: .locationSeconds)
        audioSeconds = try container.decode(Double.self, forKey: .audioSeconds)
    }
}
