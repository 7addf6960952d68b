import BackgroundWire

/// The system's side of continued processing tasks (iOS 26): those running, and the requests
/// queued behind them, in order. They live in the app's process: when it ends, they end.
struct ContinuedProcessingState: Sendable, Equatable {
    var tasks: [ContinuedTask] = []

    var running: [ContinuedTask] { tasks.filter { $0.running != nil } }
    var queued: [ContinuedTask] { tasks.filter { $0.running == nil } }

    func index(ofRun run: Int) -> Int? {
        tasks.firstIndex { $0.running?.run == run }
    }
}
