import BackgroundRuntime

extension Backgrounder {
    /// Ends the app as the user would (willTerminate if it is running) and returns once it is
    /// not running.
    func terminateAndWait() async {
        let ended = AsyncStream<Void>.makeStream()
        let observer = device.observeStateChanges { change in
            if change.to == .notRunning { ended.continuation.finish() }
        }
        if device.appState == .notRunning { ended.continuation.finish() }
        device.terminate(.user)
        for await _ in ended.stream {}
        device.removeStateObserver(observer)
    }

    /// Ends the app if it runs and launches it again for `reason`, as Xcode's Run does with the
    /// scheme's "Launch due to a background fetch event".
    public func relaunch(reason: LaunchReason) async {
        await terminateAndWait()
        device.launch(reason: reason)
    }
}
