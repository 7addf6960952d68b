import AVFoundation
import Audio
import AudioSystem
import BackgroundRuntimeTesting

/// A test device whose app is a ``RadioApp`` declaring `modes`, with the system's audio service
/// (GStreamer, to no sound card); the app is launched and active.
struct RadioDevice {
    let device: TestDevice
    let service: AudioService
    let log = AppLog()

    init(modes: Set<BackgroundMode>, category: AVAudioSession.Category = .playback, profile: PolicyProfile = .default) {
        let infoPlist = InfoPlist(bundleName: "Radio", bundleIdentifier: "com.example.radio", backgroundModes: modes)
        let log = log
        device = TestDevice(profile: profile, infoPlist: infoPlist) { _ in RadioApp(log: log, category: category) }
        service = AudioService(device: device, output: .null)
        device.launch()
    }

    /// Runs `body` with the app, in the app; nil when the app's code cannot run.
    @discardableResult
    func inApp<T: Sendable>(_ body: @escaping @AppMain @Sendable (RadioApp) -> T) -> T? {
        device.perform { application in body(application.delegate as! RadioApp) }
    }

    /// The app plays the bundled tracks; returns once GStreamer plays.
    func playTracks() async throws {
        inApp { $0.play(BundledTracks.urls) }
        try await waitUntil("GStreamer plays") { service.player.currentTime() > .milliseconds(50) }
    }

    /// Waits, on real time, until `condition` holds, the device carrying out what GStreamer's
    /// threads posted before each look.
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let held = await BackgroundRuntimeTesting.waitUntil {
            await device.waitUntilIdle()
            return condition()
        }
        guard held else { throw TimedOut(what: what) }
    }

    struct TimedOut: Error {
        let what: String
    }
}
