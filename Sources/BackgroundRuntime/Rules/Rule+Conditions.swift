extension Rule {
    /// The device's conditions (`SystemStateMachine+Conditions.swift`).
    static let conditions: [Rule] = [
        Rule(
            "low-power-mode", eras: 9...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, ProcessInfo.isLowPowerModeEnabled and NSProcessInfoPowerStateDidChange (iOS 9); WWDC 2020 “Background execution demystified” (Low Power Mode)"),
            test: "lowPowerModeDefersFetchesAndTasksAndTellsTheApp"
        ) { _ in
            "In Low Power Mode the system defers background fetches and background tasks; the app can read "
                + "isLowPowerModeEnabled and is told when it changes."
        },
        Rule(
            "thermal-state", eras: 11...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple: ProcessInfo.thermalState (iOS 11) asks apps to reduce work as the device heats; deferring background work at serious and critical is Backgrounder’s model"),
            test: "aSeriousThermalStateDefersBackgroundWork"
        ) { _ in
            "At a serious or critical thermal state background fetches and tasks are deferred; the app can "
                + "read thermalState."
        },
    ]
}
