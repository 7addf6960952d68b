import BackgroundWire
import Foundation
import Synchronization

/// What each screen last showed, and the system's facts about each: the part of `status` that
/// the app and the services publish, kept apart from the system's rules.
final class ScreenBoard: Sendable {
    private struct Entry {
        var snapshot: (any ScreenSnapshot)?
        var facts: [String: any Encodable & Sendable] = [:]
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Keeps `snapshot` as what screen `name` shows.
    func publish(_ snapshot: any ScreenSnapshot, forScreen name: String) {
        entries.withLock { $0[name, default: Entry()].snapshot = snapshot }
    }

    func publish<Value>(_ value: Value, for fact: ScreenFact<Value>) {
        entries.withLock { $0[fact.screen, default: Entry()].facts[fact.field] = value }
    }

    /// What the screen of `key` shows, typed: as it was published, or decoded from the bytes it
    /// crossed from the app's own process as, when `Snapshot` is `Decodable`.
    func snapshot<Snapshot>(for key: ScreenKey<Snapshot>) -> Snapshot? {
        let stored = entries.withLock { $0[key.name]?.snapshot }
        if let typed = stored as? Snapshot { return typed }
        guard let crossed = stored as? WireSnapshot, let type = Snapshot.self as? any Decodable.Type else { return nil }
        return crossed.decode(type) as? Snapshot
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
