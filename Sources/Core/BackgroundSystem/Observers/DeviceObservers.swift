import BackgroundWire
import Foundation

/// Who follows the app's life from the system's side: the system's own services (audio stops on
/// a call, the transfer service waits for a launch's end), the web UI's status feed, the desktop's
/// media controls. The app observes `LifecycleEvent`s instead.
///
/// Observers are called after the change is complete, never under the device's lock, on
/// whichever thread carries out the change's effects. Each `observe…` returns an identifier for
/// the matching `remove…`. The fetch schedule's observers are added through
/// ``DeviceBackgroundFetch/observeSchedule(_:)``, which tells them the schedule now as well.
public final class DeviceObservers: Sendable {
    let stateChanges = ObserverList<AppStateChange>()
    let interruptions = ObserverList<InterruptionEvent>()
    let fetchSchedule = ObserverList<Date?>()
    let nowPlaying = ObserverList<NowPlayingSnapshot>()
    let changes = ObserverList<Void>()

    init() {}

    /// Calls `handler` after every change of the app's state.
    @discardableResult
    public func observeStateChanges(_ handler: @escaping @Sendable (AppStateChange) -> Void) -> Int {
        stateChanges.add(handler)
    }

    /// Stops calling a state observer.
    public func removeStateObserver(_ id: Int) {
        stateChanges.remove(id)
    }

    /// Calls `handler` when a call begins or ends, after the state change and before the app's
    /// resulting jobs run: a call stops audio whatever the app's state.
    @discardableResult
    public func observeInterruptions(_ handler: @escaping @Sendable (InterruptionEvent) -> Void) -> Int {
        interruptions.add(handler)
    }

    /// Stops calling an interruption observer.
    public func removeInterruptionObserver(_ id: Int) {
        interruptions.remove(id)
    }

    /// Calls `handler` whenever something `status` shows may have changed: the app's state,
    /// assertions, activities, diagnostics, alerts, a screen's snapshot or fact. The clock's
    /// own progress (uptime, time remaining) is not a change.
    @discardableResult
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> Int {
        changes.add { handler() }
    }

    /// Stops calling a change observer.
    public func removeChangeObserver(_ id: Int) {
        changes.remove(id)
    }

    /// Calls `handler` after every change of what the lock screen shows (``Device/nowPlaying``).
    @discardableResult
    public func observeNowPlaying(_ handler: @escaping @Sendable (NowPlayingSnapshot) -> Void) -> Int {
        nowPlaying.add(handler)
    }

    /// Stops calling a Now Playing observer.
    public func removeNowPlayingObserver(_ id: Int) {
        nowPlaying.remove(id)
    }
}
