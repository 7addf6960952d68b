import BackgroundWire

extension Rule {
    /// Background URL sessions (`SystemStateMachine+URLSession.swift`, the app's side in
    /// `URLSession/`), from iOS 7.
    static let urlSession: [Rule] = [
        Rule(
            "background-session-transfers",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Downloading files in the background”: background tasks “continue to run even when your app is suspended”; URLSessionConfiguration.sessionSendsLaunchEvents (iOS 7, default true): “the system automatically wakes up or launches the iOS app in the background when the session’s tasks finish or require authentication”; application(_:handleEventsForBackgroundURLSession:completionHandler:) (iOS 7): “Tells the delegate that events related to a URL session are waiting to be processed”"),
            test: "aTransferGoesOnWhileTheAppIsSuspendedAndWakesItForTheEvents"
        ) { _ in
            "A background session's transfers are the system's: they go on while the app is suspended or not running. "
                + "While the app runs with the session made, its delegate hears each end at once; otherwise the system "
                + "keeps the events and, once every transfer of the session has ended, resumes the app (or launches it "
                + "with reason transfer) into handleEventsForBackgroundURLSession — unless sessionSendsLaunchEvents is false."
        },
        Rule(
            "background-session-completion-handlers",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Quinn “The Eskimo!”, Apple Developer Forums thread 75851, “Completion handler blocks not supported in background sessions?”: “Correct. It’s impossible for a background session to support completion handler blocks because such blocks can capture arbitrary state from your process [and] your process can be terminated while the task is running and then relaunched to handle completion”; Foundation's exception, as crash logs show it: NSGenericException, “Completion handler blocks are not supported in background sessions. Use a delegate instead.”"),
            test: "aBackgroundSessionRefusesACompletionHandlerAsIOSDoes"
        ) { _ in
            "Asking a background session for a download or data task with a completion handler crashes the app with "
                + "NSGenericException (\"Completion handler blocks are not supported in background sessions. Use a delegate "
                + "instead.\"); a default or ephemeral session runs it in the app's process."
        },
        Rule(
            "background-session-relaunch",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, application(_:handleEventsForBackgroundURLSession:completionHandler:): “If your app was just launched, you can use this identifier to create a new URLSession object that can receive the events”, and the completion handler is to be called “when you finish processing the events”; urlSessionDidFinishEvents(forBackgroundURLSession:): “Tells the delegate that all messages enqueued for a session have been delivered”"),
            test: "aRelaunchedAppMakesTheSessionAgainAndCallsTheCompletionHandler"
        ) { _ in
            "A launched app hears the session's events only once it makes a session with the same identifier: its "
                + "delegate gets didFinishDownloadingTo and didCompleteWithError for each transfer, then "
                + "urlSessionDidFinishEvents, when the app calls the completion handler it was given."
        },
        Rule(
            "background-session-force-quit",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, NSURLErrorCancelledReasonUserForceQuitApplication: “the system canceled the background task because the user force-quit the application”, under NSURLErrorBackgroundTaskCancelledReasonKey (iOS 8) of an NSURLErrorCancelled (-999) error; URLSessionConfiguration.background(withIdentifier:): “If the user terminates the app from the multitasking screen, the system cancels all of the session’s background transfers. In addition, the system does not automatically relaunch apps that were force quit by the user. The user must explicitly relaunch the app before transfers can begin again.”"),
            test: "aForceQuitCancelsTheTransfersWithMinus999"
        ) { profile in
            "Swiping the app away in the app switcher cancels every transfer of its background sessions: each ends "
                + "with NSURLErrorDomain -999"
                + (profile.hasBackgroundTaskCancelledReason
                    ? " and NSURLErrorBackgroundTaskCancelledReasonKey 0 (userForceQuitApplication)"
                    : " (\(profile.absence(of: .backgroundTaskCancelledReason)))")
                + "; the app is not launched for them, and hears them when the user opens it and it makes the session again."
        },
        Rule(
            "background-session-discretionary",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, URLSessionConfiguration.isDiscretionary (iOS 7): “the system might delay transferring large files until the device is plugged in and connected to the network via Wi-Fi”; “For transfers started while your app is in the background, the system always starts transfers at its discretion”. Apple says “might” and “large files” without a size; making every discretionary transfer, whatever its size, wait for external power, and the network stand for Wi-Fi, is Backgrounder's model"),
            test: "discretionaryTransfersWaitForPowerAndTheNetwork"
        ) { _ in
            "A transfer of a discretionary session, or any transfer the app creates while it is in the background, "
                + "waits until the device is on external power and on the network (from iOS 11, unless its task says it is "
                + "small: background-session-byte-count-hints); other transfers wait only for the network."
        },
        Rule(
            "background-session-byte-count-hints",
            eras: 11...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, URLSessionTask.countOfBytesClientExpectsToReceive and …ToSend (iOS 11): “A best-guess upper bound on the number of bytes the client expects to receive”; “This property is used by the system to optimize the scheduling of URL session tasks”; URLSessionConfiguration.isDiscretionary: “the system might delay transferring large files until the device is plugged in”. Apple gives no size: that at most \(SystemStateMachine.smallTransferBytes >> 20) MB in all is small, and that a small discretionary transfer waits only for the network, is Backgrounder's model"),
            test: "aDiscretionaryTransferThatSaysItIsSmallWaitsOnlyForTheNetwork"
        ) { _ in
            "A discretionary transfer whose task says it sends and receives at most \(SystemStateMachine.smallTransferBytes >> 20) MB "
                + "in all (countOfBytesClientExpectsToSend and …ToReceive) waits only for the network; one that says more, "
                + "or nothing, is large and waits for external power too."
        },
        Rule(
            "background-session-earliest-begin-date",
            eras: 11...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, URLSessionTask.earliestBeginDate (iOS 11): “For tasks created from background URLSession instances, this property indicates that the network load should not begin any earlier than this date. Setting this property does not guarantee that the load will begin at the specified date, but only that it will not begin sooner”; “Downloading files in the background”: “The download isn’t guaranteed to begin at precisely this time, but it won’t start sooner”"),
            test: "aTransferDoesNotBeginBeforeItsEarliestBeginDate"
        ) { _ in
            "A transfer whose task has an earliestBeginDate waits for that date on the device's clock (`phase` scheduled), "
                + "then for its session's conditions as any other."
        },
        Rule(
            "background-session-rate-limit",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Downloading files in the background”: “When the system resumes or relaunches your app, it uses a rate limiter … When your app starts a new download task while in the background, the task doesn’t begin until the delay expires. The delay increases each time the system resumes or relaunches your app … The delay is reset to 0 whenever the user brings your app to the foreground. It also resets if the delay period elapses without the system resuming or relaunching your app”; Quinn, Apple Developer Forums thread 14854, “NSURLSession’s Resume Rate Limiter”: the delay doubles at each resume"),
            test: "theResumeRateLimiterDelaysTasksCreatedInTheBackground"
        ) { profile in
            "Each resume or launch for a session's events raises the rate limiter's delay (\(profile.transferResumeDelay.secondsText) s, "
                + "then double); a transfer the app creates in the background waits for it. Opening the app, or the delay "
                + "passing without a resume, resets it to 0."
        },
        Rule(
            "background-session-resume-data",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, NSURLSessionDownloadTaskResumeData (iOS 7): “When a transfer error occurs or when you call the cancel(byProducingResumeData:) method, the delegate object or completion handler gets an NSError object. If the transfer is resumable, that error object’s userInfo dictionary contains a value for this key. To resume the transfer, your app can pass that value to the downloadTask(withResumeData:) or downloadTask(withResumeData:completionHandler:) method”; URLSessionDownloadTask.cancel(byProducingResumeData:): “A download can be resumed only if … The server provides either the ETag or Last-Modified header (or both) in its response; The server supports byte-range requests”. The resume data's format is Backgrounder's (Apple: opaque), and -3003 for data that is not resume data is what iOS 10 answered (Ben Scheirman, “Resume Data Broken in iOS 10”)"),
            test: "aCutDownloadResumesFromItsErrorsResumeData"
        ) { _ in
            "A download that fails after bytes arrived from a server that gave an ETag or Last-Modified, or that the app "
                + "cancels with cancel(byProducingResumeData:), ends with resume data (NSURLSessionDownloadTaskResumeData); "
                + "downloadTask(withResumeData:) asks for the rest with Range and If-Range and appends, or starts over when "
                + "the server answers 200. Data that is not resume data fails the task with -3003."
        },
        Rule(
            "background-session-model",
            eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple documents a doubling delay but not its start: 60 s is what developers measured on iOS 12 (Apple Developer Forums thread 128813). Apple gives no time limit for the completion handler of handleEventsForBackgroundURLSession; the model gives it the fetch budget (30 s) and then stops holding the app, with a diagnostic. The device here does not tell Wi-Fi from cellular: “on the network” stands for Wi-Fi. The bytes come from a transfer service beside the core, as nsurlsessiond's do: it downloads each transfer the machine runs over HTTP(S), resuming with Range after a dropped connection, and tells the machine how it ended (Device.endTransfer); it never decides when a transfer runs. How an error maps to an NSURLErrorDomain code is the model's"),
            test: "aCompletionHandlerNeverCalledIsADiagnostic"
        ) { profile in
            "The rate limiter's first delay is \(profile.transferResumeDelay.secondsText) s. The app has "
                + "\(profile.fetchBudget.secondsText) s to call the completion handler of handleEventsForBackgroundURLSession; "
                + "after that a [session-events-not-completed] diagnostic, and the app may be suspended. Making a second "
                + "session with an identifier the launch already used is a [duplicate-background-session] diagnostic."
        },
    ]
}
