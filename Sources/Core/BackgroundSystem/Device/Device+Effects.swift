import BackgroundWire

/// Carrying out what the ``SystemStateMachine`` decided, outside the device's lock.
extension Device {
    /// Performs `effects` in order; the services' observers are told last, as after a change
    /// that is complete. The energy accounts of the state changes come before the freezes and
    /// thaws that go with them, which keep their order. Before a thaw: while the app is frozen
    /// the kernel's last reading of its threads holds and a wake costs one small read
    /// (``AppProcessUsageSource``); thawed, its threads run at once and the accounts would read
    /// two files a thread, on the path of the event that woke it. Before a freeze: the accounts
    /// know of the suspension before the link can tell them that the kernel froze the app's
    /// process (``EnergyMeter/appFrozen(at:ifStill:)``), which it does from a queue of its own.
    func performEffects(_ effects: [SystemEffect]) {
        var announcements: [SystemEffect] = []
        let changesState = effects.contains(where: \.isStateChangeAnnouncement)
        // The freezes (true) and thaws (false) left for after the accounts, in order.
        var freezesAndThaws: [Bool] = []
        for effect in effects {
            switch effect {
            case .log(let line):
                console.log(line)
            case .freezeApp, .thawApp:
                let freezes = effect.isFreeze
                if changesState {
                    freezesAndThaws.append(freezes)
                } else if freezes {
                    link.freeze()
                } else {
                    link.thaw()
                }
            case .scheduleTimer(let token):
                let timer = loop.schedule(at: token.deadline) { [weak self] in self?.timerFired(token) }
                loopTimers.withLock { $0[token] = timer }
            case .cancelTimer(let token):
                loop.cancel(loopTimers.withLock { $0.removeValue(forKey: token) })
            case .deliver(let delivery, let launch):
                link.deliver(delivery, toLaunch: launch)
            case .endLaunch(let launch):
                link.endLaunch(launch)
                services.launchEnded()
                taps.answerAll(with: .notOnScreen(.notRunning))
            case .savePendingTaskRequests(let requests):
                storage?.taskRequests.save(requests)
            case .saveBackgroundSessions(let stored):
                storage?.backgroundSessions.save(stored)
            case .showDesktopNotification(let notification):
                desktop?.show(notification) { [weak self] in
                    self?.loop.schedule(after: .zero) { [weak self] in self?.notificationCenter.answer(id: notification.id) }
                } failed: { [weak self] reason in
                    self?.console.log("Desktop notification not shown: \(reason)")
                }
            case .withdrawDesktopNotification(let notification):
                desktop?.withdraw(notification)
            case .publishNotifications(let snapshot):
                board.publish(snapshot, forScreen: ScreenKey.notifications.name)
            case .publishNowPlaying(let snapshot):
                board.publish(snapshot, forScreen: ScreenKey.nowPlaying.name)
                announcements.append(effect)
            case .runServiceExtension(let number, let request):
                serviceExtensions?.run(number, request, on: loop) { [weak self] content in
                    self?.handle { $0.serviceExtensionDelivered(number, content: content, at: $1) }
                } failed: { [weak self] why in
                    self?.handle { $0.serviceExtensionFailed(number, why: why, at: $1) }
                }
            case .expireServiceExtension(let number):
                serviceExtensions?.expire(number, on: loop) { [weak self] in
                    self?.handle { $0.serviceExtensionExpiryReturned(number, at: $1) }
                }
            case .endServiceExtension(let number):
                serviceExtensions?.end(number)
            case .jetsamServiceExtension(let number):
                serviceExtensions?.jetsam(number)
            case .announceStateChange, .announceInterruption, .announceFetchSchedule:
                announcements.append(effect)
            }
        }
        // The accounts before any observer: one that waits for the end of a launch (a quit)
        // finds that launch saved.
        for case .announceStateChange(let change) in announcements {
            energy.stateChanged(change)
            if change.to == .suspended { checkFileLocksAtSuspension() }
        }
        for freezes in freezesAndThaws {
            if freezes { link.freeze() } else { link.thaw() }
        }
        for announcement in announcements {
            switch announcement {
            case .announceStateChange(let change):
                observers.stateChanges.notify(change)
            case .announceInterruption(let event): observers.interruptions.notify(event)
            case .announceFetchSchedule(let date): observers.fetchSchedule.notify(date)
            case .publishNowPlaying(let snapshot): observers.nowPlaying.notify(snapshot)
            default: break
            }
        }
    }

    private func timerFired(_ token: SystemTimerToken) {
        loopTimers.withLock { _ = $0.removeValue(forKey: token) }
        handle { $0.timerFired(token, at: $1) }
    }
}

extension SystemEffect {
    fileprivate var isStateChangeAnnouncement: Bool {
        if case .announceStateChange = self { return true }
        return false
    }

    fileprivate var isFreeze: Bool {
        if case .freezeApp = self { return true }
        return false
    }
}
