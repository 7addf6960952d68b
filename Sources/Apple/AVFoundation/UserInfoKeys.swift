// The keys of the session's notifications' userInfo, as AVFoundation spells them.

/// The ``AVAudioSession/InterruptionType`` of an ``AVAudioSession/interruptionNotification``.
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
/// The ``AVAudioSession/InterruptionOptions`` of an interruption's end.
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
/// The ``AVAudioSession/InterruptionReason`` of an interruption's beginning (iOS 14.5).
public let AVAudioSessionInterruptionReasonKey = "AVAudioSessionInterruptionReasonKey"
/// `true` when the system deactivated the session of the app it suspended (iOS 10.3 to 14.4).
public let AVAudioSessionInterruptionWasSuspendedKey = "AVAudioSessionInterruptionWasSuspendedKey"
/// The ``AVAudioSession/RouteChangeReason`` of an ``AVAudioSession/routeChangeNotification``.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
