// AVFoundation's names from Swift 3 and 4 (2016–2017), which Swift 4.2 made members; code of
// that era, the tutorials', builds with a warning that names today's spelling.

@available(*, deprecated, renamed: "AVAudioSession.Category.ambient")
public let AVAudioSessionCategoryAmbient = AVAudioSession.Category.ambient
@available(*, deprecated, renamed: "AVAudioSession.Category.soloAmbient")
public let AVAudioSessionCategorySoloAmbient = AVAudioSession.Category.soloAmbient
@available(*, deprecated, renamed: "AVAudioSession.Category.playback")
public let AVAudioSessionCategoryPlayback = AVAudioSession.Category.playback
@available(*, deprecated, renamed: "AVAudioSession.Category.playAndRecord")
public let AVAudioSessionCategoryPlayAndRecord = AVAudioSession.Category.playAndRecord

@available(*, deprecated, renamed: "AVAudioSession.CategoryOptions")
public typealias AVAudioSessionCategoryOptions = AVAudioSession.CategoryOptions
@available(*, deprecated, renamed: "AVAudioSession.SetActiveOptions")
public typealias AVAudioSessionSetActiveOptions = AVAudioSession.SetActiveOptions
@available(*, deprecated, renamed: "AVAudioSession.InterruptionType")
public typealias AVAudioSessionInterruptionType = AVAudioSession.InterruptionType
@available(*, deprecated, renamed: "AVAudioSession.InterruptionOptions")
public typealias AVAudioSessionInterruptionOptions = AVAudioSession.InterruptionOptions
@available(*, deprecated, renamed: "AVAudioSession.RouteChangeReason")
public typealias AVAudioSessionRouteChangeReason = AVAudioSession.RouteChangeReason

extension NSNotification.Name {
    @available(*, deprecated, renamed: "AVAudioSession.interruptionNotification")
    public static let AVAudioSessionInterruption = AVAudioSession.interruptionNotification
    @available(*, deprecated, renamed: "AVAudioSession.routeChangeNotification")
    public static let AVAudioSessionRouteChange = AVAudioSession.routeChangeNotification
    @available(*, deprecated, renamed: "AVAudioSession.mediaServicesWereResetNotification")
    public static let AVAudioSessionMediaServicesWereReset = AVAudioSession.mediaServicesWereResetNotification
}

extension AVAudioSession {
    /// Swift 3's `setCategory(_:with:)`.
    @available(*, deprecated, renamed: "setCategory(_:options:)")
    public func setCategory(_ category: Category, with options: CategoryOptions) throws {
        try setCategory(category, options: options)
    }

    /// Swift 3's `setActive(_:with:)`.
    @available(*, deprecated, renamed: "setActive(_:options:)")
    public func setActive(_ active: Bool, with options: SetActiveOptions) throws {
        try setActive(active, options: options)
    }
}

/// Swift 3's `CMTimeMake(_:_:)`, before Swift 4.2 labelled its arguments.
@available(*, deprecated, renamed: "CMTimeMake(value:timescale:)")
public func CMTimeMake(_ value: Int64, _ timescale: Int32) -> CMTime {
    CMTimeMake(value: value, timescale: timescale)
}
