import Audio

extension AudioRouteChange {
    /// The userInfo AVFoundation posts for this change: its reason.
    var userInfo: [AnyHashable: Any] {
        let reason: AVAudioSession.RouteChangeReason =
            switch self.reason {
            case .newDeviceAvailable: .newDeviceAvailable
            case .oldDeviceUnavailable: .oldDeviceUnavailable
            }
        return [AVAudioSessionRouteChangeReasonKey: reason.rawValue]
    }
}
