import ArgumentParser
import BackgrounderHost
import BackgroundRuntime
import DemoPeers
import Foundation

/// `backgrounder voip-peer`: the VoIP tab's server, for people without netcat.
struct VoIPPeerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voip-peer",
        abstract: "A line server for the VoIP tab, like `nc -l 10000`: type ping or notify, see pong.",
        discussion: """
            Each line typed on standard input goes to the connected app; each line the app sends \
            is printed on standard output. Status lines go to standard error. It keeps listening \
            when the app disconnects, so a reconnecting app finds it again; the end of input \
            ends it. In the app: `voip connect 127.0.0.1 10000`, then `home`, then type ping here.
            """
    )

    @Option(help: "The TCP port to listen on (0 picks a free one; the `listening on` line names it).")
    var port = 10_000

    @Option(help: "The address to listen on (loopback unless you ask otherwise).")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port \(port): not a TCP port (1 to 65535, or 0 for a free one)")
        }
    }

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        let peer = VoIPPeer { event in
            switch event {
            case .received(let line): StandardOutput.write(line + "\n")
            case .connected(let address): Self.status("connection from \(address)")
            case .disconnected(let address): Self.status("\(address) disconnected; still listening")
            case .rejected(let reason): Self.status("rejected \(reason)")
            }
        }
        let bound: Int
        do {
            bound = try await peer.start(host: host, port: port)
        } catch {
            throw RuntimeFailure(
                "cannot listen on \(host):\(port): \(SocketProblem(error)?.reason ?? "\(error)")",
                hint: "--port N listens on another port (and the app's `voip connect 127.0.0.1 N` reaches it)")
        }
        Self.status("listening on \(host.contains(":") ? "[\(host)]" : host):\(bound); type ping or notify")
        let lines = AsyncStream<String>.makeStream()
        StandardInputReader.start { line in
            if let line { lines.continuation.yield(line) } else { lines.continuation.finish() }
        }
        for await line in lines.stream where peer.send(line) == 0 {
            Self.status("no app is connected; \"\(line)\" was not sent")
        }
        await peer.stop()
    }

    private static func status(_ message: String) {
        FileHandle.standardError.write(Data("voip-peer: \(message)\n".utf8))
    }
}
