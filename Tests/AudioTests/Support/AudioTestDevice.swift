import Audio
import AudioSystem
import BackgroundRuntime
import BackgroundRuntimeTesting
import Foundation
import Synchronization
import TestSupport
import Testing

/// An app with an `AudioPlayer`, made at each launch: it sets its session's category, and its
/// observers record what the player tells the app — the news that crossed from the system's
/// audio service as messages.
@AppMain
final class PlayerApp: ApplicationDelegate {
    let player: AudioPlayer

    init(application: Application, setup: PlayerAppSetup) {
        player = AudioPlayer(application: application)
        if let category = setup.category { player.session.setCategory(category) }
        player.observe { setup.recorder.append($0) }
    }
}

/// What a ``PlayerApp`` does at launch.
struct PlayerAppSetup: Sendable {
    /// The session's category; nil leaves the default.
    var category: AudioSessionCategory?
    var recorder = Recorder()
}

/// A device whose app has a player, with the system's audio service (to fakesink) it talks to.
struct AudioRig<D: Device>: Sendable {
    let device: D
    let service: AudioService
    /// What the app's player told its observers.
    let recorder: Recorder

    /// The system's player, which tests drive as the system's own controls do.
    var player: QueuePlayer { service.player }
    var session: AudioSession { service.session }
}

extension AudioRig where D == TestDevice {
    /// Runs `body` with the app's player, in the app; nil when the app's code cannot run.
    @discardableResult
    func inApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (AudioPlayer) -> T) -> T? {
        device.perform { application in body((application.delegate as! PlayerApp).player) }
    }

    /// The app's `play()`: nil when it plays (or the app's code cannot run), else why not.
    func playInApp() -> PlaybackError? {
        inApp { player -> PlaybackError? in
            do throws(PlaybackError) {
                try player.play()
                return nil
            } catch {
                return error
            }
        } ?? nil
    }
}

extension AudioRig {
    /// Runs `body` with the app's player, in the app (on a live device, in the system's
    /// process); nil when the app's code cannot run.
    @discardableResult
    func inLiveApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (AudioPlayer) -> T) async -> T? {
        await device.runInApp { application in body((application.delegate as! PlayerApp).player) }
    }
}

/// A test device whose app is launched and active, with `modes` declared, its player's session
/// set to `category` (by default playback, whose music may go on in the background).
func makeRig(
    modes: Set<BackgroundMode> = [.audio], category: AudioSessionCategory? = .playback, profile: PolicyProfile = .default
) -> AudioRig<TestDevice> {
    let setup = PlayerAppSetup(category: category)
    let device = TestDevice(profile: profile, infoPlist: InfoPlist(backgroundModes: modes)) {
        PlayerApp(application: $0, setup: setup)
    }
    let service = AudioService(device: device, output: .null)
    device.launch()
    return AudioRig(device: device, service: service, recorder: setup.recorder)
}

/// A device on real time whose app is launched and active, with `modes` declared, its
/// player's session set to playback.
func makeLiveRig(modes: Set<BackgroundMode> = [.audio]) -> AudioRig<Device> {
    let setup = PlayerAppSetup(category: .playback)
    let device = Device(infoPlist: InfoPlist(backgroundModes: modes)) { PlayerApp(application: $0, setup: setup) }
    let service = AudioService(device: device, output: .null)
    device.launch()
    return AudioRig(device: device, service: service, recorder: setup.recorder)
}

/// What a player's observers were told, readable from the test's thread.
typealias Recorder = Log<AudioPlayerEvent>

extension Log where Value == AudioPlayerEvent {
    /// The names of the items that became current, in order ("-" for an empty queue).
    var currentItems: [String] {
        all.compactMap { event in
            if case .currentItemChanged(let item) = event { item?.name ?? "-" } else { nil }
        }
    }

    /// The items that failed, with their errors.
    var failures: [PlayerItemError] {
        all.compactMap { event in
            if case .itemFailed(_, let error) = event { error } else { nil }
        }
    }
}

/// Waits until `condition` holds; before each look, the device carries out what is pending (a
/// test device runs the jobs GStreamer's threads posted to the app). `what` is read at the
/// timeout, to say where things stood. The bound is generous: the whole suite runs its thousand
/// tests at once on two cores, and GStreamer's threads wait their turn with everyone else's.
func waitUntil(
    _ what: @autoclosure () -> String, on device: Device, timeout: Duration = .seconds(120), _ condition: () -> Bool
) async throws {
    let held = await TestSupport.waitUntil(timeout: timeout) {
        await device.waitUntilIdle()
        return condition()
    }
    guard held else {
        Issue.record("timed out waiting until \(what())")
        throw TimedOut()
    }
}

struct TimedOut: Error {}

extension QueuePlayer {
    /// Inserts items for `urls` at the end of the queue.
    func enqueue(_ urls: [URL]) throws {
        for url in urls { try insert(MediaItem(url: url)) }
    }
}

/// What an observer was given (a player's events, a time observer's times, a session's
/// notifications), readable from the test's thread.
final class Log<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] { values.withLock { $0 } }
}
