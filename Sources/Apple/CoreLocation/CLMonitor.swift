import BackgroundRuntime
import Location

/// A named set of conditions the system watches for the app (iOS 17): the runtime's
/// ``LocationMonitor``. Its conditions outlive the object and the app's launches; a change wakes
/// or launches the app, and waits for the monitor of its name to be opened again.
///
/// Apple's is an actor; this one lives on the app's main executor, and its methods are `async`
/// so that Apple's `await`s read the same.
@preconcurrency @AppMain
public final class CLMonitor {
    /// The runtime's monitor; nil before iOS 17, where the class does not exist.
    private let monitor: LocationMonitor?
    public let name: String

    /// Opens the monitor named `name` of the app whose code runs now, with the conditions it kept.
    /// Before iOS 17, where the class does not exist, the use is reported (`[unavailable-api]`)
    /// and the monitor watches nothing: it has no conditions, and its events end at once.
    ///
    /// - precondition: the caller is the app's code.
    public init(_ name: String) async {
        let application = Application.current(for: "CLMonitor(_:)")
        self.name = name
        do {
            monitor = try LocationMonitor(named: name, application: application)
        } catch {
            application.report(.unavailableAPI, "CLMonitor(\"\(name)\") does not exist: \(error); it watches nothing")
            monitor = nil
        }
    }

    /// The identifiers of the monitor's conditions, in the order added.
    public var identifiers: [String] {
        get async { monitor?.identifiers ?? [] }
    }

    /// The conditions' state changes, for `for try await event in await monitor.events`.
    public var events: Events {
        get async { Events(events: monitor?.events ?? AsyncStream { $0.finish() }) }
    }

    /// Watches `condition` under `identifier`, replacing the condition with that identifier.
    /// Apple's method does not fail: a condition the system refuses (past 20, or a bad circle)
    /// is not watched, and the console says why. Backgrounder has no `assuming:` state: the
    /// first fix decides the state without an event.
    public func add(_ condition: CircularGeographicCondition, identifier: String) async {
        do {
            guard let monitor else { return }
            try monitor.add(condition.condition, identifier: identifier)
        } catch {
            Application.current?.logger.info("CLMonitor \(name) does not watch \(identifier): \(error)")
        }
    }

    /// Stops watching the condition named `identifier`.
    public func remove(_ identifier: String) async {
        monitor?.remove(identifier)
    }
}
