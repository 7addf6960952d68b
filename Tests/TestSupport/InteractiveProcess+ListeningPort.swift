import BackgroundRuntimeTesting

extension InteractiveProcess {
    /// The port a line of its output names right after `prefix` (as in the app's
    /// `Push gateway: https://127.0.0.1:PORT` or voip-peer's `listening on 127.0.0.1:PORT`),
    /// waited for; nil if no such line came in `timeout`. For a program told to listen on port 0
    /// or `auto`: a port the test picked and released could be taken before the program binds it.
    public func listeningPort(
        after prefix: String, in stream: KeyPath<InteractiveProcess, [String]> = \.stdoutLines,
        timeout: Duration = hangBound
    ) async -> Int? {
        func port() -> Int? {
            for line in self[keyPath: stream] {
                guard let range = line.range(of: prefix) else { continue }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }
            return nil
        }
        guard await waitFor(timeout: timeout, { _ in port() != nil }) else { return nil }
        return port()
    }
}
