import Foundation
import TestSupport

/// Waits (up to `timeout`) until something accepts connections on `port` of 127.0.0.1.
func waitForPort(_ port: Int, timeout: Duration = .seconds(10)) throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        let socket = LoopbackSocket()
        let connected = socket.connect(to: port)
        socket.close()
        if connected { return }
        usleep(10_000)
    }
    throw POSIXError(.ETIMEDOUT)
}

/// The SHA-256 of a file, from coreutils' `sha256sum`.
func sha256(of url: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [url.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}
