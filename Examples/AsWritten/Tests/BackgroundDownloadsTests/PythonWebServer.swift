import Foundation

/// Python's `http.server` serving a directory on loopback: a real web server that nobody here
/// wrote, started for a test and stopped by it.
final class PythonWebServer {
    let port: Int
    private let process: Process

    /// Starts the server on `directory` and waits for its own line saying where it listens.
    init(serving directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        var seen = ""
        while !seen.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        // "Serving HTTP on 127.0.0.1 port 41235 (http://127.0.0.1:41235/) ..."
        guard let range = seen.range(of: #"port (\d+)"#, options: .regularExpression),
            let port = Int(seen[range].dropFirst("port ".count))
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ServerDidNotStart(output: seen)
        }
        self.port = port
    }

    /// The URL of `name` on the server.
    func url(_ name: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(name)")!
    }

    /// Stops the server with SIGKILL: a child of a test process inherits its blocked signals,
    /// SIGTERM among them.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

