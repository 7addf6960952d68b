import BackgroundWire

/// Carrying out a delivery of the system on the app's side, in whichever process the app runs
/// (``AppRuntime`` calls it): what the delivery returns goes back to the system as an
/// ``AppCall`` through `tell`.
extension Application {
    func carryOut(_ delivery: AppDelivery, launch: Int, tell: @escaping @AppMain @Sendable (AppCall) -> Void) {
        switch delivery {
        case .finishLaunching, .expirationHandler, .timerFire, .keepAlive:
            // The runtime and the link carry these out: they name what they keep.
            break
        case .lifecycle(let event):
            deliver(event)
        case .returnToForeground:
            tell(.foregroundTransitionBegan(launch: launch))
            deliver(.willEnterForeground)
            tell(.foregroundTransitionReturned(launch: launch))
        case .didEnterBackground(let run):
            tell(.didEnterBackgroundBegan(run: run))
            deliver(.didEnterBackground)
            tell(.didEnterBackgroundReturned(run: run))
        case .willTerminate:
            deliver(.willTerminate)
            tell(.willTerminateReturned(launch: launch))
        case .sceneWillConnect:
            connectScene()
        case .sceneDidDisconnect:
            disconnectScene()
        case .expirationHandlersReturned(let run):
            tell(.expirationHandlersReturned(run: run))
        case .systemNotification(let notice):
            deliver(notice)
        case .performFetch(let number):
            performFetch { result in tell(.completeFetch(number: number, launch: launch, result: result)) }
        case .launchTask(let run, let identifier, let kind):
            taskScheduler?.launch(run: run, identifier: identifier, kind: kind)
        case .launchContinuedTask(let run, let identifier, let pattern, let title, let subtitle):
            taskScheduler?.launchContinuedTask(run: run, identifier: identifier, pattern: pattern, title: title, subtitle: subtitle)
        case .expireTask(let run):
            taskScheduler?.expire(run: run)
        case .serviceMessage(let message, let activity):
            if let activity { tell(.eventHandlingBegan(activity)) }
            receive(message)
            if let activity { tell(.endActivity(activity)) }
        case .notification(let notification):
            receive(notification) { if $0 == .banner { tell(.showNotification(id: notification.id)) } }
        case .notificationResponse(let response, let activity):
            if let activity { tell(.eventHandlingBegan(activity)) }
            let completed: @AppMain @Sendable () -> Void = { if let activity { tell(.endActivity(activity)) } }
            receive(response, completionHandler: completed)
        case .notificationAuthorizationAnswered(let granted):
            authorizationAnswered(granted)
        case .pushRegistration(let registration):
            receive(registration)
        case .remoteNotification(let number, let push):
            receiveRemoteNotification(push) { result in
                tell(.completeRemoteNotification(number: number, launch: launch, result: result))
            }
        case .voipPush(let number, let push):
            receiveVoIPPush(push) { tell(.completeVoIPPush(number: number, launch: launch)) }
        case .callAnswered(let call, let accepted):
            receiveAnswer(to: call, accepted: accepted)
        case .remoteCommand(let command, let activity):
            handleRemoteCommand(command)
            if let activity { tell(.endActivity(activity)) }
        case .handleSessionEvents(let number, let identifier):
            handleEvents(forBackgroundSession: identifier) { tell(.completeSessionEvents(number: number, launch: launch)) }
        case .sessionEvents(let identifier, let events, let urls, let finishing):
            backgroundSessions[identifier]?.receive(events, urls: urls, finishing: finishing)
        case .command(let command):
            tell(.tapAnswered(id: command.id, result(of: command)))
        case .metricPayloads(let payloads):
            metricManager.receive(payloads)
        }
    }
}
