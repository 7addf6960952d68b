import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation
import LocationWire
import Synchronization

/// A simulated route, as Xcode's Debug ▸ Simulate Location plays one: the device moves along a
/// recorded track from the moment the route is chosen, at the track's own pace times `speed`.
///
/// While running it takes a fix every interval, interpolated between the track's points (see
/// ``Track/sample(at:)``), stamped with the device's wall-clock time. A route that `loops`
/// starts over after its last point, as the built-in routes do; any other stops there.
/// Every tick is a timer on the device's loop, so manual time replays a route exactly.
public final class RouteReplay: LocationSource {
    public let track: Track
    /// How many seconds of the track pass in one second of the device's time.
    public let speed: Double
    public let loops: Bool
    public var name: String { track.name }

    private let loop: SystemLoop
    private let wallClock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    /// When the route was chosen, on the loop's clock: the track's first point.
    private let origin: Duration

    private struct State {
        var sink: (@Sendable (Location) -> Void)?
        var interval = Duration.seconds(1)
        var timer: SystemTimer?
        var lap = 0
        var hasEnded = false
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - speed: the speed factor, above 0 (1 is real time).
    ///   - log: where the replay says that it started over or ended.
    public init(
        track: Track, speed: Double = 1, loops: Bool, loop: SystemLoop,
        wallClock: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void
    ) {
        precondition(speed > 0 && speed.isFinite, "a replay's speed must be a positive number")
        self.track = track
        self.speed = speed
        self.loops = loops
        self.loop = loop
        self.wallClock = wallClock
        self.log = log
        origin = loop.now
    }

    public func start(interval: Duration, sink: @escaping @Sendable (Location) -> Void) {
        state.withLock { state in
            state.sink = sink
            state.interval = interval
            guard state.timer == nil, !state.hasEnded else { return }
            state.timer = schedule(at: loop.now)
        }
    }

    public func setInterval(_ interval: Duration) {
        state.withLock { state in
            let old = state.interval
            state.interval = interval
            guard old != interval, let timer = state.timer else { return }
            // The next fix comes one new interval after the last one, but not in the past.
            loop.cancel(timer)
            state.timer = schedule(at: max(loop.now, timer.deadline - old + interval))
        }
    }

    public func stop() {
        state.withLock { state in
            loop.cancel(state.timer)
            state.timer = nil
            state.sink = nil
        }
    }

    private func schedule(at deadline: Duration) -> SystemTimer {
        loop.schedule(at: deadline) { [weak self] in self?.tick(at: deadline) }
    }

    private func tick(at deadline: Duration) {
        let offset = (loop.now - origin).seconds * speed
        let (sink, message, position) = state.withLock { state -> ((@Sendable (Location) -> Void)?, String?, Double?) in
            guard state.timer?.deadline == deadline, let sink = state.sink else { return (nil, nil, nil) }
            var message: String?
            var position = offset
            if loops {
                let period = track.duration + 1
                let lap = Int(offset / period)
                position = offset - Double(lap) * period
                if lap > state.lap {
                    state.lap = lap
                    message = "Simulated route \(track.name) starts over"
                }
            } else if offset > track.duration + 1e-9 {
                state.hasEnded = true
                state.timer = nil
                return (nil, "Simulated route \(track.name) has ended; choose another with location route", nil)
            }
            state.timer = schedule(at: deadline + state.interval)
            return (sink, message, position)
        }
        if let message { log(message) }
        guard let sink, let position else { return }
        let sample = track.sample(at: min(position, track.duration))
        sink(Location(
            coordinate: sample.coordinate, altitude: sample.altitude ?? 0,
            horizontalAccuracy: sample.horizontalAccuracy, verticalAccuracy: sample.verticalAccuracy ?? -1,
            speed: sample.speed, course: sample.course, timestamp: wallClock()))
    }
}
