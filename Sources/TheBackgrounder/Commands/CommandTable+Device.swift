import BackgroundRuntime
import Location

extension CommandTable {
    /// The user's actions on the device.
    static let device: [Command] = [
        Command("home", help: "Press the Home button: the app resigns active and enters the background.") { backgrounder, _ in
            backgrounder.device.pressHome()
            return .done
        },
        Command("open", help: "Open the app from its icon or the app switcher (launching it if it is not running).") { backgrounder, _ in
            backgrounder.device.openApp()
            return .done
        },
        Command("interrupt begin", help: "An incoming phone call: the app becomes inactive.") { backgrounder, _ in
            backgrounder.device.beginInterruption()
            return .done
        },
        Command("interrupt end", help: "The call ends: the app becomes active again.") { backgrounder, _ in
            backgrounder.device.endInterruption()
            return .done
        },
        Command("terminate", help: "Swipe the app away in the app switcher.") { backgrounder, _ in
            backgrounder.device.terminate(.user)
            return .done
        },
        Command(
            "device memory-pressure",
            help: "The device runs short of memory: jetsam ends the app if it is suspended (MetricKit counts a "
                + "memoryPressure exit), and spares it on screen or running in the background."
        ) { backgrounder, _ in
            backgrounder.device.simulateMemoryPressure()
            return .done
        },
        Command(
            "metrickit deliver",
            help: "Xcode's Debug ▸ Simulate MetricKit Payloads (iOS 13 and later): the metrics since the last payload "
                + "go to the app now, or when it next runs; TheBackgrounder logs them."
        ) { backgrounder, _ throws(CommandError) in
            do throws(MetricKitError) {
                try backgrounder.device.simulateMetricPayload()
            } catch {
                throw .refused(error.description)
            }
            return .done
        },
        Command(
            "device reset-privacy",
            help: "Settings ▸ General ▸ Reset ▸ Reset Location & Privacy: the app is terminated, gets new push tokens, and asks again for location and notifications when it next runs; the user answers the alerts (the web UI's dialogs, or location authorize and notification authorize)."
        ) { backgrounder, _ in
            backgrounder.location.resetAuthorization()
            backgrounder.device.resetNotificationAuthorization()
            backgrounder.device.renewPushTokens()
            backgrounder.device.terminate(.system(reason: "Location & Privacy were reset"))
            return .done
        },
        Command(
            "launch", arguments: "REASON", arity: 1...1,
            help: "End the app if it runs, then launch it for REASON (\(LaunchReason.allCases.map(\.rawValue).joined(separator: ", "))), like Xcode's \"Launch due to a background fetch event\"."
        ) { backgrounder, arguments throws(CommandError) in
            await backgrounder.relaunch(reason: try arguments.value(0))
            return .done
        },
    ]
}
