import BackgroundWire

extension Rule {
    /// The legacy VoIP keep-alive (`SystemStateMachine+KeepAlive.swift`).
    static let keepAlive: [Rule] = [
        Rule(
            "keep-alive-minimum", eras: 4...9,
            origin: .iOS(source: "Apple, UIApplication.setKeepAliveTimeout(_:handler:): “The minimum acceptable timeout value is 600 seconds”"),
            test: "aTimeoutUnder600SecondsIsAnError"
        ) { profile in
            "setKeepAliveTimeout refuses a timeout under \(profile.keepAliveMinimum.secondsText) s, and needs voip "
                + "in UIBackgroundModes."
        },
        Rule(
            "keep-alive-handler-time", eras: 4...9,
            origin: .iOS(source: "Apple, UIApplication.setKeepAliveTimeout(_:handler:): “Your handler has a maximum of 10 seconds to perform any needed tasks and exit. If it does not exit before time expires, the app is suspended”"),
            test: "aKeepAliveHandlerGetsTenSecondsThenTheAppIsSuspended"
        ) { profile in
            "The keep-alive handler runs at its interval in the background, waking the app, and has "
                + "\(profile.keepAliveHandlerLimit.secondsText) s; then the app is suspended."
        },
        Rule(
            "legacy-voip-gone", eras: 10...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, Technical Q&A QA1938 “iOS 10 and the Legacy VoIP Architecture”: deprecated with the iOS 9 SDK, disabled for apps linked with the iOS 10 SDK; setKeepAliveTimeout availability iOS 4.0–9.0"),
            test: "itExistsOnlyInTheErasThatHaveIt"
        ) { _ in
            "The legacy VoIP architecture is gone: no keep-alive handler, and a VoIP-marked socket does not "
                + "wake the suspended app (PushKit replaced both). Run with --ios 9 or earlier to see it."
        },
    ]
}
