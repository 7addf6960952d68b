import Audio
import AudioSystem
import BackgroundRuntime
import Foundation

/// A manual device with `modes` whose app's player, its session set to `category`, is playing a
/// 5 s tone, with a 10 ms time observer of the app's recording into `times`.
func playingDevice(
    modes: Set<BackgroundMode>, category: AudioSessionCategory = .playback, times: Log<Duration> = Log<Duration>()
) async throws -> AudioRig<TestDevice> {
    let rig = makeRig(modes: modes, category: category)
    rig.inApp { player in player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { times.append($0) } }
    try await rig.player.enqueue([GeneratedAudio.tone("song", seconds: 5, in: GeneratedAudio.directory())])
    try rig.player.play()
    try await waitUntil("GStreamer plays", on: rig.device) { rig.player.currentTime() > .milliseconds(50) }
    return rig
}

/// Waits until the player's position has not moved for 200 ms of real time.
func waitUntilStill(_ player: QueuePlayer, on device: TestDevice) async throws {
    var last = player.currentTime()
    var lastChange = ContinuousClock.now
    try await waitUntil("the position stands still", on: device) {
        let now = player.currentTime()
        if now != last { (last, lastChange) = (now, .now) }
        return ContinuousClock.now - lastChange > .milliseconds(200)
    }
}
