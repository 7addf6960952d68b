import BackgroundWire

extension Rule {
    /// What an app may use off screen, and how its launches end
    /// (`SystemStateMachine+ResourceLimits.swift`, `Energy/`).
    static let resourceLimits: [Rule] = [
        Rule(
            "background-cpu-limit",
            origin: .iOS(source: "WWDC 2019, “Advances in App Background Execution” (CPU Monitor terminates apps that use too much CPU in the background, and is off for a BGProcessingTask); the numbers from cpu_resource_fatal reports on Apple's developer forums (“exceeding limit of 80% cpu over 60 seconds”; other reports show other limits for other kinds of app)"),
            test: "anAppUsingMoreThan80PercentOfACPUForAMinuteInTheBackgroundIsKilled"
        ) { profile in
            "An app whose own threads use more than \(Int(profile.backgroundCPULimit * 100))% of a CPU over "
                + "\(profile.backgroundCPUWindow.components.seconds) s in the background is killed (exit "
                + "cpuResourceLimit), with the cpu_resource_fatal report's words — except while a BGProcessingTask runs "
                + "on a plugged-in device."
        },
        Rule(
            "cpu-limit-off-for-processing-tasks",
            origin: .iOS(source: "WWDC 2019, “Advances in App Background Execution”: CPU Monitor can be turned off “for the duration of your processing task” — while the device is plugged in, as the session says; a processing task that runs on battery power is held to the limit"),
            test: "aProcessingTaskRunsWithoutTheLimit"
        ) { _ in
            "While a BGProcessingTask runs on a device that is plugged in, CPU Monitor is off: the app may use the "
                + "whole CPU. On battery power the limit holds, processing task or not."
        },
        Rule(
            "memory-resource-limit",
            origin: .iOS(source: "WWDC 2020, “Why is my app getting killed?”: “Memory limit exceeded”, the same limit on screen and off, 200 MB on devices as old as the iPhone 6s (others differ; Apple publishes no table); jetsam event reports name it per-process-limit (Apple, “Identifying high-memory use with jetsam event reports”); MetricKit's cumulativeMemoryResourceLimitExitCount. Holding the app to it with its cgroup's memory limit (cgroup v2 memory.max, or v1 memory.limit_in_bytes) is Backgrounder's model"),
            test: "anAppOverItsMemoryLimitIsEndedByTheKernelWithTheLimitsExit"
        ) { _ in
            "With --isolation process the app's process may use --memory-limit MB (200 by default), on screen or "
                + "off: over it the kernel ends it (`killed by jetsam reason per-process-limit`, exit "
                + "memoryResourceLimit). With --isolation thread no limit holds the app."
        },
        Rule(
            "jetsam-ends-suspended-apps",
            origin: .iOS(source: "WWDC 2020, “Why is my app getting killed?”: memory pressure exits (jetsam) are the most common; the system frees memory of background apps for the foreground. Apple, “Responding to memory warnings”: “If the system runs low on free memory and is unable to reclaim memory by terminating suspended apps, UIKit sends a low-memory warning to running apps” (applicationDidReceiveMemoryWarning(_:), didReceiveMemoryWarningNotification): suspended apps go first, then running apps are warned"),
            test: "memoryPressureEndsASuspendedAppAndWarnsARunningOne"
        ) { _ in
            "Under memory pressure (`device memory-pressure`) a suspended app is ended without a word (exit "
                + "memoryPressure); if ending the suspended apps did not free what the system needs, an app on screen "
                + "or running in the background is warned (applicationDidReceiveMemoryWarning, .didReceiveMemoryWarning; "
                + "the console's `Received memory warning.`). The order is rule jetsam-order; what happens when the "
                + "warnings do not free enough is rule jetsam-ends-background-apps."
        },
        Rule(
            "jetsam-ends-background-apps",
            origin: .model(reason: "WWDC 2020, “Why is my app getting killed?”: jetsam frees the memory of background apps for the foreground app and for running apps like music or navigation, and asks apps to aim for under 50 MB in the background; a DTS engineer on Apple Developer Forums (thread 776814): a large footprint “could make the system target your app more frequently rather than smaller footprint apps”. Apple gives no order beyond suspended apps first and then warnings; that critical pressure ends a running background app the user does not perceive, and one the user perceives (audio, location) only above 50 MB, is Backgrounder's model"),
            test: "criticalMemoryPressureEndsABackgroundAppByPriorityAndFootprint"
        ) { _ in
            "At critical memory pressure (device memory-pressure critical), after the warnings, jetsam ends an app "
                + "running in the background (exit memoryPressure) unless the user perceives it — audio playing, location "
                + "updates — and its footprint is within 50 MB; such an app, and the app on screen, are warned and spared."
        },
        Rule(
            "jetsam-order",
            origin: .model(reason: "XNU's memorystatus, Apple's open source (doc/vm/memorystatus_kills.md): for a vm-pageshortage kill “the memorystatus_thread will kill processes in ascending priority order until available pages is above memorystatus_available_pages_critical”, band by band (the JETSAM_PRIORITY_ bands of kern_memorystatus.h, IDLE below BACKGROUND below FOREGROUND), and it sorts the foreground band by the largest process first (memorystatus_sort_bucket); Apple, “Identifying high-memory use with jetsam event reports”, names the reason vm-pageshortage; a DTS engineer on Apple Developer Forums (thread 776814): a large footprint “could make the system target your app more frequently rather than smaller footprint apps”. Three bands (suspended, background, foreground), the largest footprint first in each, other apps declared with device resident-app and what the system needs in MB are Backgrounder's model"),
            test: "jetsamEndsSuspendedAppsLargestFirstThenWarnsThenEndsBackgroundAppsLargestFirst"
        ) { _ in
            "Under memory pressure jetsam ends apps band by band — suspended apps, then, after warning the apps still "
                + "running, apps running in the background (at critical pressure) — and within a band the largest "
                + "footprint first, until the system has what it needs (device memory-pressure LEVEL FOOTPRINT_MB "
                + "NEED_MB); the console names each with a jetsam report's reason, vm-pageshortage. Other apps in memory "
                + "come from device resident-app; the app's footprint is its own process's resident memory with "
                + "--isolation process, else declared (device footprint). status shows the band and footprint under memory."
        },
        Rule(
            "memory-warnings-before-jetsam",
            origin: .iOS(source: "Apple, “Identifying high-memory use with jetsam event reports”: “Under memory pressure, apps free memory after receiving a low-memory notification. If all running apps release enough total memory to alleviate memory pressure, your app will continue to run. But, if memory pressure continues because apps haven’t relinquished enough memory, the system frees memory by terminating applications to reclaim their memory.” That the warning and the end come in one step, with no time for the app to free memory between them, is Backgrounder's model"),
            test: "criticalPressureWarnsABackgroundAppBeforeJetsamEndsIt"
        ) { _ in
            "A running app jetsam ends under memory pressure is warned first (applicationDidReceiveMemoryWarning, "
                + "`Received memory warning.`), then ended (`killed by jetsam reason vm-pageshortage`, exit memoryPressure)."
        },
        Rule(
            "exit-reasons",
            origin: .iOS(source: "MetricKit, MXAppExitMetric (MXForegroundExitData, MXBackgroundExitData), iOS 14 and later; WWDC 2020, “Why is my app getting killed?”. Counting exits in the earlier eras too, by the same names, is Backgrounder's model"),
            test: "aLeakedAssertionEndsInABackgroundTaskAssertionTimeoutExit"
        ) { _ in
            "Every end of a launch is counted as MetricKit counts it, on screen or off: normal (swiped away, or "
                + "ended gracefully), abnormal (a crash), appWatchdog (didEnterBackground too long), "
                + "backgroundTaskAssertionTimeout (an assertion, fetch or task held beyond its time), cpuResourceLimit, "
                + "memoryResourceLimit (over the per-process limit, in its own process), memoryPressure (jetsam), "
                + "suspendedWithLockedFile (0xdead10cc). Before iOS 14 MetricKit counts no exits: the console says so, "
                + "and Backgrounder counts them anyway."
        },
        Rule(
            "suspended-with-locked-file",
            origin: .iOS(source: "Technical Note TN2151, “Understanding and Analyzing Application Crash Reports”: “0xdead10cc indicates that an application has been terminated by the OS because it held on to a file lock or sqlite database lock during suspension”; MetricKit, MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount. Which files count — those of the app's shared containers (App Groups), where another process may wait on the lock — is Backgrounder's model; Apple does not list them"),
            test: "anAppSuspendedHoldingALockOnASharedFileIsKilled"
        ) { _ in
            "An app suspended while it holds a lock (flock, fcntl, SQLite's) on a file of its shared container "
                + "(`containerURL(forSecurityApplicationGroupIdentifier:)`) is killed: `Termination Reason: Namespace "
                + "RUNNINGBOARD, Code 0xdead10cc`, exit suspendedWithLockedFile. Release the lock inside a background task."
        },
        Rule(
            "metrickit-daily-payload",
            eras: 13...26,
            origin: .iOS(source: "MetricKit, MXMetricManager: “The system delivers metric reports about the previous 24 hours to a registered app at most once per day”; exit metrics (MXAppExitMetric) from iOS 14"),
            test: "aDayLaterTheAppGetsThePayloadOfTheDayWhenItNextRuns"
        ) { profile in
            "Once a day the app's metrics (times by state, CPU, network, location, "
                + (profile.iOSVersion >= 14 ? "exits, " : "")
                + "as MXMetricPayload's JSON) go to its MetricManager subscribers when it next runs; a suspended app is not woken for them."
        },
        Rule(
            "ran-while-suspended",
            origin: .model(reason: "on iOS the kernel stops every thread of a suspended app (Apple, “About the background execution sequence”); in one process Backgrounder cannot stop the app's own threads, so it reports one that used 0.5 s of CPU and a quarter of the time the app was suspended, read from /proc, when the app runs again or status is asked"),
            test: "aThreadOfTheAppThatRunsWhileSuspendedIsReportedWhenTheAppComesBack"
        ) { _ in
            "A thread the app started that runs while the app is suspended is a diagnostic, [ran-while-suspended]: "
                + "on a device that work would not happen."
        },
    ]
}
