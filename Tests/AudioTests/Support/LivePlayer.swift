import Audio
import AudioSystem
import BackgroundRuntime
import Foundation

/// A live device whose app is active and has a player, the system's player to fakesink with
/// every event the app is told recorded, and a fresh directory for the test's files.
struct LivePlayer {
    let rig = makeLiveRig()
    let directory: URL

    var device: Device { rig.device }
    var recorder: Recorder { rig.recorder }
    /// The system's player.
    var player: QueuePlayer { rig.player }

    private init() throws {
        directory = try GeneratedAudio.directory()
    }

    /// Runs `body` with a new live player, and shuts the player and its device down after, so
    /// that nothing of it acts on the app executor that the next test's device shares.
    static func run(_ body: (LivePlayer) async throws -> Void) async throws {
        let fixture = try LivePlayer()
        defer {
            fixture.rig.service.shutdown()
            fixture.device.shutdown()
        }
        try await body(fixture)
    }

    /// Makes an mp3 tone of `seconds`.
    func tone(_ name: String, seconds: Double, frequency: Int = 440) async throws -> URL {
        try await GeneratedAudio.tone(name, seconds: seconds, frequency: frequency, in: directory)
    }

    /// Queues an mp3 tone of `seconds` for each name.
    func enqueueTones(_ names: [String], seconds: Double) async throws {
        for name in names { try player.enqueue([await tone(name, seconds: seconds)]) }
    }

    /// Overwrites the mp3 `name` with garbage.
    func spoil(_ name: String) throws {
        _ = try GeneratedAudio.file("\(name).mp3", in: directory)
    }

    func waitUntilEveryItemOpened() async throws {
        try await waitUntil("every item opened", on: device) { player.items.allSatisfy { $0.status == .readyToPlay } }
    }

    /// Waits until the queue is empty, playback stopped, and the app has been told.
    func waitUntilPlayedOut() async throws {
        try await waitUntil(
            "the queue played out; items \(player.items), playing \(player.isPlaying), time \(player.currentTime()), "
                + "events \(recorder.all)",
            on: device
        ) { recorder.currentItems.last == "-" && !player.isPlaying && device.activities.isEmpty }
    }
}
