import BackgroundWire

/// A push in the hands of the app's ``NotificationServiceExtension``: what shows if the
/// extension gives nothing, and the deadline of its content handler.
struct ServicedPush: Sendable, Equatable {
    let push: RemotePush
    let original: LocalNotification
    var deadline: SystemTimerToken?
}
