import BackgroundWire

extension Rule {
    /// Task assertions and their budget (`SystemStateMachine+Assertions.swift`).
    static let assertions: [Rule] = [
        Rule(
            "finite-task-budget",
            origin: .iOS(source: "iOS 4–6: “Background Modes in iOS Tutorial” (2013), “usually, you get 10 minutes”; iOS 7–12: “Background Modes Tutorial” (2016), “you get three minutes”; iOS 13 and later: Apple Developer Forums, “BackgroundTaskWithExpirationHandler: thread too short?” (DTS), about 30 s"),
            test: "theBudgetIsSharedByAllAssertions"
        ) { profile in
            "Background task assertions share \(profile.finiteTaskBudget.secondsText) s of background time, "
                + "counted from the moment the app leaves the foreground or is woken into the background."
        },
        Rule(
            "expiration-handlers",
            origin: .model(reason: "Apple says only “shortly before the app’s remaining background time reaches 0”; the lead time is Backgrounder’s"),
            test: "theExpirationHandlerRunsTheLeadTimeBeforeTheBudgetEndsAndEndingThereAvoidsTermination"
        ) { profile in
            "Each held assertion’s expiration handler runs \(profile.expirationLeadTime.secondsText) s before the "
                + "budget ends, in the order the assertions were begun."
        },
        Rule(
            "assertion-watchdog",
            origin: .iOS(source: "Apple, beginBackgroundTask(expirationHandler:): “Failure to end the task explicitly will result in the termination of the app”; iOS 4–12: the crash report's 0x8badf00d (“Addressing watchdog terminations”); iOS 13 and later: WWDC 2020, “Why is my app getting killed?” (a background task timeout leaves no crash log; MXBackgroundExitData counts it) and MetricKit, cumulativeBackgroundTaskAssertionTimeoutExitCount: “The number of times the system terminated the app from the background for exceeding the allocated time for a background task”. That the crash report went with iOS 13, the 30 s era the session speaks of, is Backgrounder's reading: the session names no version"),
            test: "anOverrunBackgroundTaskLeavesACrashReportOnlyThroughIOS12"
        ) { profile in
            profile.overrunTasksLeaveCrashReports
                ? "An app still holding an assertion when the budget is spent is terminated, and its crash report "
                    + "has the watchdog's words: 0x8badf00d, “has active assertions beyond permitted time”."
                : "An app still holding an assertion when the budget is spent is terminated and leaves no crash "
                    + "report; MetricKit (MXBackgroundExitData, iOS 14 and later) counts the exit in "
                    + "cumulativeBackgroundTaskAssertionTimeoutExitCount."
        },
        Rule(
            "assertion-report-words",
            origin: .iOS(source: "the words of each era's reports as developers posted them: iOS 4–5, SpringBoard's “has active assertions beyond permitted time: {(<SBProcessAssertion: 0x1fa7cef0> identifier: UIKitBackgroundCompletionTask process: OpenMobile[1087] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:1087 preventSuspend preventIdleSleep …)}” (“Application has active assertions beyond permitted time”, 2011); iOS 6–7, BackBoard's “<BKProcessAssertion: 0x175ca7d0> identifier: Called by MyApp, from -[AppDelegate applicationDidEnterBackground:] process: MyApp[1369] permittedBackgroundDuration: 180.000000 reason: finishTask …” (an iOS 7 crash report; BKSProcessAssertion came with iOS 6, iPhone Development Wiki); iOS 8–12, “<BKNewProcess: 0x17e74840; com.app.app; pid: 560; hostpid: -1> has active assertions beyond permitted time: {(<BKProcessAssertion: 0x17d78740> id: 560-C9E8… name: Called by UIKit, from <redacted> …)}”, with “name: Background Content Fetching (…)” and “reason: backgroundContentFetching” for a fetch; iOS 13 and later, no crash report, and UIKit's console warning “[BackgroundTask] Background Task 1001 (\"GDTStorage\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination …” (firebase-ios-sdk issue 8908, 2021). Where one era's words end and the next begin, and the words of an overdue completion from iOS 13, are Backgrounder's reading"),
            test: "eachEraWordsAnOverrunTaskAsItsReportsDid"
        ) { profile in
            let words = switch profile.assertionReportStyle {
            case .springBoard: "SpringBoard's “<SBProcessAssertion …> identifier: UIKitBackgroundCompletionTask … reason: finishTask”"
            case .backBoard: "BackBoard's “<BKProcessAssertion …> identifier: <the task's name> process: App[pid] … reason: finishTask”"
            case .backBoardProcess: "BackBoard's “<BKNewProcess …> has active assertions beyond permitted time: {(<BKProcessAssertion …> id: pid-N name: <the task's name> …)}”"
            case .runningBoard: "UIKit's “[BackgroundTask] Background Task N (\"name\"), was created over 30 seconds ago …”"
            }
            return "The [assertion-timeout] and [completion-timeout] diagnostics quote \(profile.name)'s words for an app held "
                + "beyond its time: \(words), then name each task and where it was begun."
        },
        Rule(
            "begin-returns-invalid",
            origin: .model(reason: "Apple: beginBackgroundTask returns .invalid “if running in the background is not possible”; when exactly that is, is Backgrounder’s model"),
            test: "noBackgroundTimeCanBeHadAfterExpiration"
        ) { profile in
            "beginBackgroundTask returns .invalid when no background time can be had: once the expiration "
                + "handlers ran, within the last \(profile.expirationLeadTime.secondsText) s of the budget, or "
                + "inside an expiration handler."
        },
        Rule(
            "leaked-assertion",
            origin: .model(reason: "Apple, beginBackgroundTask(expirationHandler:): the handler is called “shortly before the app’s remaining background time reaches 0”; “Failure to end the task explicitly will result in the termination of the app”. iOS terminates the app when the budget ends without saying which task leaked; naming it is Backgrounder’s diagnostic, given when the budget ends so that a task the handler ends from a block it queues on the main queue (or a task on the main actor) is not called a leak"),
            test: "aLeakedAssertionNamesItsTaskIdentifierAndWhereItBegan"
        ) { _ in
            "An assertion still held when the budget ends, after its expiration handler ran, is reported with its name, "
                + "identifier and where it was begun, just before the app is terminated for it; one ended by code the "
                + "handler queued (DispatchQueue.main.async, a Task on the main actor) before then is not a leak. An "
                + "assertion without an expiration handler is reported when the handlers run."
        },
        Rule(
            "bad-end",
            origin: .model(reason: "iOS logs and carries on; the diagnostic naming the task is Backgrounder’s"),
            test: "endingTwiceIsReportedWithTheTasksName"
        ) { _ in
            "Ending an identifier twice, or one never handed out, is reported, never a crash."
        },
        Rule(
            "expiring-activity", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, ProcessInfo.performExpiringActivity(withReason:using:) (iOS 8.2): it “performs the specified block asynchronously and notifies you if the process is about to be suspended”; its block's expired: “If the value is true, the process is about to be suspended so you should take whatever steps are needed to stop in progress work”; Apple Developer Forums, thread 729335 (DTS): the assertion is held while the block runs, on a Dispatch worker thread. Backgrounder's model: the activity shares the background task budget, its second call comes with the expiration handlers, and when no time can be had the block is called once, with true"),
            test: "anExpiringActivityHoldsTheAppUntilItsBlockReturnsAndIsToldWhenTimeRunsOut"
        ) { profile in
            "performExpiringActivity(withReason:using:) runs its block on a concurrent queue and holds the app "
                + "running until it returns; if the background time runs out first (\(profile.expirationLeadTime.secondsText) s "
                + "before the budget ends), the block is called again with true, and once that call returns the app may be "
                + "suspended, never terminated. With no background time left, the block is called once, with true."
        },
        Rule(
            "code-after-expiration",
            origin: .model(reason: "iOS terminates such an app when the budget ends; the report when its code runs is Backgrounder’s early warning"),
            test: "codeThatKeepsRunningAfterExpirationWhileHoldingAssertionsIsReported"
        ) { _ in
            "App code that runs after the expiration handlers returned while assertions are still held is "
                + "reported: the app will be terminated when the budget ends unless it ends them."
        },
    ]
}
