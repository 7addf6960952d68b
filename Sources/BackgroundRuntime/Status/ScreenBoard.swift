import Synchronization

/// What each screen last showed, and the system's facts about each: the part of `status` that
/// the app and the services publish, kept apart from the system's rules.
final class ScreenBoard: Sendable {
    private struct Entry {
        var snapshot: (any ScreenSnapshot)?
        var facts: [String: any Encodable & Sendable] = [:]
    }

    private let entries = Mutex<[String: Entry]>([:])

    func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>) {
        entries.withLock { $0[key.name, default: Entry()].snapshot = snapshot }
    }

    func publish<Value>(_ value: Value, for fact: ScreenFact<Value>) {
        entries.withLock { $0[fact.screen, default: Entry()].facts[fact.field] = value }
    }

    func snapshot<Snapshot>(for key: ScreenKey<Snapshot>) -> Snapshot? {
        entries.withLock { $0[key.name]?.snapshot } as? Snapshot
    }

    func fact<Value>(_ fact: ScreenFact<Value>) -> Value? {
        entries.withLock { $0[fact.screen]?.facts[fact.field] } as? Value
    }

    /// Every screen, by name.
    var screens: [String: ScreenStatus] {
        entries.withLock { entries in
            entries.mapValues { ScreenStatus(snapshot: $0.snapshot, facts: $0.facts) }
        }
    }
}
