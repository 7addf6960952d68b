/// The system's own services follow the app's life here; the app observes ``LifecycleEvent``s
/// instead. Observers are called after the change is complete, never under the device's lock,
/// on whichever thread carries out the change's effects.
extension Device {
    /// Calls `handler` after every change of the app's state.
    @discardableResult
    public func observeStateChanges(_ handler: @escaping @Sendable (AppStateChange) -> Void) -> Int {
        stateObservers.add(handler)
    }

    /// Stops calling a state observer.
    public func removeStateObserver(_ id: Int) {
        stateObservers.remove(id)
    }

    /// Calls `handler` when a call begins or ends, after the state change and before the app's
    /// resulting jobs run: a call stops audio whatever the app's state.
    @discardableResult
    public func observeInterruptions(_ handler: @escaping @Sendable (InterruptionEvent) -> Void) -> Int {
        interruptionObservers.add(handler)
    }

    /// Stops calling an interruption observer.
    public func removeInterruptionObserver(_ id: Int) {
        interruptionObservers.remove(id)
    }

    /// Calls `handler` whenever something `status` shows may have changed: the app's state,
    /// assertions, activities, diagnostics, alerts, a screen's snapshot or fact. The clock's
    /// own progress (uptime, time remaining) is not a change.
    @discardableResult
    public func observeChanges(_ handler: @escaping @Sendable () -> Void) -> Int {
        changeObservers.add { handler() }
    }

    /// Stops calling a change observer.
    public func removeChangeObserver(_ id: Int) {
        changeObservers.remove(id)
    }
}
