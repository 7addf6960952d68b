import BackgroundRuntime

/// `wait for TEXT [N]`: waits, on real time, until the console has printed N lines containing
/// TEXT since the session began — a script's way to wait for the app's own line (a download's
/// end, a socket's data) instead of a number of seconds that hopes.
enum ConsoleWait {
    /// The longest it waits before the command fails.
    static let limit: Duration = .seconds(600)

    /// Whether `console` printed `count` lines containing `text` (among its kept lines) within
    /// `limit` of real time.
    static func lines(containing text: String, count: Int, on console: Console, limit: Duration = limit) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var seen = 0
                for await line in console.follow(after: 0) where line.message.contains(text) {
                    seen += 1
                    if seen >= count { return true }
                }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let found = await group.next() ?? false
            group.cancelAll()
            return found
        }
    }
}
