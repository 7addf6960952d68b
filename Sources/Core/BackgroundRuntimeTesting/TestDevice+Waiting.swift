import BackgroundRuntime

extension TestDevice {
    /// Runs what is due — the jobs that services posted from their own threads (a socket's
    /// data, a peer's answer), the timers due now — until `condition` holds; false after
    /// `timeout` of real time. Each round first moves the manual clock by `step` (none by
    /// default), so that once `condition` holds, the device has also run what came before.
    ///
    /// For tests whose device meets real I/O: the I/O takes real time, the rules run on the
    /// manual clock. It waits between rounds without holding a thread (see ``waitUntil(timeout:_:)``).
    public func runUntil(
        timeout: Duration = hangBound, step: Duration = .zero, _ condition: () -> Bool
    ) async -> Bool {
        await waitUntil(timeout: timeout) {
            advance(by: step)
            return condition()
        }
    }

    /// Runs what is due until the console shows a line containing `text` (see
    /// ``runUntil(timeout:step:_:)``); false after `timeout` of real time.
    public func runUntilConsoleShows(_ text: String, timeout: Duration = hangBound) async -> Bool {
        await runUntil(timeout: timeout) { !consoleLines(containing: text).isEmpty }
    }
}
