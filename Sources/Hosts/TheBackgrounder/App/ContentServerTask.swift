import BackgroundRuntime
import BackgrounderHost
import DemoPeers
import Synchronization

/// The built-in content server, running beside TheBackgrounder on its host (a
/// ``HostCompanion``).
///
/// An optional listener never stops the start: a port that is taken is one console line, and
/// the server serves on a free port instead, which ``port`` then names (the Newsstand tab's
/// URL follows it).
final class ContentServerTask: HostCompanion {
    private let server: ContentServer
    private let state = Mutex<State>(State())

    private struct State {
        var task: Task<Void, Never>?
        var port: Int?
    }

    /// Serves `server` once started.
    init(_ server: ContentServer) {
        self.server = server
    }

    /// The port it listens on; nil until it does.
    var port: Int? { state.withLock { $0.port } }

    /// Starts serving unless it already serves, and returns once it listens or has given up
    /// (each said on `console`). A port that is taken (or any failure to listen) makes it try a
    /// free port once, in the same console line.
    func start(console: Console) async {
        guard let listening = launch(console: console) else { return }
        for await _ in listening {}
    }

    /// Starts serving unless it already serves, without waiting.
    func begin(console: Console) {
        _ = launch(console: console)
    }

    /// Starts serving unless it already serves; the stream ends once it listens or has given
    /// up. Nil when it already serves.
    private func launch(console: Console) -> AsyncStream<Void>? {
        let listening = AsyncStream<Void>.makeStream()
        let began = state.withLock { state -> Bool in
            guard state.task == nil else { return false }
            state.task = Task { await self.serve(server, console: console, listening: listening.continuation) }
            return true
        }
        return began ? listening.stream : nil
    }

    private func serve(_ server: ContentServer, console: Console, listening: AsyncStream<Void>.Continuation) async {
        defer { listening.finish() }
        var server = server
        var taken: String?
        while true {
            let listened = Mutex(false)
            do {
                let note = taken, current = server
                try await current.run { port in
                    listened.withLock { $0 = true }
                    self.state.withLock { $0.port = port }
                    let line = "Content server: \(ContentServer.issueURL(port: port)) (\(current.issue.count) bytes) at \(current.speed)"
                    console.log(note.map { "\(line) — \($0)" } ?? line)
                    listening.finish()
                }
                return
            } catch {
                guard taken == nil, server.port != 0, !listened.withLock({ $0 }), !Task.isCancelled else {
                    console.log("Content server: cannot serve on \(server.host):\(server.port): \(error); --content-port N moves it (auto picks a free port, 0 starts none)")
                    return
                }
                let reason = "\(error)".contains("Address already in use") ? "it is taken" : "\(error)"
                taken = "cannot listen on \(server.host):\(server.port) (\(reason)), so it serves on a free port; --content-port N moves it"
                server = ContentServer(host: server.host, port: 0, rate: server.rate, issue: server.issue)
            }
        }
    }

    /// Stops serving, without waiting, for a process about to end, whose end closes the port:
    /// cancelling Hummingbird's service group can deadlock in swift-async-algorithms' `merge`
    /// (its lock against the task's status lock; apple/swift-async-algorithms#444), and a quit
    /// that waited for it would never end.
    func stop() {
        let running = state.withLock { state in
            defer { state.task = nil }
            return state.task
        }
        running?.cancel()
    }
}
