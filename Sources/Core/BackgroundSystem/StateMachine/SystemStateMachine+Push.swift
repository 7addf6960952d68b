import BackgroundWire
import Foundation

/// Remote notifications: registration, alert pushes, background (`content-available`) pushes
/// that wake or launch the app for about 30 s, the hourly throttle, pushes held while the
/// device is offline or in Low Power Mode, and Newsstand pushes (Apple,
/// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`, “Pushing background
/// updates to your app”, “Sending notification requests to APNs”; TN2280). VoIP pushes are in
/// `SystemStateMachine+VoIPPush.swift`.
extension SystemStateMachine {
    /// Background pushes delivered per rolling hour before the rest are held: Backgrounder's
    /// model of Apple's “don't try to send more than two or three per hour”.
    static let backgroundPushesPerHour = 3
    /// How long after a restart background pushes wait: Backgrounder's model of dasd's
    /// ThunderingHerdPolicy (“timeSinceThunderingHerdTriggerEvent < 300”, a developer's device log).
    static let quietTimeAfterRestart = Duration.seconds(300)
    /// How often Newsstand launches an app for new content without the development override.
    static let newsstandPushInterval = Duration.seconds(86_400)

    /// `registerForRemoteNotifications()`, or a PushKit registry for VoIP: the app is told its
    /// token (which `status` shows, as iOS logs none), or why there is none.
    mutating func registerForPushes(voip: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if voip {
            guard profile.hasPushKit else {
                report(.unavailableAPI, "PKPushRegistry does not exist in \(profile.name); \(profile.absence(of: .pushKit))")
                return finish()
            }
            pushes.isRegisteredForVoIP = true
            deliver(.pushRegistration(.voip(pushes.tokens.voip)))
        } else if !conditions.hasNetworkConnectivity {
            let error = PushRegistrationError(reason: "no connection to APNs: the device is offline")
            log("Registration for remote notifications failed: \(error.reason)")
            deliver(.pushRegistration(.failed(error)))
        } else {
            pushes.isRegistered = true
            deliver(.pushRegistration(.remoteNotifications(pushes.tokens.device)))
        }
        markChanged()
        return finish()
    }

    /// New tokens (the device's privacy settings were reset): the old ones stop working and
    /// the app must register again.
    mutating func replacePushTokens(_ tokens: PushTokens, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        pushes.tokens = tokens
        pushes.isRegistered = false
        pushes.isRegisteredForVoIP = false
        markChanged()
        return finish()
    }

    /// Where providers reach the device (the gateway's URL), or nil when none runs.
    mutating func setPushGateway(_ url: String?, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        pushes.gateway = url
        markChanged()
        return finish()
    }

    /// The development override of the Newsstand push throttle
    /// (`NKDontThrottleNewsstandContentNotifications`).
    mutating func setNewsstandThrottleOverride(_ isOn: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        pushes.newsstandThrottleOverride = isOn
        log("Newsstand push throttle: \(isOn ? "off (NKDontThrottleNewsstandContentNotifications set)" : "on (one launch for content every 24 hours)")")
        return finish()
    }

    /// A push reached the device from APNs.
    mutating func receivePush(_ push: RemotePush, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        deliverPush(push)
        return finish()
    }

    /// The completion handler of remote notification `number` was called with `result`.
    mutating func completeRemoteNotification(
        _ number: Int, ofLaunch launchNumber: Int, with result: BackgroundFetchResult, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        guard let inFlight = pushes.inFlight[number], !inFlight.isVoIP else {
            log("The completion handler of remote notification \(number) was called again, or after its time ran out; it is ignored")
            return finish()
        }
        pushes.inFlight[number] = nil
        cancel(inFlight.deadline)
        log("Remote notification \(number) completed with \(result.rawValue) after \(String(format: "%.1f", (now - inFlight.start).seconds)) s")
        dropActivity(inFlight.activity)
        suspendIfIdle()
        return finish()
    }

    // MARK: The rules

    /// Delivers `push` by its kind, or holds it while the device is offline (APNs keeps only
    /// the last one, and none whose `apns-expiration` is 0); one past its expiration is dropped.
    mutating func deliverPush(_ push: RemotePush) {
        if let expiration = push.expiration, expiration.timeIntervalSince1970 != 0, expiration <= date(at: now) {
            log("Push \(push.id) dropped: its apns-expiration has passed")
            return
        }
        guard conditions.hasNetworkConnectivity else {
            guard push.expiration?.timeIntervalSince1970 != 0 else {
                log("Push \(push.id) dropped: the device is offline and its apns-expiration is 0, so APNs does not store it")
                return
            }
            hold(push, .offline, "Push \(push.id) stored by APNs: the device is offline (APNs keeps only the last push for the app)")
            return
        }
        if push.type == .voip {
            deliverVoIPPush(push)
            return
        }
        if let text = push.payload.alertText, push.type == .alert {
            let notification = LocalNotification(
                alertBody: text, collapseID: push.collapseID, categoryIdentifier: push.payload.category, userInfo: push.payload.json,
                interruptionLevel: push.payload.interruptionLevel)
            if !handToServiceExtension(push, showing: notification) {
                _ = presentNotification(notification)
            }
        }
        if push.isBackground {
            deliverBackgroundPush(push)
        } else if push.payload.alertText == nil || push.type != .alert {
            log("Push \(push.id) (\(push.type.rawValue)) has nothing for the app: no alert to show and no content-available")
        }
    }

    /// A `content-available` push: handed to an app on screen at once; otherwise it wakes or
    /// launches the app only with `remote-notification` in UIBackgroundModes (a Newsstand app
    /// without it gets a Newsstand push), not after the
    /// user swiped the app away, not in Low Power Mode, and no more than the hourly throttle.
    private mutating func deliverBackgroundPush(_ push: RemotePush) {
        if appState.isForeground {
            wakeOrLaunch(for: push, reason: .remoteNotification)
            return
        }
        let hasTheMode = profile.hasRemoteNotificationBackgroundMode && infoPlist.declares(.remoteNotification)
        if !hasTheMode, profile.hasNewsstand, infoPlist.declares(.newsstandContent) {
            deliverNewsstandPush(push)
            return
        }
        guard profile.hasRemoteNotificationBackgroundMode else {
            log("Background push \(push.id) not delivered: \(profile.name) wakes only Newsstand apps for pushes; \(profile.absence(of: .remoteNotificationBackgroundMode))")
            return
        }
        guard hasTheMode else {
            report(
                .missingBackgroundMode,
                "background push \(push.id) was not delivered: UIBackgroundModes of \(infoPlist.source) lacks "
                    + "remote-notification, so the system does not wake the app for content-available pushes")
            return
        }
        guard conditions.allowsBackgroundRefresh else {
            let which = conditions.isBackgroundAppRefreshRestricted
                ? "restricted" : conditions.isBackgroundAppRefreshEnabled ? "off for the app" : "off"
            log("Background push \(push.id) not delivered: Background App Refresh is \(which), and it counts for background pushes")
            return
        }
        guard appState != .notRunning || fetch.launchesAllowed else {
            log("Background push \(push.id) not delivered: the user swiped the app away; background pushes do not launch it until the user opens it again or restarts the device")
            return
        }
        if profile.hasLowPowerMode, conditions.isLowPowerModeEnabled {
            hold(push, .lowPowerMode, "Background push \(push.id) deferred: Low Power Mode is on; it comes when Low Power Mode ends")
            return
        }
        if let restarted = pushes.restartedAt, now - restarted < Self.quietTimeAfterRestart {
            let release = restarted + Self.quietTimeAfterRestart
            hold(
                push, .afterRestart,
                "Background push \(push.id) deferred: the device restarted \((now - restarted).secondsText) s ago; it comes "
                    + "\(Self.quietTimeAfterRestart.secondsText) s after the restart (Backgrounder's model)")
            cancel(pushes.heldRelease)
            pushes.heldRelease = schedule(.heldPushRelease, at: release)
            return
        }
        pushes.backgroundDeliveries.removeAll { $0 <= now - .seconds(3600) }
        if pushes.backgroundDeliveries.count >= Self.backgroundPushesPerHour, let oldest = pushes.backgroundDeliveries.first {
            let release = oldest + .seconds(3600)
            hold(
                push, .throttled,
                "Background push \(push.id) throttled: \(Self.backgroundPushesPerHour) background pushes came in the last "
                    + "hour (Backgrounder's model of Apple's “two or three per hour”); it comes in "
                    + "\((release - now).secondsText) s")
            cancel(pushes.heldRelease)
            pushes.heldRelease = schedule(.heldPushRelease, at: release)
            return
        }
        pushes.backgroundDeliveries.append(now)
        wakeOrLaunch(for: push, reason: .remoteNotification)
    }

    /// A `content-available` push to a Newsstand app (iOS 5–16): it is launched or woken to
    /// start the issue's download, at most once every 24 hours unless the development override
    /// is set (TN2280).
    private mutating func deliverNewsstandPush(_ push: RemotePush) {
        if let last = pushes.lastNewsstandLaunch, now - last < Self.newsstandPushInterval, !pushes.newsstandThrottleOverride {
            log(
                "Newsstand push \(push.id) ignored: a Newsstand app is woken for new content at most once every 24 hours "
                    + "(the last was \((now - last).secondsText) s ago); for testing, `push newsstand-throttle off` sets "
                    + "NKDontThrottleNewsstandContentNotifications")
            return
        }
        pushes.lastNewsstandLaunch = now
        wakeOrLaunch(for: push, reason: .newsstand)
    }

    /// Hands `push` to the running app, or launches it into the background for it.
    mutating func wakeOrLaunch(for push: RemotePush, reason: LaunchReason) {
        guard appState == .notRunning else {
            beginPushHandling(push)
            return
        }
        pushes.launchPush = push
        log("Launching the app into the background for \(push.type == .voip ? "a VoIP push" : "a remote notification") (reason \(reason.rawValue))")
        launch(reason: reason)
    }

    /// Delivers the push a background launch was for, after didFinishLaunching.
    mutating func deliverLaunchPush() {
        guard let push = pushes.launchPush else { return }
        pushes.launchPush = nil
        beginPushHandling(push)
    }

    /// Hands `push` to the app's handler, waking a suspended app, and waits for its completion
    /// for the profile's fetch budget.
    private mutating func beginPushHandling(_ push: RemotePush) {
        guard let launch else { return }
        let isVoIP = push.type == .voip
        let number = pushes.nextNumber
        pushes.nextNumber += 1
        let activity = beginEvent(isVoIP ? "a VoIP push" : "a remote notification")
        var inFlight = InFlightPush(number: number, launchNumber: launch.number, start: now, isVoIP: isVoIP, activity: activity)
        inFlight.deadline = schedule(.pushDeadline(number: number), after: profile.fetchBudget)
        pushes.inFlight[number] = inFlight
        deliver(isVoIP ? .voipPush(number: number, push) : .remoteNotification(number: number, push))
    }

    /// A push's completion did not come in time.
    mutating func pushRanOutOfTime(_ number: Int) {
        guard let inFlight = pushes.inFlight.removeValue(forKey: number), launch?.number == inFlight.launchNumber else { return }
        if inFlight.isVoIP {
            finishVoIPPush(inFlight)
        } else {
            completionOverdue(
                "the completion handler of remote notification \(number)", budget: profile.fetchBudget,
                assertion: "Remote Notification (\(number))", number: number, reason: "remoteNotification",
                holding: inFlight.activity)
        }
    }

    /// Keeps `push` to deliver later, replacing the one held (only the latest is kept).
    private mutating func hold(_ push: RemotePush, _ reason: HeldPush.Reason, _ message: String) {
        let replaced = pushes.held.map { "; it replaces push \($0.push.id)" } ?? ""
        pushes.held = HeldPush(push: push, reason: reason)
        markChanged()
        log(message + replaced)
    }

    /// Delivers the held push once what held it is over: the network is back, Low Power Mode
    /// ended, or the throttle's hour passed.
    mutating func releaseHeldPush() {
        guard let held = pushes.held else { return }
        switch held.reason {
        case .offline: guard conditions.hasNetworkConnectivity else { return }
        case .lowPowerMode: guard !conditions.isLowPowerModeEnabled else { return }
        case .throttled, .afterRestart: guard pushes.heldRelease == nil else { return }
        }
        pushes.held = nil
        markChanged()
        log("Push \(held.push.id) is delivered now")
        deliverPush(held.push)
    }

    /// The throttle's hour passed for the held push.
    mutating func heldPushReleaseFell() {
        pushes.heldRelease = nil
        releaseHeldPush()
    }

    /// The user launched or opened the app: a background push the device holds (Low Power Mode,
    /// the throttle) is delivered at once (“If the user launches the app, the system immediately
    /// delivers the held notification”). One APNs stores while the device is offline waits for
    /// the network.
    mutating func deliverHeldPushOnOpen() {
        guard let held = pushes.held, held.reason != .offline else { return }
        pushes.held = nil
        cancel(pushes.heldRelease)
        pushes.heldRelease = nil
        markChanged()
        log("Push \(held.push.id) is delivered now: the user opened the app")
        deliverBackgroundPush(held.push)
    }

    /// The app's launch ended: a background push the device holds is discarded (“If something
    /// force quits or kills the app, the system discards the held notification”). One APNs
    /// stores while the device is offline is APNs's, and stays.
    mutating func discardHeldPushOnEnd() {
        guard let held = pushes.held, held.reason != .offline else { return }
        pushes.held = nil
        cancel(pushes.heldRelease)
        pushes.heldRelease = nil
        markChanged()
        log("Push \(held.push.id) discarded: the app ended, and the system discards a held background notification")
    }

    /// What `status` shows under `push`.
    var pushStatus: PushStatus {
        PushStatus(
            deviceToken: pushes.isRegistered ? pushes.tokens.device.hex : nil,
            voipToken: pushes.isRegisteredForVoIP ? pushes.tokens.voip.hex : nil,
            gateway: pushes.gateway, incomingCall: pushes.incomingCall, voipPushesStopped: pushes.voipStopped,
            held: pushes.held.map { "\($0.reason)" })
    }
}
