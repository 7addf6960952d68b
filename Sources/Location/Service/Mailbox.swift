import DequeModule

/// What waits in the ``LocationService`` for one client until the client takes it
/// (``LocationServiceCall/take(client:)``): fixes and events in the order the service decided
/// them, and whether the client has been told. While a notice is on its way, what arrives joins
/// what the client will take: fixes that come faster than the app takes them reach it together,
/// and the events of a suspended app wait as one notice, however many there are.
struct Mailbox: Sendable {
    private enum Item: Sendable {
        case fix(Location)
        case event(LocationEvent)

        var isFix: Bool {
            if case .fix = self { true } else { false }
        }
    }

    /// How the client is told that something waits for it (``LocationServiceEvent``).
    enum Notice: Sendable, Equatable {
        /// Fixes: posted while the app may run; a suspended app gets none (they are dropped).
        case fixes
        /// Posted, and held while the app is suspended.
        case held
        /// With a wake-up for `event` (the console's words): a suspended app is resumed for it.
        case wake(String)
    }

    private var items: Deque<Item> = []
    /// How many fixes wait.
    private(set) var fixCount = 0
    /// A notice is on its way to the client (``LocationServiceEvent``).
    var isNotified = false

    /// Marks the client told by `notice`; returns `notice` if it must be sent: a wake-up always
    /// (a notice on its way may wait in a suspended app), any other only if none is on its way.
    mutating func notify(_ notice: Notice) -> Notice? {
        defer { isNotified = true }
        if case .wake = notice { return notice }
        return isNotified ? nil : notice
    }

    /// Adds a fix; past `limit` fixes the oldest goes.
    mutating func append(fix: Location, limit: Int) {
        if fixCount >= limit, let oldest = items.firstIndex(where: \.isFix) {
            items.remove(at: oldest)
            fixCount -= 1
        }
        items.append(.fix(fix))
        fixCount += 1
    }

    mutating func append(_ event: LocationEvent) {
        items.append(.event(event))
    }

    /// Drops the fixes, which the app can no longer have; the events stay.
    mutating func dropFixes() {
        guard fixCount > 0 else { return }
        items.removeAll(where: \.isFix)
        fixCount = 0
    }

    /// Everything waiting, oldest first, each run of fixes as one ``LocationEvent/locations(_:)``;
    /// the mailbox is empty after, and its client no longer told.
    mutating func take() -> [LocationEvent] {
        defer {
            items.removeAll()
            fixCount = 0
            isNotified = false
        }
        var events: [LocationEvent] = []
        var fixes: [Location] = []
        for item in items {
            switch item {
            case .fix(let fix):
                fixes.append(fix)
            case .event(let event):
                if !fixes.isEmpty { events.append(.locations(Fixes(fixes))) }
                fixes.removeAll()
                events.append(event)
            }
        }
        if !fixes.isEmpty { events.append(.locations(Fixes(fixes))) }
        return events
    }
}
