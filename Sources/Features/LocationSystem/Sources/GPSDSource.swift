import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import LocationWire
import NIOCore
import NIOPosix
import Synchronization

/// A client of gpsd's JSON protocol over TCP: the fixes of a real receiver.
///
/// It connects, sends `?WATCH={"enable":true,"json":true}`, and turns each `TPV` report with a
/// fix and a time into a ``Location``: the TPV's time, `lat`/`lon`, `altMSL`, `speed`, `track`, and a
/// horizontal accuracy from `epx`/`epy` (see ``GPSDReport/horizontalAccuracy``). gpsd reports
/// an epoch several times as sentences arrive; the first report of an epoch that has an
/// accuracy is taken, and then one every interval of TPV time.
///
/// Whatever gpsd sends is checked: `ERROR` objects, lines that are not JSON (or not UTF-8) and
/// fixes out of range each get one console line (at most ten bad lines a connection) and are
/// skipped; a line over 64 KiB is one console line and ends the connection. When gpsd is not
/// there or hangs up, the client says so and tries again after 1 s, then 2, 4, … up to 30 s
/// between tries; the delays are timers on the device's loop.
public final class GPSDSource: LocationSource {
    public let endpoint: GPSDEndpoint
    public var name: String { "gpsd at \(endpoint)" }

    /// The first delay before reconnecting; it doubles after each failure.
    public static let firstRetryDelay = Duration.seconds(1)
    /// The longest delay between two tries.
    public static let maximumRetryDelay = Duration.seconds(30)
    /// The longest line accepted from gpsd.
    public static let maximumLineLength = 65_536
    /// How many bad lines of one connection are shown on the console.
    static let badLineReportLimit = 10

    private let loop: SystemLoop
    private let group: any EventLoopGroup
    private let log: @Sendable (String) -> Void

    private struct State {
        var isRunning = false
        var sink: (@Sendable (Location) -> Void)?
        var interval = Duration.seconds(1)
        /// Each connection attempt's number; events of older attempts are ignored.
        var attempt = 0
        var channel: (any Channel)?
        /// The service holds the fixes back (see ``LocationSource/hold(_:)``).
        var isHeld = false
        var retryTimer: SystemTimer?
        var retryDelay = GPSDSource.firstRetryDelay
        /// The TPV time of the last fix taken, in seconds since 1970.
        var lastFixTime: Double?
        var badLines = 0
        var fixesWithoutAccuracy = 0
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - loop: the device's loop, whose timers pace the reconnections.
    ///   - log: where the client's console lines go.
    public init(
        endpoint: GPSDEndpoint, loop: SystemLoop, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.endpoint = endpoint
        self.loop = loop
        self.group = group
        self.log = log
    }

    public func start(interval: Duration, sink: @escaping @Sendable (Location) -> Void) {
        let attempt = state.withLock { state -> Int? in
            state.sink = sink
            state.interval = interval
            guard !state.isRunning else { return nil }
            state.isRunning = true
            state.retryDelay = Self.firstRetryDelay
            return beginAttempt(&state)
        }
        if let attempt { connect(attempt) }
    }

    public func setInterval(_ interval: Duration) {
        state.withLock { $0.interval = interval }
    }

    /// Stops or resumes reading gpsd's socket. The socket is set on its event loop as the
    /// latest call left it: a release called from another thread reaches the loop after a hold
    /// called on the loop itself, and must not undo that later hold.
    public func hold(_ isHeld: Bool) {
        let channel = state.withLock { state -> (any Channel)? in
            state.isHeld = isHeld
            return state.channel
        }
        if let channel { applyHold(to: channel) }
    }

    /// Reads `channel` unless the source is held when its event loop gets to it.
    private func applyHold(to channel: any Channel) {
        guard channel.eventLoop.inEventLoop else {
            channel.eventLoop.execute { [weak self] in self?.applyHold(to: channel) }
            return
        }
        let isHeld = state.withLock { $0.isHeld }
        channel.setOption(ChannelOptions.autoRead, value: !isHeld).whenComplete { _ in }
    }

    /// Whether gpsd's socket is being read (nil without a connection), for tests.
    func isReadingSocket() async throws -> Bool? {
        guard let channel = state.withLock({ $0.channel }) else { return nil }
        return try await channel.getOption(ChannelOptions.autoRead).get()
    }

    public func stop() {
        let channel = state.withLock { state -> (any Channel)? in
            state.isRunning = false
            state.sink = nil
            state.attempt += 1
            loop.cancel(state.retryTimer)
            state.retryTimer = nil
            defer { state.channel = nil }
            return state.channel
        }
        channel?.close(promise: nil)
    }

    // MARK: The connection

    private func beginAttempt(_ state: inout State) -> Int {
        state.attempt += 1
        state.badLines = 0
        state.fixesWithoutAccuracy = 0
        return state.attempt
    }

    private func connect(_ attempt: Int) {
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.seconds(5))
            .channelInitializer { [weak self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(GPSDLineHandler(
                        lineLimit: Self.maximumLineLength,
                        onLine: { [weak self] in self?.receive($0, attempt: attempt) },
                        onClose: { [weak self] in self?.closed(attempt: attempt) },
                        onError: { [weak self] in self?.failed($0, attempt: attempt) }))
                }
            }
        bootstrap.connect(host: endpoint.host, port: endpoint.port).whenComplete { [weak self] result in
            self?.connected(result, attempt: attempt)
        }
    }

    private func connected(_ result: Result<any Channel, any Error>, attempt: Int) {
        switch result {
        case .success(let channel):
            let (isCurrent, isHeld) = state.withLock { state -> (Bool, Bool) in
                guard state.isRunning, state.attempt == attempt else { return (false, false) }
                state.channel = channel
                return (true, state.isHeld)
            }
            guard isCurrent else {
                channel.close(promise: nil)
                return
            }
            if isHeld { applyHold(to: channel) }
            log("Connected to gpsd at \(endpoint)")
            let watch = channel.allocator.buffer(string: "?WATCH={\"enable\":true,\"json\":true}\n")
            channel.writeAndFlush(watch, promise: nil)
        case .failure(let error):
            retry(after: "Cannot connect to gpsd at \(endpoint) (\(Self.describe(error)))", attempt: attempt)
        }
    }

    private func closed(attempt: Int) {
        let wasOpen = state.withLock { state -> Bool in
            guard state.attempt == attempt, state.channel != nil else { return false }
            state.channel = nil
            return true
        }
        if wasOpen { retry(after: "gpsd at \(endpoint) hung up", attempt: attempt) }
    }

    private func failed(_ error: any Error, attempt: Int) {
        guard state.withLock({ $0.attempt == attempt && $0.isRunning }) else { return }
        log("The connection to gpsd at \(endpoint) failed: \(Self.describe(error))")
    }

    /// Logs why the connection is gone and tries again after the current delay.
    private func retry(after reason: String, attempt: Int) {
        let delay = state.withLock { state -> Duration? in
            guard state.isRunning, state.attempt == attempt else { return nil }
            let delay = state.retryDelay
            state.retryDelay = min(delay * 2, Self.maximumRetryDelay)
            state.retryTimer = loop.schedule(after: delay) { [weak self] in self?.reconnect(after: attempt) }
            return delay
        }
        guard let delay else { return }
        log("\(reason); retrying in \(Int(delay.seconds)) s")
    }

    private func reconnect(after attempt: Int) {
        let next = state.withLock { state -> Int? in
            guard state.isRunning, state.attempt == attempt else { return nil }
            state.retryTimer = nil
            return beginAttempt(&state)
        }
        if let next { connect(next) }
    }

    // MARK: Reports

    private func receive(_ line: FramedLine, attempt: Int) {
        guard state.withLock({ state in
            guard state.isRunning, state.attempt == attempt else { return false }
            if line != .tooLong { state.retryDelay = Self.firstRetryDelay }
            return true
        }) else { return }
        let text: String
        switch line {
        case .line(let line):
            text = line
        case .invalidUTF8(let count):
            return badLine("a line of \(count) bytes that is not valid UTF-8", attempt: attempt)
        case .tooLong:
            return log("gpsd at \(endpoint) sent a line longer than \(Self.maximumLineLength) bytes; dropping the connection")
        }
        switch GPSDReading(line: text) {
        case .fix(let report, let latitude, let longitude, let time):
            take(report, latitude: latitude, longitude: longitude, time: time, attempt: attempt)
        case .error(let message): log("gpsd at \(endpoint) reports an error: \(message)")
        case .bad(let what): badLine(what, attempt: attempt)
        case .ignored: break
        }
    }

    /// Takes a fix of ``GPSDReading``, paced to the interval.
    private func take(_ report: GPSDReport, latitude: Double, longitude: Double, time: Double, attempt: Int) {
        let date = Date(timeIntervalSince1970: time)
        let (sink, note) = state.withLock { state -> ((@Sendable (Location) -> Void)?, String?) in
            guard let accuracy = report.horizontalAccuracy, accuracy >= 0 else {
                state.fixesWithoutAccuracy += 1
                let warn = state.fixesWithoutAccuracy == 10
                return (nil, warn ? "gpsd at \(endpoint) gives its fixes no error estimate (epx/epy/eph); a fix without an accuracy is not used" : nil)
            }
            state.fixesWithoutAccuracy = 0
            var note: String?
            if let last = state.lastFixTime {
                if time < last {
                    note = "gpsd at \(endpoint): the receiver's time went back from \(Timestamp.text(last)) to \(Timestamp.text(time)); following it"
                } else if time - last < state.interval.seconds - 0.001 {
                    return (nil, nil)
                }
            }
            state.lastFixTime = time
            return (state.sink, note)
        }
        if let note { log(note) }
        guard let sink, let accuracy = report.horizontalAccuracy else { return }
        sink(Location(
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitude: report.altMSL ?? report.alt ?? 0, horizontalAccuracy: accuracy,
            verticalAccuracy: (report.altMSL ?? report.alt) == nil ? -1 : report.epv ?? -1,
            speed: report.speed ?? -1, course: report.track ?? -1, timestamp: date))
    }

    private func badLine(_ what: String, attempt: Int) {
        let count = state.withLock { state -> Int in
            guard state.attempt == attempt else { return 0 }
            state.badLines += 1
            return state.badLines
        }
        if count <= Self.badLineReportLimit {
            log("gpsd at \(endpoint) sent \(what); skipped")
        }
        if count == Self.badLineReportLimit {
            log("gpsd at \(endpoint): further bad lines of this connection are skipped without a word")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.first { return describe(failure.error) }
            return error.dnsAError != nil || error.dnsAAAAError != nil ? "cannot resolve \(error.host)" : "no address for \(error.host)"
        case ChannelError.connectTimeout:
            return "no answer within 5 s"
        default:
            return String(describing: error)
        }
    }
}
