import BackgroundRuntime

/// Pushes, as TheBackgrounder handles them: a silent push is logged and, in the Newsstand
/// eras, starts the download (the 2013 tab was meant to be started by a push); a VoIP
/// push rings the VoIP tab's call through CallKit.
extension TheBackgrounderApp {
    public func application(
        _ application: Application, didReceiveRemoteNotification payload: PushPayload,
        fetchCompletionHandler completionHandler: @escaping BackgroundFetchCompletion
    ) {
        let prefix = application.applicationState == .background ? "App is backgrounded. " : ""
        application.logger.info("\(prefix)Remote notification: \(payload.apsJSON)")
        guard payload.isContentAvailable, application.profile.hasNewsstand, application.infoPlist.isNewsstandApp else {
            return completionHandler(.noData)
        }
        do {
            try newsstand.textFieldShouldReturn()
            completionHandler(.newData)
        } catch {
            application.logger.info("\(prefix)The issue's download did not start: \(error)")
            completionHandler(.failed)
        }
    }

    public func application(
        _ application: Application, didReceiveIncomingVoIPPushWith payload: PushPayload,
        completion: @escaping @AppMain @Sendable () -> Void
    ) {
        voip.didReceiveIncomingPush(payload)
        completion()
    }

    public func application(_ application: Application, didAnswer call: IncomingCall, accepted: Bool) {
        voip.didAnswer(call, accepted: accepted)
    }
}
