import LocationWire

/// One monitored region and where the device is relative to it, as ``RegionMonitor`` decides.
struct RegionWatch: Sendable {
    var region: CircularRegion
    var state = RegionState.unknown
    /// The moment of the first fix of the crossing under way: past the boundary by
    /// ``RegionMonitor/margin`` (inside, ``RegionMonitor/entryMargin(radius:)``) on the side
    /// opposite ``state``, every fix since.
    var crossingSince: Duration?
    /// The app asked for the state while it was unknown: the first fix answers.
    var isStateRequested = false

    /// The radius the crossings are decided on: at least ``RegionMonitor/minimumRadius``.
    var effectiveRadius: Double { max(region.radius, RegionMonitor.minimumRadius) }

    /// Takes the fix at `coordinate`, made at `now`; returns the events it decides.
    mutating func observe(_ coordinate: Coordinate, at now: Duration) -> [RegionEvent] {
        let distance = region.center.distance(to: coordinate)
        guard state != .unknown else {
            // The first fix decides silently: being inside already is no entry (Apple, startMonitoring(for:)).
            state = distance <= effectiveRadius ? .inside : .outside
            return answerRequest()
        }
        let isAcross = state == .inside
            ? distance >= effectiveRadius + RegionMonitor.margin
            : distance <= effectiveRadius - RegionMonitor.entryMargin(radius: effectiveRadius)
        guard isAcross else {
            crossingSince = nil
            return []
        }
        guard let since = crossingSince else {
            crossingSince = now
            return []
        }
        guard now - since >= RegionMonitor.dwell else { return [] }
        crossingSince = nil
        state = state == .inside ? .outside : .inside
        let notifies = state == .inside ? region.notifyOnEntry : region.notifyOnExit
        guard notifies else { return answerRequest() }
        isStateRequested = false
        return [state == .inside ? .entered(region) : .exited(region), .determined(state, region)]
    }

    /// The answer to a pending request for the state, once the state is known.
    private mutating func answerRequest() -> [RegionEvent] {
        guard isStateRequested, state != .unknown else { return [] }
        isStateRequested = false
        return [.determined(state, region)]
    }
}
