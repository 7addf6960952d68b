import BackgroundCommands
import BackgroundRuntime
import Dispatch
import Foundation

/// A command-line session: the app runs, lines from standard input are its commands, and
/// SIGINT or SIGTERM (or `quit`) end it cleanly.
struct Session<Host: CommandHost> {
    /// The app's host.
    let host: Host
    /// Whether the end of standard input ends the session (headless), or only a signal or
    /// `quit` does.
    let quitsAtEndOfInput: Bool

    /// Launches the app, carries out the lines of standard input until the session ends, and
    /// quits the app.
    func run() async {
        signal(SIGPIPE, SIG_IGN)
        let events = AsyncStream<Event>.makeStream()
        let registered = DispatchGroup()
        // A serial queue of its own: a global queue's thread would start libdispatch's
        // once-a-second watch of its pool (see ThreadPoolExecutor).
        let queue = DispatchQueue(label: "session.signals")
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { events.continuation.yield(.signal(number)) }
            registered.enter()
            source.setRegistrationHandler { registered.leave() }
            source.resume()
            return source
        }
        // An ignored signal that arrives before its source is registered is lost.
        await withCheckedContinuation { continuation in registered.notify(queue: queue) { continuation.resume() } }
        host.start()
        if host.launchReason.isForeground {
            // Like a user who waits for the app to appear: its screens have published what they
            // show before the first command, so an immediate `status` shows them.
            await host.device.waitUntilIdle()
        }
        StandardInputReader.start { line in
            events.continuation.yield(line.map(Event.line) ?? .endOfInput)
        }
        session: for await event in events.stream {
            switch event {
            case .line(let line):
                if await handle(line) { break session }
            case .endOfInput:
                if quitsAtEndOfInput { break session }
            case .signal(let number):
                host.device.console.log("Received \(number == SIGINT ? "SIGINT" : "SIGTERM"); quitting")
                break session
            }
        }
        await host.quit()
        signals.forEach { $0.cancel() }
    }

    /// Carries out a line; returns true if the session should end.
    private func handle(_ line: String) async -> Bool {
        switch await host.execute(line) {
        case .done:
            return false
        case .output(let text):
            // After the console lines before it, by the console's writer: a reader that stops
            // reading stalls neither the session nor its `quit`.
            host.device.console.print(text)
            return false
        case .failed(let error):
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return false
        case .quit:
            return true
        }
    }

    private enum Event: Sendable {
        case line(String)
        case endOfInput
        case signal(Int32)
    }
}
