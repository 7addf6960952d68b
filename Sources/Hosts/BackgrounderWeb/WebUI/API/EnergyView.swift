import BackgroundRuntime

/// The answer to `/api/energy`: the gauge and accounts (as `status.energy`), and the timeline
/// the Energy panel charts.
struct EnergyView: Encodable {
    var status: EnergyStatus
    var timeline: [EnergyTimelineEntry]
}
