import BackgroundWire
import Foundation

/// What the system tells about the app without asking it.
extension Device {
    /// The app's state, assertions, diagnostics and last published screens.
    public func status() -> StatusReport {
        let energy = self.energy.status()
        let now = loop.now
        let measured = link.appFootprint()
        let machine = read { $0 }
        return StatusReport(
            machine: machine, now: now, screens: board.screens, energy: energy,
            isolation: link.isolation(isRunning: machine.appState != .notRunning),
            memory: machine.memoryStatus(measured: measured))
    }

    /// The status as one line of JSON with sorted keys.
    public func statusJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(status()) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `snapshot` as what its screen shows, and tells the change observers.
    public func publish<Snapshot>(_ snapshot: Snapshot, for key: ScreenKey<Snapshot>) {
        publish(snapshot, forScreen: key.name)
    }

    /// Keeps `snapshot` as what screen `name` shows, and tells the change observers.
    func publish(_ snapshot: any ScreenSnapshot, forScreen name: String) {
        board.publish(snapshot, forScreen: name)
        observers.changes.notify(())
    }

    /// Keeps `value` as the system's fact about a screen, and tells the change observers.
    public func publish<Value>(_ value: Value, for fact: ScreenFact<Value>) {
        board.publish(value, for: fact)
        observers.changes.notify(())
    }

    /// The snapshot the screen of `key` last published.
    public func snapshot<Snapshot>(for key: ScreenKey<Snapshot>) -> Snapshot? {
        board.snapshot(for: key)
    }

    /// The fact last published for `fact`.
    public func fact<Value>(_ fact: ScreenFact<Value>) -> Value? {
        board.fact(fact)
    }
}
