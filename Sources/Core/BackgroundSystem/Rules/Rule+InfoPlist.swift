import BackgroundWire

extension Rule {
    /// The app's Info.plist (``InfoPlist``).
    static let infoPlist: [Rule] = [
        Rule(
            "unknown-background-mode",
            origin: .model(reason: "iOS grants only the modes it knows and passes over other values; the warning is Backgrounder’s"),
            test: "anUnknownModeIsIgnoredWithAWarning"
        ) { _ in
            "A UIBackgroundModes value iOS does not know is ignored, with a warning that names it; every value "
                + "iOS knows (audio, location, voip, fetch, remote-notification, processing, …) is accepted."
        },
    ]
}
