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
        case .finishLaunching:
            break
        case .lifecycle(let event):
            application.deliver(event)
        case .didEnterBackground(let run):
            application.deliver(.didEnterBackground)
            handle { $0.didEnterBackgroundReturned(run: run, at: $1) }
        case .willTerminate:
            application.deliver(.willTerminate)
            handle { $0.willTerminateReturned(ofLaunch: launch, at: $1) }
        case .expirationHandler(let handler, let identifier):
            application.runExpirationHandler(handler, for: identifier)
        case .expirationHandlersReturned(let run):
            handle { $0.expirationHandlersReturned(run: run, at: $1) }
        case .timerFire(let timer, let id):
            handle { $0.appTimerFireStarted(id, at: $1) }
            timer.fire()
        case .performFetch(let number):
            application.performFetch { [weak self] result in
                self?.handle { $0.completeFetch(number, ofLaunch: launch, with: result, at: $1) }
            }
        case .launchTask(let run, let identifier, let kind):
            application.taskScheduler?.launch(run: run, identifier: identifier, kind: kind)
        case .launchContinuedTask(let run, let identifier, let pattern, let title, let subtitle):
            application.taskScheduler?.launchContinuedTask(
                run: run, identifier: identifier, pattern: pattern, title: title, subtitle: subtitle)
        case .expireTask(let run):
            application.taskScheduler?.expire(run: run)
        case .handler(let handler, let activity):
            handler(application)
            if let activity { handle { $0.endActivity(activity, at: $1) } }
        case .serviceMessage(let message, let activity):
            application.receive(message)
            if let activity { handle { $0.endActivity(activity, at: $1) } }
        case .systemNotification(let notice):
            application.deliver(notice)
        case .notification(let notification):
            if application.receive(notification) == .banner {
                handle { $0.showNotification(id: notification.id, at: $1) }
            }
        case .notificationResponse(let notification):
            application.delegate?.application(application, didReceiveResponseTo: notification)
        case .pushRegistration(let registration):
            application.receive(registration)
        case .remoteNotification(let number, let push):
            application.receiveRemoteNotification(push) { [weak self] result in
                self?.handle { $0.completeRemoteNotification(number, ofLaunch: launch, with: result, at: $1) }
            }
        case .voipPush(let number, let push):
            application.receiveVoIPPush(push) { [weak self] in
                self?.handle { $0.completeVoIPPush(number, ofLaunch: launch, at: $1) }
            }
        case .callAnswered(let call, let accepted):
            application.delegate?.application(application, didAnswer: call, accepted: accepted)
        case .asyncHandler(let handler, let activity):
            application.task { [weak self] in
                await handler()
                self?.handle { $0.endActivity(activity, at: $1) }
            }
        }
    }
}
