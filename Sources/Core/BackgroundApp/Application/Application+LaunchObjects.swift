import BackgroundWire

extension Application {
    /// The object of type `T` this launch keeps, made by `make` the first time it is asked for:
    /// what a framework has once per process on iOS (`UNUserNotificationCenter.current()`) is
    /// once per launch here, as each launch is a process of its own. Any thread may ask; when two
    /// ask at once, one object is kept and both get it.
    public nonisolated func launchObject<T: AnyObject & Sendable>(_ type: T.Type, make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        if let object = launchObjects.withLock({ $0[key] }) as? T { return object }
        let made = make()
        return launchObjects.withLock { objects in
            if let object = objects[key] as? T { return object }
            objects[key] = made
            return made
        }
    }
}
