/// Paces a response to a ``ByteRate``: after each chunk it sleeps until the bytes sent so far
/// are due, so the average stays at the rate whatever the chunk size.
struct Pacer {
    let rate: ByteRate?
    private let start = ContinuousClock.now
    private var sent: Int64 = 0

    init(rate: ByteRate?) {
        self.rate = rate
    }

    /// Small enough for about ten chunks a second when throttled; 64 KiB otherwise.
    var chunkSize: Int {
        guard let rate else { return 64 << 10 }
        return Int(min(64 << 10, max(1 << 10, rate.bytesPerSecond / 10)))
    }

    mutating func sent(_ count: Int) async throws {
        sent += Int64(count)
        guard let rate else { return }
        let due = start + .seconds(Double(sent) / Double(rate.bytesPerSecond))
        try await Task.sleep(until: due, clock: .continuous)
    }
}
