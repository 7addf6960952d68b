/// Interruptions as the system's services see them: a call stops audio whatever the app's
/// state, foreground or background.
extension Device {
    /// Calls `handler` when an interruption begins or ends, on the thread that began or ended
    /// it, after the state change and before the app's resulting jobs run. For the system's own
    /// services; the app sees the call as willResignActive and didBecomeActive.
    @discardableResult
    public func observeInterruptions(_ handler: @escaping @Sendable (InterruptionEvent) -> Void) -> Int {
        interruptionObservers.withLock { observers in
            defer { observers.nextID += 1 }
            observers.handlers[observers.nextID] = handler
            return observers.nextID
        }
    }

    /// Stops calling an interruption observer.
    public func removeInterruptionObserver(_ id: Int) {
        _ = interruptionObservers.withLock { $0.handlers.removeValue(forKey: id) }
    }

    func announce(_ event: InterruptionEvent) {
        let handlers = interruptionObservers.withLock { $0.handlers.sorted { $0.key < $1.key }.map(\.value) }
        for handler in handlers { handler(event) }
    }
}
