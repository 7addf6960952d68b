import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// The audio output's time in the device's energy accounts.
extension QueuePlayer {
    /// Counts the audio output as on while the pipeline plays, off otherwise. Called on the
    /// control queue only, so the two steps below never interleave.
    func countOutput(_ playing: Bool) {
        let isCounting = outputUsage.withLock { $0 != nil }
        guard playing != isCounting else { return }
        if playing {
            let token = device.energy.beginUsing(.audioOutput)
            outputUsage.withLock { $0 = token }
        } else if let token = outputUsage.withLock({ $0.take() }) {
            device.energy.endUsing(token)
        }
    }
}
