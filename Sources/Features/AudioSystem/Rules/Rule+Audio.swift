import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

extension Rule {
    /// Background audio: the session's category and the mode, calls, the headphones
    /// (`QueuePlayer+BackgroundRules.swift`, `AudioSession+Interruptions.swift`,
    /// `AudioSession+Routes.swift`; how the app hears of them, `AudioService+News.swift`).
    public static let audio: [Rule] = [
        Rule(
            "background-audio-mode-and-category",
            origin: .iOS(source: "Apple, Technical Q&A QA1668 “Playing media while in the background using AV Foundation on iOS”: declare audio in UIBackgroundModes and set an appropriate category, “You cannot rely on the default audio session, whose category is AVAudioSessionCategorySoloAmbient”; AVAudioSession.Category: soloAmbient (the default) and ambient are silenced by screen locking, playback goes on in the background with audio in UIBackgroundModes"),
            test: "withTheDefaultCategoryLeavingTheForegroundStopsTheMusicAndSaysWhy"
        ) { _ in
            "Audio goes on in the background only if UIBackgroundModes declares audio and the audio session's "
                + "category plays there (playback, playAndRecord); with the default soloAmbient, or ambient, the music "
                + "stops when the app leaves the foreground and the app is suspended. Each launch starts with the "
                + "default. Backgrounder pauses the player and says which is missing."
        },
        Rule(
            "audio-keeps-the-app-running-while-it-plays",
            origin: .iOS(source: "Apple, App Programming Guide for iOS, “Playing and Recording Background Audio”: the media frameworks keep an app that declares audio from being suspended “as long as it is playing”; “if recording or playback stops, the system suspends the app”"),
            test: "pausingInTheBackgroundLetsTheAppBeSuspended"
        ) { _ in
            "A background app that declares audio runs while its audio plays; once playback stops (paused, "
                + "played out, stopped by a call or the headphones) it is suspended unless something else keeps it running."
        },
        Rule(
            "playing-activates-the-session",
            origin: .iOS(source: "Apple, Audio Session Programming Guide, “Activating an Audio Session”: “the AVFoundation playback and recording classes automatically activate your audio session”; AVAudioSession setActive(_:): “The session fails to activate if another audio session has higher priority than yours (such as a phone call) and neither audio session allows mixing”; deactivating a session stops its running audio"),
            test: "playingActivatesTheSessionWhichACallKeepsInactive"
        ) { _ in
            "Playing activates the app's audio session. During a call it cannot be activated, so nothing plays; "
                + "deactivating it stops the music."
        },
        Rule(
            "a-call-deactivates-the-session",
            origin: .iOS(source: "Apple, Audio Session Programming Guide, “Responding to Interruptions”: “An audio interruption is the deactivation of your app’s audio session—which immediately stops your audio”; “Your app may be suspended following an interruption. This happens when a user accepts a phone call”; AVAudioSessionDelegate beginInterruption (iOS 4–6), AVAudioSession.interruptionNotification (iOS 6 and later)"),
            test: "aCallInTheBackgroundSuspendsTheAppAndItsEndWakesItToDecide"
        ) { profile in
            "A call deactivates the active audio session of a running app: its music stops and it is told "
                + "(\(Self.interruptionNews(ended: false, in: profile))). Audio no longer keeps a background app running, "
                + "so it is suspended during the call."
        },
        Rule(
            "the-app-decides-after-a-call",
            origin: .iOS(source: "Apple, “Handling audio interruptions”: AVPlayer “automatically pauses playback in response to interruption events”; Audio Session Programming Guide, “Responding to Interruptions”, figure 3-1: the app reactivates its session and resumes; “When the phone call ends, the end interruption is delivered”; AVAudioSession.InterruptionOptions.shouldResume: “the app can resume its audio session”; kAudioSessionInterruptionType_ShouldResume: “appropriate to immediately resume playback; for example, an incoming phone call was rejected by the user”"),
            test: "aCallPausesPlaybackAndItsEndLeavesResumingToTheApp"
        ) { profile in
            "When a declined call ends the interrupted app is told (\(Self.interruptionNews(ended: true, in: profile))); a "
                + "background app suspended during the call is woken to hear it. The session stays inactive "
                + "and the music paused until the app plays again: its own decision (the Audio tab resumes if the call "
                + "stopped its music)."
        },
        Rule(
            "a-declined-call-ends-with-should-resume",
            origin: .iOS(source: "Apple, Audio Session Programming Guide, “Responding to Interruptions”: “Your app may be suspended following an interruption. This happens when a user accepts a phone call. If a user instead ignores a call, or dismisses an alarm, the system issues an “interruption ended” message”; figure 3-1, step 8: “If, instead of dismissing the interruption at step (6), the user accepted a phone call, your app is suspended. When the phone call ends, the end interruption is delivered”; kAudioSessionInterruptionType_ShouldResume: “an incoming phone call was rejected by the user”"),
            test: "aDeclinedCallEndsWithShouldResumeAndAnAnsweredOneWithout"
        ) { profile in
            "A call the user declines or ignores (interrupt end) ends at once, with shouldResume "
                + "(\(Self.interruptionNews(ended: true, in: profile))). A call the user answers (interrupt answer) "
                + "takes the app off the screen, and a background app its audio no longer keeps running is suspended; "
                + "the end is delivered when the call ends, the suspended app woken for it."
        },
        Rule(
            "calls-as-backgrounder-makes-them",
            origin: .model(reason: "Apple gives shouldResume by the example of a call the user declined and says of an answered call only that its end is delivered (the C API's kAudioSessionEndInterruption: not delivered at all), and does not say what a call does to the session of an app already suspended before iOS 10 or from iOS 16"),
            test: "aCallLeavesASuspendedAppAlone"
        ) { profile in
            "An answered call ends without shouldResume, and the Audio tab stays paused. A call leaves the other app's "
                + "audio (device other-audio) as it is. "
                + (AudioInterruptionReason.wasSuspendedEras.contains(profile.iOSVersion)
                    ? "A call leaves an app that is already suspended alone: its session was deactivated when it was suspended."
                    : "A call leaves an app that is already suspended alone: it is neither told nor woken.")
        },
        Rule(
            "a-suspended-apps-session-is-deactivated",
            eras: AudioInterruptionReason.wasSuspendedEras,
            origin: .iOS(source: "Apple, AVAudioSession.InterruptionReason.appWasSuspended (iOS 14.5–16.0): “Starting in iOS 10, the system deactivates the audio session of most apps when it suspends the app process. The next time the app runs, it receives a notification that the system deactivated its audio session. This notification is necessarily delayed in time, because the system can’t send it until the app restarts”; AVAudioSessionInterruptionWasSuspendedKey (iOS 10.3–14.5): present only in began interruption events that are “a direct result of the operating system suspending the app”; the AVAudioSession header deprecates the reason in iOS 16: “Interruption notifications with reason 'wasSuspended' not present from iOS 16 onwards”"),
            test: "aSuspendedAppHearsWhenItNextRunsThatItsSessionWasDeactivated"
        ) { profile in
            "When the system suspends an app whose audio session is active (its music paused, say), it deactivates the "
                + "session; the next time the app runs it hears an interruption that began, with "
                + "\(AudioInterruptionReason.wasSuspendedAPI(inIOS: profile.iOSVersion))"
                + (profile.iOSVersion == 10 ? " (from iOS 10.3; before it, with no flag)" : "")
                + ". Backgrounder does this to every app where Apple says “most apps”."
        },
        Rule(
            "a-suspended-apps-session-from-ios-16",
            eras: (AudioInterruptionReason.wasSuspendedEras.upperBound + 1)...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "the AVAudioSession header says only that interruptions with reason wasSuspended are “not present from iOS 16 onwards”, not whether the system still deactivates the session of an app it suspends; Backgrounder leaves it as it is"),
            test: "fromIOS16ASuspendedAppHearsNothingOfItsSession"
        ) { _ in
            "When the system suspends an app whose audio session is active, the app hears nothing of it when it "
                + "next runs (no interruption with appWasSuspended), and its session is still active."
        },
        Rule(
            "a-session-that-mixes-is-never-now-playing",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, AVAudioSession.CategoryOptions.mixWithOthers (iOS 6): “You can set this option explicitly only if the audio session category is playAndRecord, playback, or multiRoute. If you set the audio session category to ambient, the session automatically sets this option. Likewise, setting the duckOthers … options also enables this option”; duckOthers: “Setting it implicitly sets the mixWithOthers option”; Audio Session Programming Guide: interruptions happen when a competing session “is not categorized by the system to mix with yours”; WWDC 2022 session 110338: the Now Playing app plays through a session that does not mix"),
            test: "aSessionThatMixesWithOthersTakesItsOptionsAsIOSDoes"
        ) { _ in
            "A session whose audio mixes with other apps' (ambient, or playback and playAndRecord with mixWithOthers, or "
                + "duckOthers, which sets mixWithOthers) does not interrupt them, and playing through it never makes the app "
                + "the Now Playing app: remote commands do not reach it, and an app that was the Now Playing app stops being "
                + "it. Other categories take no options (Backgrounder drops them and says so)."
        },
        Rule(
            "a-session-that-does-not-mix-interrupts-other-audio",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, Audio Session Programming Guide, “Activating an Audio Session”, “How the System Resolves Competing Audio Demands”: “Figure 2-1 illustrates a typical scenario—your app asking to use audio while the Music app is already playing. In this scenario, your app interrupts the Music app”; “In Figure 2-1, your app uses a category that requires other audio to be silenced”; “In steps 3 and 4, the system deactivates the Music app’s audio session”; AudioSessionSetActive(_:): “Activating your audio session may interrupt audio sessions belonging to other applications running in the background, depending on categories and priorities”"),
            test: "activatingASessionThatDoesNotMixInterruptsTheOtherAppsAudio"
        ) { _ in
            "While another app plays audio (device other-audio play), activating the app's session with a category and "
                + "options that do not mix with others (playing activates it) interrupts that audio: it stops, and status "
                + "shows otherAudio interrupted. A session that mixes (ambient, mixWithOthers) leaves it playing."
        },
        Rule(
            "duck-others-lowers-other-audio-while-the-session-is-active",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, AVAudioSession.CategoryOptions.duckOthers: “An option that reduces the volume of other audio sessions while audio from this session plays”; “Use this option to mix your app’s audio with that of others. While your app plays audio, the system reduces the volume of other audio sessions to make yours more prominent”"),
            test: "duckOthersDucksTheOtherAppsAudioUntilTheSessionIsDeactivated"
        ) { _ in
            "With duckOthers the other app's audio plays on, quieter (otherAudio ducked), while the app's session is "
                + "active, and returns to full volume when the session is deactivated. With mixWithOthers alone it plays "
                + "on untouched."
        },
        Rule(
            "notify-others-on-deactivation-lets-interrupted-audio-resume",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, AVAudioSession.SetActiveOptions.notifyOthersOnDeactivation: “An option that indicates that the system should notify other apps that you’ve deactivated your app’s audio session”; “When passed in the options parameter of the setActive(_:options:) instance method, this option indicates that when your audio session deactivates, other audio sessions that had been interrupted by your session can return to their active state”; AVAudioSession.SetActiveOptions: “Use this option to request that the system notify an interrupted app that the interruption has ended and it may resume playback. This option is only valid on session deactivation”"),
            test: "deactivatingWithNotifyOthersOnDeactivationResumesTheOtherApp"
        ) { _ in
            "When the app deactivates its session with setActive(false, options: .notifyOthersOnDeactivation), the other "
                + "app whose audio the session interrupted is told the interruption ended and resumes."
        },
        Rule(
            "other-audio-as-backgrounder-makes-it",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple says interrupted sessions “can return to their active state” and “may resume playback” when notified, not that they do, nor that they never resume without it; it does not say what the other app does when it starts playing over the app's session, nor when it stops, nor what the system's own deactivations (a call, the suspension, the end of the app, a media server reset) do to another app's audio"),
            test: "withoutNotifyOthersOnDeactivationTheOtherAppStaysInterrupted"
        ) { _ in
            "The other app behaves as the Music app is expected to: told that the interruption ended, it resumes at once; "
                + "deactivated without .notifyOthersOnDeactivation, the app's session leaves it interrupted until the user "
                + "plays it again (device other-audio play), the classic podcast that never resumes. The system's own "
                + "deactivations of the session (a call, the suspension, the end of the app, a media server reset) notify "
                + "no one, and bring ducked audio back to full volume. The other app starting to play interrupts the app's "
                + "active session that does not mix (a call's interruption, whose end never comes), and leaves an app that "
                + "is not running alone."
        },
        Rule(
            "is-other-audio-playing-tells-of-the-other-app",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, AVAudioSession.isOtherAudioPlaying (iOS 6): “A Boolean value that indicates whether another app is playing audio”; “This property returns true if any other audio is playing, including audio from an app using the ambient category”; secondaryAudioShouldBeSilencedHint (iOS 8): “A Boolean value that indicates whether another app, with a nonmixable audio session, is playing audio”"),
            test: "isOtherAudioPlayingFollowsTheOtherApp"
        ) { profile in
            "isOtherAudioPlaying is true while the other app's audio plays, ducked or not, and false once it is "
                + "interrupted or stopped; status shows it as otherAudioPlaying."
                + (profile.iOSVersion >= 8
                    ? " secondaryAudioShouldBeSilencedHint follows it: the other app's session does not mix."
                    : "")
        },
        Rule(
            "a-media-server-reset-is-the-apps-to-recover",
            eras: 6...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, AVAudioSession.mediaServicesWereResetNotification (iOS 6): “Under rare circumstances, the system terminates and restarts its media services daemon. Respond to these events by reinitializing your app’s audio objects (such as players, recorders, converters, or audio queues) and resetting your audio session’s category, options, and mode configuration. Your app shouldn’t restart its media playback … until initiated by user action”; “You can trigger a media server reset by choosing the “Reset Media Services” selection under the Developer menu in the iOS Settings app”; Technical Q&A QA1749"),
            test: "aMediaServerResetEmptiesTheQueueResetsTheSessionAndTellsTheApp"
        ) { _ in
            "When the media server restarts (device reset-media-services), the music stops, the player's items are gone "
                + "and the session is back to soloAmbient, inactive, without options; the app is told "
                + "(mediaServicesWereResetNotification) when it next runs (Apple does not say whether a suspended app is woken; "
                + "Backgrounder does not wake it), and sets them up again. The Audio tab queues its "
                + "tracks and sets its category again, and plays only when the user asks."
        },
        Rule(
            "unplugging-the-headphones-pauses",
            origin: .iOS(source: "Apple, “Responding to audio route changes”: when users disconnect their headphones “they don’t want to automatically share what they’re listening to with others”, so apps “automatically pause playback”, and AVPlayer pauses by itself (“Responding to Audio Session Route Changes”); AVAudioSession.RouteChangeReason oldDeviceUnavailable and newDeviceAvailable; AVAudioSession.routeChangeNotification (iOS 6 and later), kAudioSessionProperty_AudioRouteChange (before)"),
            test: "unpluggingTheHeadphonesPausesAndPluggingThemInPlaysOn"
        ) { profile in
            "Plugging in headphones or connecting a Bluetooth headset moves the audio to them and playback goes on "
                + "(\(Self.routeChangeAPI(in: profile)), newDeviceAvailable). Unplugging them or disconnecting it "
                + "pauses playback (oldDeviceUnavailable), and a background app is then suspended."
        },
    ]

    /// How the app hears that a call began or ended in `profile`'s era.
    private static func interruptionNews(ended: Bool, in profile: PolicyProfile) -> String {
        switch (profile.iOSVersion < 6, ended) {
        case (true, false): "AVAudioSessionDelegate's beginInterruption"
        case (true, true): "AVAudioSessionDelegate's endInterruptionWithFlags: with AVAudioSessionInterruptionFlags_ShouldResume"
        case (false, false): "AVAudioSession.interruptionNotification, began"
        case (false, true): "AVAudioSession.interruptionNotification, ended with .shouldResume"
        }
    }

    /// How the app hears of route changes in `profile`'s era.
    private static func routeChangeAPI(in profile: PolicyProfile) -> String {
        profile.iOSVersion < 6
            ? "the kAudioSessionProperty_AudioRouteChange listener"
            : "AVAudioSession.routeChangeNotification"
    }
}
