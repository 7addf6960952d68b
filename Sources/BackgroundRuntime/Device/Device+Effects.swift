/// Carrying out what the ``SystemStateMachine`` decided, outside the device's lock.
extension Device {
    /// Performs `effects` in order; the services' observers are told last, as after a change
    /// that is complete.
    func performEffects(_ effects: [SystemEffect]) {
        var announcements: [SystemEffect] = []
        for effect in effects {
            switch effect {
            case .log(let line):
                console.log(line)
            case .freezeApp:
                if let appProcess { appProcess.freeze() } else { executor.freeze() }
            case .thawApp:
                if let appProcess { appProcess.thaw() } else { executor.thaw() }
            case .scheduleTimer(let token):
                let timer = loop.schedule(at: token.deadline) { [weak self] in self?.timerFired(token) }
                loopTimers.withLock { $0[token] = timer }
            case .cancelTimer(let token):
                loop.cancel(loopTimers.withLock { $0.removeValue(forKey: token) })
            case .deliver(let delivery, let launch):
                if let appProcess { appProcess.deliver(delivery, launch: launch, device: self) } else { post(delivery, toLaunch: launch) }
            case .discardAppJobs:
                executor.discardPostedJobs()
            case .savePendingTaskRequests(let requests):
                taskRequests?.save(requests)
            case .showDesktopNotification(let notification):
                desktop?.show(notification) { [weak self] in
                    self?.loop.schedule(after: .zero) { [weak self] in self?.answerNotification(id: notification.id) }
                } failed: { [weak self] reason in
                    self?.console.log("Desktop notification not shown: \(reason)")
                }
            case .withdrawDesktopNotification(let notification):
                desktop?.withdraw(notification)
            case .publishNotifications(let snapshot):
                board.publish(snapshot, for: .notifications)
            case .publishNowPlaying(let snapshot):
                board.publish(snapshot, for: .nowPlaying)
                announcements.append(effect)
            case .announceStateChange, .announceInterruption, .announceFetchSchedule:
                announcements.append(effect)
            case .release:
                break
            }
        }
        for announcement in announcements {
            switch announcement {
            case .announceStateChange(let change):
                // The accounts first: an observer that waits for the end of a launch (a quit)
                // finds that launch saved.
                if change.to == .notRunning { appProcess?.endLaunch() }
                energyStateChanged(change)
                if change.to == .suspended { checkFileLocksAtSuspension() }
                stateObservers.notify(change)
            case .announceInterruption(let event): interruptionObservers.notify(event)
            case .announceFetchSchedule(let date): fetchScheduleObservers.notify(date)
            case .publishNowPlaying(let snapshot): nowPlayingObservers.notify(snapshot)
            default: break
            }
        }
    }

    private func timerFired(_ token: SystemTimerToken) {
        loopTimers.withLock { _ = $0.removeValue(forKey: token) }
        handle { $0.timerFired(token, at: $1) }
    }

    /// Posts `delivery` to the app's main executor, for launch `launch` only.
    private func post(_ delivery: AppDelivery, toLaunch launch: Int) {
        executor.post { [weak self] in
            guard let self else { return }
            if case .finishLaunching(let reason) = delivery {
                finishLaunching(launch, reason: reason)
            } else if let application = application(ofLaunch: launch) {
                carryOut(delivery, in: application, launch: launch)
            }
        }
    }

    @AppMain
    private func finishLaunching(_ launch: Int, reason: LaunchReason) {
        let application = Application(system: self, launchNumber: launch, launchReason: reason)
        let delegate = makeDelegate(application)
        let attached = handle { $0.attach(application, delegate: delegate, toLaunch: launch, at: $1) }
        if attached { application.finishLaunching(delegate: delegate) }
    }

    @AppMain
    private func carryOut(_ delivery: AppDelivery, in application: Application, launch: Int) {
        switch delivery {
        case .expirationHandler(let handler, let identifier):
            application.runExpirationHandler(handler, for: identifier)
        case .timerFire(let timer, let id):
            handle { $0.appTimerFireStarted(id, at: $1) }
            timer.fire()
        case .handler(let handler, let activity):
            handler(application)
            if let activity { handle { $0.endActivity(activity, at: $1) } }
        case .asyncHandler(let handler, let activity):
            application.task { [weak self] in
                await handler()
                self?.handle { $0.endActivity(activity, at: $1) }
            }
        default:
            // The rest is carried out as in the app's own process, its returns answered here.
            guard let delivery = ProcessDelivery(delivery) else { return }
            application.carryOut(delivery, launch: launch) { [weak self] call in _ = self?.answer(call) }
        }
    }
}
