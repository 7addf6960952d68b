import Audio

extension AudioInterruption {
    /// The userInfo AVFoundation posts for this interruption on a device of iOS `version`: the
    /// system's suspension is told by the reason from iOS 15 (14.5), by the flag before, as the
    /// Audio module's console says.
    func userInfo(inIOS version: Int) -> [AnyHashable: Any] {
        switch self {
        case .began(let reason):
            var userInfo: [AnyHashable: Any] = [AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.began.rawValue]
            // Backgrounder adds the reason only for the system's suspension, where the Audio
            // module has one (``AudioInterruptionReason/wasSuspendedAPI(inIOS:)``).
            guard reason == .appWasSuspended else { return userInfo }
            if version >= 15 {
                userInfo[AVAudioSessionInterruptionReasonKey] = AVAudioSession.InterruptionReason.appWasSuspended.rawValue
            } else {
                userInfo[AVAudioSessionInterruptionWasSuspendedKey] = true
            }
            return userInfo
        case .ended(let shouldResume):
            let options: AVAudioSession.InterruptionOptions = shouldResume ? .shouldResume : []
            return [
                AVAudioSessionInterruptionTypeKey: AVAudioSession.InterruptionType.ended.rawValue,
                AVAudioSessionInterruptionOptionKey: options.rawValue,
            ]
        }
    }
}
