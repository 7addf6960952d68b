import Audio
import BackgroundRuntime
import Foundation
import Synchronization
import Testing
import TestSupport

/// An app that does nothing by itself; tests drive the player from outside.
@AppMain
final class IdleDelegate: ApplicationDelegate {}

/// A test device whose app is launched and active, with `modes` declared.
func makeDevice(modes: Set<BackgroundMode> = [.audio]) -> TestDevice {
    let device = TestDevice(infoPlist: InfoPlist(backgroundModes: modes)) { _ in IdleDelegate() }
    device.launch()
    return device
}

/// A device on real time whose app is launched and active, with `modes` declared.
func makeLiveDevice(modes: Set<BackgroundMode> = [.audio]) -> Device {
    let device = Device(infoPlist: InfoPlist(backgroundModes: modes)) { _ in IdleDelegate() }
    device.launch()
    return device
}

/// A player to fakesink, whose events are recorded, with its session's category set to
/// `category` (by default playback, whose music may go on in the background).
func makePlayer(on device: Device, category: AudioSessionCategory = .playback, recorder: Recorder? = nil) -> QueuePlayer {
    let player = QueuePlayer(device: device, output: .null)
    player.session.setCategory(category)
    if let recorder {
        player.observe { event in recorder.append(event) }
    }
    return player
}

/// What a player's observers were told, readable from the test's thread.
typealias Recorder = Log<QueuePlayerEvent>

extension Log where Value == QueuePlayerEvent {
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
/// timeout, to say where things stood.
func waitUntil(
    _ what: @autoclosure () -> String, on device: Device, timeout: Duration = .seconds(15), _ condition: () -> Bool
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
        for url in urls { try insert(PlayerItem(url: url)) }
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
