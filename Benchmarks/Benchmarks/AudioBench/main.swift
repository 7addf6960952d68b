// audio-bench: plays one file through the Audio tab's player to fakesink at real-time pace, on
// a live device — the app's AudioPlayer asking the system's AudioService by messages — optionally
// with a periodic time observer on the app's executor (the Audio screen uses 10 ms), and prints
// as JSON the pace (seconds of audio played per second of wall clock: 1 at real time) and the
// observer's jitter. scripts/benchmark-audio measures its CPU time against gst-launch-1.0's
// playbin on the same file.
//
//   audio-bench FILE [OBSERVER-INTERVAL-MS]     (0 or none: no time observer)
import Audio
import AudioSystem
import BackgroundRuntime
import BenchSupport
import Dispatch
import Foundation
import Synchronization

let arguments = CommandLine.arguments
guard (2...3).contains(arguments.count), let milliseconds = Int(arguments.count == 3 ? arguments[2] : "0"), milliseconds >= 0 else {
    FileHandle.standardError.write(Data("usage: audio-bench FILE [OBSERVER-INTERVAL-MS]\n".utf8))
    exit(2)
}
let interval = Duration.milliseconds(milliseconds)

/// What the app saw, read by the benchmark after the run.
final class Observations: Sendable {
    /// When each time reached the observer.
    let arrivals = Mutex<[ContinuousClock.Instant]>([])
    /// Signalled when the queue played out, or the item could not be played.
    let finished = DispatchSemaphore(value: 0)
    let failure = Mutex<String?>(nil)
    /// The item played, whose duration the player learns from the service.
    let played = Mutex<PlayerItem?>(nil)
}

/// The app: it queues the file and plays it at launch, observing the player.
@AppMain
final class BenchApp: ApplicationDelegate {
    let player: AudioPlayer

    init(application: Application, path: String, interval: Duration, observations: Observations) {
        player = AudioPlayer(application: application)
        if interval > .zero {
            player.addPeriodicTimeObserver(forInterval: interval) { _ in
                observations.arrivals.withLock { $0.append(.now) }
            }
        }
        player.observe { event in
            switch event {
            case .currentItemChanged(nil): observations.finished.signal()
            case .itemFailed(_, let error): observations.failure.withLock { $0 = error.description }
            case .currentItemChanged, .playbackChanged: break
            }
        }
        do {
            let item = try PlayerItem(fileAtPath: path)
            observations.played.withLock { $0 = item }
            try player.insert(item)
            try player.play()
        } catch {
            observations.failure.withLock { $0 = "\(error)" }
            observations.finished.signal()
        }
    }
}

let observations = Observations()
let path = arguments[1]
let device = Device(infoPlist: InfoPlist(backgroundModes: [.audio])) { application in
    BenchApp(application: application, path: path, interval: interval, observations: observations)
}
let service = AudioService(device: device, output: .null)
let started = ContinuousClock.now
device.launch()
await offTheMainThread { [observations] in observations.finished.wait() }
let elapsed = ContinuousClock.now - started
if let message = observations.failure.withLock({ $0 }) {
    FileHandle.standardError.write(Data("audio-bench: \(message)\n".utf8))
    exit(1)
}

/// How far each interval between two deliveries is from the observer's, in milliseconds, sorted.
let times = observations.arrivals.withLock { $0 }
let deviations = zip(times, times.dropFirst()).map { pair in
    abs(((pair.1 - pair.0) - interval) / .milliseconds(1))
}.sorted()
func percentile(_ p: Double) -> Double {
    deviations.isEmpty ? 0 : deviations[min(deviations.count - 1, Int((Double(deviations.count) * p).rounded(.down)))]
}
/// Seconds of audio per second of wall clock, from play to the end (opening the file included).
let pace = (observations.played.withLock { $0 }?.duration ?? .zero) / elapsed
print(String(
    format: #"{"pace":%.4f,"callbacks":%d,"jitter_p50_ms":%.3f,"jitter_p99_ms":%.3f,"jitter_max_ms":%.3f}"#,
    pace, times.count, percentile(0.5), percentile(0.99), deviations.last ?? 0))
device.terminate()
service.shutdown()
device.shutdown()
