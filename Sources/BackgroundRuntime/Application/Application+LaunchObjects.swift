extension Application {
    /// The object of type `T` this launch keeps, made by `make` the first time it is asked for:
    /// what a framework has once per process on iOS (`UNUserNotificationCenter.current()`) is
    /// once per launch here, as each launch is a process of its own.
    public func launchObject<T: AnyObject>(_ type: T.Type, make: () -> T) -> T {
        if let object = launchObjects[ObjectIdentifier(type)] as? T { return object }
        let object = make()
        launchObjects[ObjectIdentifier(type)] = object
        return object
    }
}
