// audio-bench: plays one file through the Audio tab's QueuePlayer to fakesink at real-time
// pace, on a live device, optionally with a periodic time observer on the app's executor (the
// Audio screen uses 10 ms), and prints as JSON the pace (seconds of audio played per second of
// wall clock: 1 at real time) and the observer's jitter. scripts/benchmark-audio measures its
// CPU time against gst-launch-1.0's playbin on the same file.
//
//   audio-bench FILE [OBSERVER-INTERVAL-MS]     (0 or none: no time observer)
import Audio
import BackgroundRuntime
import Dispatch
import Foundation
import Synchronization

@AppMain
final class BenchApp: ApplicationDelegate {}

let arguments = CommandLine.arguments
guard (2...3).contains(arguments.count), let milliseconds = Int(arguments.count == 3 ? arguments[2] : "0"), milliseconds >= 0 else {
    FileHandle.standardError.write(Data("usage: audio-bench FILE [OBSERVER-INTERVAL-MS]\n".utf8))
    exit(2)
}
let interval = Duration.milliseconds(milliseconds)
let device = Device(infoPlist: InfoPlist(backgroundModes: [.audio])) { _ in BenchApp() }
device.launch()
let player = QueuePlayer(device: device, output: .null)
let arrivals = Mutex<[ContinuousClock.Instant]>([])
if milliseconds > 0 {
    player.addPeriodicTimeObserver(forInterval: interval) { _ in
        arrivals.withLock { $0.append(.now) }
    }
}
let finished = DispatchSemaphore(value: 0)
let failure = Mutex<String?>(nil)
player.observe { event in
    switch event {
    case .currentItemChanged(nil): finished.signal()
    case .itemFailed(_, let error): failure.withLock { $0 = error.description }
    default: break
    }
}
let item: PlayerItem
let started = ContinuousClock.now
do {
    item = try PlayerItem(fileAtPath: arguments[1])
    try player.insert(item)
    try player.play()
} catch {
    FileHandle.standardError.write(Data("audio-bench: \(error)\n".utf8))
    exit(1)
}
finished.wait()
let elapsed = ContinuousClock.now - started
if let message = failure.withLock({ $0 }) {
    FileHandle.standardError.write(Data("audio-bench: \(message)\n".utf8))
    exit(1)
}

/// How far each interval between two deliveries is from the observer's, in milliseconds, sorted.
let times = arrivals.withLock { $0 }
let deviations = zip(times, times.dropFirst()).map { pair in
    abs(((pair.1 - pair.0) - interval) / .milliseconds(1))
}.sorted()
func percentile(_ p: Double) -> Double {
    deviations.isEmpty ? 0 : deviations[min(deviations.count - 1, Int((Double(deviations.count) * p).rounded(.down)))]
}
/// Seconds of audio per second of wall clock, from play to the end (opening the file included).
let pace = (item.duration ?? .zero) / elapsed
print(String(
    format: #"{"pace":%.4f,"callbacks":%d,"jitter_p50_ms":%.3f,"jitter_p99_ms":%.3f,"jitter_max_ms":%.3f}"#,
    pace, times.count, percentile(0.5), percentile(0.99), deviations.last ?? 0))
device.terminate()
device.shutdown()
