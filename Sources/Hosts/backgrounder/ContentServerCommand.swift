import ArgumentParser
import BackgroundRuntime
import BackgrounderHost
import DemoPeers
import Foundation

/// `backgrounder content-server`: the Newsstand tab's built-in content server on its own.
struct ContentServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content-server",
        abstract: "Serve the Newsstand issue (a large generated PDF) with Range, If-Range and ETag, optionally throttled.",
        discussion: """
            `backgrounder run` starts the same server on 127.0.0.1:8081 by itself. Run this one to \
            download the issue from elsewhere, e.g. curl -O \(ContentServer.issueURL()). \
            SIGINT or SIGTERM stop it.
            """
    )

    @Option(help: "The port on 127.0.0.1 (0 picks a free one).")
    var port = ContentServer.defaultPort

    @Option(help: "How fast to serve each response, e.g. 1MB/s, 512KB/s, 2MiB/s, or unlimited.")
    var rate = "unlimited"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port): not a TCP port (0 to 65535)") }
        do {
            _ = try ByteRate.parse(rate)
        } catch {
            throw ValidationError("--rate: \(error)")
        }
    }

    func run() async throws {
        let server = ContentServer(port: port, rate: try ByteRate.parse(rate))
        signal(SIGPIPE, SIG_IGN)
        func cannotListen(_ problem: SocketProblem) -> RuntimeFailure {
            RuntimeFailure("cannot listen on 127.0.0.1:\(port): \(problem.reason)", hint: "--port N serves on another port (0 picks a free one)")
        }
        do {
            try await server.runUntilSignalled { port in
                StandardOutput.write(
                    "Serving \(ContentServer.issueURL(port: port)) (\(server.issue.count) bytes, ETag \(server.issue.etag)) at \(server.speed)\n")
            }
        } catch {
            guard let problem = SocketProblem(error) else { throw error }
            throw cannotListen(problem)
        }
    }
}
