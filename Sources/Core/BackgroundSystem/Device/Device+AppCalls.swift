import BackgroundWire
import Foundation

/// The app's calls into the system, in whichever process the app's code runs: each
/// ``AppCall`` is one event of the machine, and the calls that wait get their ``AppAnswer``.
/// Each call names the launch that makes it, so that the code of an ended launch changes nothing.
extension Device {
    /// Carries out `call` of the app's code; the answer, for a call that waits. It runs on the
    /// thread of the call — the app's main executor in this process, the socket's reader for an
    /// app in its own — and never waits for the app.
    package func answer(_ call: AppCall) -> AppAnswer? {
        switch call {
        case .beginAssertion(let name, let hasHandler, let fileID, let line, let launch):
            let identifier = handle {
                $0.beginAssertion(
                    name: name, hasExpirationHandler: hasHandler, begunAt: SourceLocation(fileID: fileID, line: line),
                    launchNumber: launch, at: $1)
            }
            return .identifier(identifier.rawValue)
        case .endAssertion(let identifier, let fileID, let line, let launch):
            handle {
                $0.endAssertion(
                    BackgroundTaskIdentifier(rawValue: identifier), endedAt: SourceLocation(fileID: fileID, line: line),
                    launchNumber: launch, at: $1)
            }
        case .backgroundTimeRemaining:
            return .seconds(backgroundTimeRemaining?.seconds)
        case .scheduleAppTimer(let nanoseconds, let repeats, let launch):
            let id = handle {
                $0.scheduleAppTimer(interval: .nanoseconds(nanoseconds), repeats: repeats, launchNumber: launch, at: $1)
            }
            return .timer(id: id)
        case .cancelAppTimer(let id):
            handle { $0.cancelAppTimer(id, at: $1) }
        case .appTimerFireStarted(let id):
            handle { $0.appTimerFireStarted(id, at: $1) }
        case .setKeepAlive(let nanoseconds, let launch):
            return .keepAlive(handle { $0.setKeepAlive(interval: .nanoseconds(nanoseconds), launchNumber: launch, at: $1) }.refusal)
        case .clearKeepAlive(let launch):
            handle { $0.clearKeepAlive(launchNumber: launch, at: $1) }
        case .callService(let message):
            return .serviceAnswer(services.answer(message))
        case .tellService(let message):
            _ = services.answer(message)
        case .returnServiceCredit(let channel, let count):
            services.returnCredit(on: channel, count: count)
        case .endActivity(let activity):
            endActivity(activity)
        case .requestNotificationAuthorization:
            return .granted(handle { $0.requestNotificationAuthorization(at: $1) })
        case .requestProvisionalNotificationAuthorization:
            return .granted(handle { $0.requestProvisionalNotificationAuthorization(at: $1) })
        case .preserveState(let archive, let launch):
            handle { $0.preserveState(archive, ofLaunch: launch, at: $1) }
        case .restoredState(let launch):
            return .restoredState(handle { $0.restoredState(ofLaunch: launch, at: $1) })
        case .presentNotification(let notification):
            return .notification(handle { $0.presentNotification(notification, at: $1) })
        case .addNotificationRequest(let request):
            return .granted(handle { $0.addNotificationRequest(request, at: $1) })
        case .removePendingNotificationRequests(let identifiers):
            handle { $0.removePendingNotificationRequests(identifiers: identifiers, at: $1) }
        case .notificationsSnapshot:
            return .notifications(read(\.notifications.snapshot))
        case .showNotification(let id):
            handle { $0.showNotification(id: id, at: $1) }
        case .submitContinuedTask(let request, let pattern):
            return .submitted(handle { $0.submitContinuedTask(request, pattern: pattern, at: $1) }.refusal)
        case .reportContinuedTask(let run, let report):
            handle { $0.reportContinuedTask(run: run, report, at: $1) }
        case .registerForPushes(let voip):
            handle { $0.registerForPushes(voip: voip, at: $1) }
        case .reportIncomingCall(let call, let launch):
            handle { $0.reportIncomingCall(call, ofLaunch: launch, at: $1) }
        case .endCall:
            handle { $0.endCall(at: $1) }
        case .setNowPlayingInfo(let info):
            handle { $0.setNowPlayingInfo(info, at: $1) }
        case .setRemoteCommands(let commands):
            handle { $0.setRemoteCommands(Set(commands), at: $1) }
        case .launchBegan(let launch):
            handle { $0.launchBegan(launch, at: $1) }
        case .launchReturned(let launch):
            handle { $0.launchReturned(launch, at: $1) }
        case .foregroundTransitionBegan(let launch):
            handle { $0.foregroundTransitionBegan(launch, at: $1) }
        case .foregroundTransitionReturned(let launch):
            handle { $0.launchReturned(launch, at: $1) }
        case .setNotificationCategories(let categories):
            handle { $0.setNotificationCategories(categories, at: $1) }
        case .completeRemoteNotification(let number, let launch, let result):
            handle { $0.completeRemoteNotification(number, ofLaunch: launch, with: result, at: $1) }
        case .completeVoIPPush(let number, let launch):
            handle { $0.completeVoIPPush(number, ofLaunch: launch, at: $1) }
        case .containerURL(let group):
            return .path(storage?.appGroups.url(forGroup: group)?.path)
        case .date:
            return .date(date.timeIntervalSince1970)
        case .deviceClock:
            return .deviceClock(nanoseconds: loop.now.nanoseconds, isRealTime: isRealTime)
        case .conditions:
            return .conditions(conditions.current)
        case .protectedDataAccess:
            return .protectedDataAccess(read(\.protectedData.access))
        case .addDownloadTask(let session, let url, let earliestBeginDate, let expectedBytes, let resumeData, let launch):
            return .transfer(handle {
                $0.addDownloadTask(
                    session: session, url: url, earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes,
                    resumeData: resumeData, ofLaunch: launch, at: $1)
            })
        case .cancelDownloadTask(let task, let producingResumeData, let launch):
            handle { $0.cancelDownloadTask(task, producingResumeData: producingResumeData, ofLaunch: launch, at: $1) }
        case .makeBackgroundSession(let configuration, let launch):
            handle { $0.makeBackgroundSession(configuration, ofLaunch: launch, at: $1) }
        case .completeSessionEvents(let number, let launch):
            handle { $0.completeSessionEvents(number, ofLaunch: launch, at: $1) }
        case .documentsDirectory:
            return .path(storage?.documentsDirectory.path)
        case .keychainDirectory:
            return .path(storage?.keychainDirectory.path)
        case .nextEarliestFetchDate:
            return .optionalDate(backgroundFetch.nextEarliestFetchDate?.timeIntervalSince1970)
        case .setBackgroundFetchInterval(let interval):
            handle { $0.setBackgroundFetchInterval(interval, at: $1) }
        case .completeFetch(let number, let launch, let result):
            handle { $0.completeFetch(number, ofLaunch: launch, with: result, at: $1) }
        case .pendingTaskRequests:
            return .requests(taskScheduler.pendingTaskRequests)
        case .submitTaskRequest(let request):
            return .submitted(handle { $0.submitTaskRequest(request, at: $1) }.refusal)
        case .cancelTaskRequests(let identifiers):
            handle { $0.cancelTaskRequests(where: { identifiers.contains($0.identifier) }, at: $1) }
        case .completeTask(let run, let launch, let success):
            handle { $0.completeTask(run: run, ofLaunch: launch, success: success, at: $1) }
        case .report(let rule, let message):
            report(DiagnosticRule(rawValue: rule), message)
        case .crash(let reason):
            crash(reason)
        case .publish(let screen, let snapshot):
            publish(snapshot.value, forScreen: screen)
        case .log(let lines):
            console.log(lines: lines)
        case .eventHandlingBegan(let activity):
            handle { $0.eventHandlingBegan(activity, at: $1) }
        case .didEnterBackgroundBegan(let run):
            handle { $0.didEnterBackgroundBegan(run: run, at: $1) }
        case .didEnterBackgroundReturned(let run):
            handle { $0.didEnterBackgroundReturned(run: run, at: $1) }
        case .willTerminateReturned(let launch):
            handle { $0.willTerminateReturned(ofLaunch: launch, at: $1) }
        case .expirationHandlersReturned(let run):
            handle { $0.expirationHandlersReturned(run: run, at: $1) }
        case .tapAnswered(let id, let result):
            taps.answer(id, with: result)
        case .barrierReached:
            // The link to the app's process takes its barriers itself.
            break
        }
        return nil
    }
}
