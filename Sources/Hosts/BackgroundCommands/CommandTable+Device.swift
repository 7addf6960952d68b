import BackgroundRuntime

extension CommandTable {
    /// The user's actions on the device.
    public static var device: [Command<Host>] {
        [
            Command("home", help: "Press the Home button: the app resigns active and enters the background.") { host, _ in
                host.device.pressHome()
                return .done
            },
            Command("open", help: "Open the app from its icon or the app switcher (launching it if it is not running).") { host, _ in
                host.device.openApp()
                return .done
            },
            Command(
                "interrupt begin", arguments: "[full-screen|banner]", arity: 0...1,
                help: "An incoming phone call: full screen (before iOS 14 every call) the app becomes inactive; as the "
                    + "banner of iOS 14 and later (their default) it stays active."
            ) { host, arguments throws(CommandError) in
                let presentation = try arguments.valueIfPresent(0, as: CallPresentation.self)
                if presentation == .banner, !host.device.profile.hasIncomingCallBanner {
                    throw arguments.failure("\(host.device.profile.absence(of: .incomingCallBanner)); this is \(host.device.profile.name)")
                }
                host.device.beginInterruption(presentation: presentation)
                return .done
            },
            Command(
                "interrupt answer",
                help: "Answer the call: an app the call screen made inactive enters the background and is suspended "
                    + "unless a mode (audio, say) keeps it running."
            ) { host, _ in
                host.device.answerInterruption()
                return .done
            },
            Command(
                "interrupt end",
                help: "The call ends (declined, or hung up after interrupt answer): an app the call screen made inactive "
                    + "becomes active again; its audio session hears shouldResume only if the call was declined."
            ) { host, _ in
                host.device.endInterruption()
                return .done
            },
            Command("terminate", help: "Swipe the app away in the app switcher.") { host, _ in
                host.device.terminate(.user)
                return .done
            },
            Command(
                "device memory-pressure", arguments: "[warning|critical] [FOOTPRINT_MB|measured] [NEED_MB]", arity: 0...3,
                help: "The device runs short of memory and the system needs NEED_MB (if given; else all it can take): "
                    + "jetsam ends suspended apps, the largest first (MetricKit counts the app's memoryPressure exit); if "
                    + "that is not enough, the apps still running are warned (applicationDidReceiveMemoryWarning, "
                    + "\"Received memory warning.\"). At critical pressure jetsam then ends apps running in the background, "
                    + "the largest first, sparing one that plays audio or follows the location within the 50 MB background "
                    + "guideline. FOOTPRINT_MB declares the app's footprint; measured, or none, leaves it as it is measured "
                    + "(--isolation process: its process's resident memory) or was last declared."
            ) { host, arguments throws(CommandError) in
                let level = try arguments.valueIfPresent(0, as: MemoryPressureLevel.self) ?? .warning
                let footprint = arguments.count > 1 && arguments[1] == "measured" ? nil : try arguments.valueIfPresent(1, as: Footprint.self)
                let need = try arguments.valueIfPresent(2, as: Footprint.self, named: "need")
                host.device.simulateMemoryPressure(level, footprint: footprint?.bytes, need: need?.bytes)
                return .done
            },
            Command(
                "device footprint", arguments: "FOOTPRINT_MB", arity: 1...1,
                help: "Declares the app's memory footprint, which places it in jetsam's order within its band under "
                    + "device memory-pressure (--isolation process measures its process's instead)."
            ) { host, arguments throws(CommandError) in
                host.device.memory.declareFootprint(try arguments.value(0, as: Footprint.self).bytes)
                return .done
            },
            Command(
                "device resident-app", arguments: "NAME suspended|background|foreground FOOTPRINT_MB", arity: 3...3,
                help: "Another app is in memory, in a band with a footprint (in place of one of that name): under "
                    + "device memory-pressure it takes its turn in jetsam's order beside the app, which status shows "
                    + "under memory."
            ) { host, arguments throws(CommandError) in
                let name = arguments[0]
                let band = try arguments.value(1, as: JetsamBand.self)
                let footprint = try arguments.value(2, as: Footprint.self)
                host.device.memory.addResidentApp(ResidentApp(name: name, band: band, footprint: footprint.bytes))
                return .done
            },
            Command(
                "device prewarm",
                help: "The system prewarms the app (iOS 15 and later): while it is not running, its launch sequence runs up "
                    + "to, but not including, UIApplicationMain — before the first unlock after device reboot, with protected "
                    + "data unavailable — and the next launch continues from there."
            ) { host, arguments throws(CommandError) in
                if let refusal = host.device.prewarm() { throw arguments.failure(refusal) }
                return .done
            },
            Command(
                "metrickit deliver",
                help: "Xcode's Debug ▸ Simulate MetricKit Payloads (iOS 13 and later): the metrics since the last payload "
                    + "go to the app's MetricManager subscribers now, or when it next runs."
            ) { host, _ throws(CommandError) in
                do throws(MetricKitError) {
                    try host.device.simulateMetricPayload()
                } catch {
                    throw .refused(error.description)
                }
                return .done
            },
            Command(
                "device reset-privacy",
                help: "Settings ▸ General ▸ Reset ▸ Reset Location & Privacy: the app is terminated, gets new push tokens, and asks again for location and notifications when it next runs; the user answers the alerts (the web UI's dialogs, or location authorize and notification authorize)."
            ) { host, _ in
                host.resetPrivacySettings()
                host.device.notificationCenter.resetAuthorization()
                host.device.push.renewTokens()
                host.device.terminate(.system(reason: "Location & Privacy were reset"))
                return .done
            },
            Command(
                "launch", arguments: "REASON", arity: 1...1,
                help: "End the app if it runs, then launch it for REASON (\(LaunchReason.allCases.map(\.rawValue).joined(separator: ", "))), like Xcode's \"Launch due to a background fetch event\"."
            ) { host, arguments throws(CommandError) in
                await host.relaunch(reason: try arguments.value(0))
                return .done
            },
        ]
    }
}
