import BackgroundWire

/// A push the device holds instead of delivering now, and why; only the latest one is kept.
struct HeldPush: Sendable, Equatable {
    enum Reason: Sendable, Equatable {
        /// The device is offline: APNs stores the last push for the app.
        case offline
        /// Low Power Mode defers background pushes.
        case lowPowerMode
        /// Too many background pushes in the last hour.
        case throttled
        /// The device restarted moments ago (Backgrounder's model of dasd's ThunderingHerdPolicy).
        case afterRestart
    }

    let push: RemotePush
    let reason: Reason
}
