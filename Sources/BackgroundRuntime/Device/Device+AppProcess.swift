import Foundation

/// The calls of the app in its own process (`--isolation process`), answered as the calls of
/// an app in this process are.
extension Device {
    /// Carries out `call` of the app's process; the answer, for a call that waits.
    func answer(_ call: AppCall) -> AppAnswer? {
        switch call {
        case .beginAssertion(let name, let hasHandler, let fileID, let line, let launch):
            // The handler itself stays in the app's process; the one kept here is a stand-in.
            var standIn: (@AppMain @Sendable () -> Void)?
            if hasHandler { standIn = {} }
            let identifier = beginAssertion(
                name: name, expirationHandler: standIn, begunAt: SourceLocation(fileID: fileID, line: line),
                launchNumber: launch)
            return .identifier(identifier.rawValue)
        case .backgroundTimeRemaining:
            return .seconds(backgroundTimeRemaining?.seconds)
        case .scheduleAppTimer(let nanoseconds, let repeats, let launch):
            let timer = scheduleAppTimer(interval: .nanoseconds(nanoseconds), repeats: repeats, launchNumber: launch) { _ in }
            return .timer(id: timer.id)
        case .callService(let message):
            return .serviceAnswer(callService(message))
        case .requestNotificationAuthorization:
            return .granted(requestNotificationAuthorization())
        case .presentNotification(let notification):
            return .notification(presentNotification(notification))
        case .submitContinuedTask(let request, let pattern):
            return .submitted(refusal { () throws(BGTaskSchedulerError) in try submitContinuedTask(request, pattern: pattern) })
        case .reportContinuedTask(let run, let report):
            reportContinuedTask(run: run, report)
        case .registerForPushes(let voip):
            registerForPushes(voip: voip)
        case .reportIncomingCall(let call, let launch):
            reportIncomingCall(call, launchNumber: launch)
        case .endCall:
            endCall()
        case .setNowPlayingInfo(let info):
            setNowPlayingInfo(info)
        case .setRemoteCommands(let commands):
            setRemoteCommands(Set(commands))
        case .showNotification(let id):
            handle { $0.showNotification(id: id, at: $1) }
        case .completeRemoteNotification(let number, let launch, let result):
            handle { $0.completeRemoteNotification(number, ofLaunch: launch, with: result, at: $1) }
        case .completeVoIPPush(let number, let launch):
            handle { $0.completeVoIPPush(number, ofLaunch: launch, at: $1) }
        case .containerURL(let group):
            return .path(containerURL(forGroup: group)?.path)
        case .date:
            return .date(date.timeIntervalSince1970)
        case .conditions:
            return .conditions(conditions)
        case .nextEarliestFetchDate:
            return .optionalDate(nextEarliestFetchDate?.timeIntervalSince1970)
        case .pendingTaskRequests:
            return .requests(pendingTaskRequests)
        case .submitTaskRequest(let request):
            return .submitted(refusal { () throws(BGTaskSchedulerError) in try submitTaskRequest(request) })
        case .setKeepAlive(let nanoseconds, let launch):
            // The handler itself stays in the app's process; the one kept here is a stand-in.
            return .keepAlive(refusal { () throws(KeepAliveError) in
                try setKeepAlive(interval: .nanoseconds(nanoseconds), handler: {}, launchNumber: launch)
            })
        case .clearKeepAlive(let launch):
            clearKeepAlive(launchNumber: launch)
        case .endActivity(let activity):
            endActivity(BackgroundActivityToken(id: activity))
        case .setBackgroundFetchInterval(let interval):
            setBackgroundFetchInterval(interval)
        case .cancelTaskRequests(let identifiers):
            cancelTaskRequests { identifiers.contains($0.identifier) }
        case .completeTask(let run, let launch, let success):
            completeTask(run: run, ofLaunch: launch, success: success)
        case .completeFetch(let number, let launch, let result):
            handle { $0.completeFetch(number, ofLaunch: launch, with: result, at: $1) }
        case .endAssertion(let identifier, let fileID, let line, let launch):
            endAssertion(
                BackgroundTaskIdentifier(rawValue: identifier), endedAt: SourceLocation(fileID: fileID, line: line),
                launchNumber: launch)
        case .expirationHandlerReturned(let identifier):
            expirationHandlerReturned(BackgroundTaskIdentifier(rawValue: identifier))
        case .cancelAppTimer(let id):
            cancelAppTimer(id)
        case .report(let rule, let message):
            report(DiagnosticRule(rawValue: rule), message)
        case .crash(let reason):
            crash(reason)
        case .publish(let screen, let json):
            if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) {
                publish(value, for: ScreenKey<JSONValue>(screen))
            }
        case .log(let message):
            console.log(message)
        case .didEnterBackgroundReturned(let run):
            handle { $0.didEnterBackgroundReturned(run: run, at: $1) }
        case .willTerminateReturned(let launch):
            handle { $0.willTerminateReturned(ofLaunch: launch, at: $1) }
        case .expirationHandlersReturned(let run):
            handle { $0.expirationHandlersReturned(run: run, at: $1) }
        case .appTimerFireStarted(let id):
            handle { $0.appTimerFireStarted(id, at: $1) }
        case .barrierReached(let id):
            appProcess?.barrierReached(id)
        }
        return nil
    }
}

/// Why `body` refused, for the answers that carry a refusal; nil when it did not.
private func refusal<Refusal: Error>(_ body: () throws(Refusal) -> Void) -> Refusal? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

extension Device {
    /// The link to the app's own process, with the kernel's freezer where one is writable
    /// (cgroup v2), else SIGSTOP, and its memory limit where a memory controller is writable;
    /// and why there is no cgroup freezer or memory limit, if there is none.
    static func makeAppProcessLink(_ configuration: AppProcessConfiguration) -> (AppProcessLink, [String]) {
        var problems: [String] = []
        let freezer: any ProcessFreezer
        switch CgroupFreezer.make() {
        case .success(let cgroup): freezer = cgroup
        case .failure(let problem): (freezer, problems) = (SignalFreezer(), [problem.description])
        }
        var memory: MemoryCgroup?
        switch MemoryCgroup.make(limit: configuration.memoryLimit, freezerDirectory: (freezer as? CgroupFreezer)?.directory) {
        case .success(let group): memory = group
        case .failure(let problem): problems.append(problem.description)
        }
        return (AppProcessLink(configuration: configuration, freezer: freezer, memory: memory), problems)
    }

    /// Says at boot how the app's process is frozen and held to its memory limit.
    func logIsolation(_ link: AppProcessLink, problems: [String]) {
        var problems = problems[...]
        switch link.freezer {
        case let cgroup as CgroupFreezer:
            console.log("Isolation: process — the app runs in its own process, frozen by the cgroup v2 freezer (\(cgroup.directory))")
        default:
            console.log(
                "Isolation: process — the app runs in its own process, frozen by SIGSTOP/SIGCONT (no cgroup v2 freezer: "
                    + "\(problems.popFirst() ?? "none"))")
        }
        let limit = link.configuration.memoryLimit >> 20
        if let memory = link.memory {
            console.log(
                "Isolation: the app's process may use \(limit) MB, on screen or off; over it the kernel ends it (\(memory.version) "
                    + "memory controller, \(memory.directory))")
        } else {
            console.log("Isolation: no memory limit on the app's process (\(problems.popFirst() ?? "no memory controller"))")
        }
    }

    /// The kernel ended the app's process `appPID` for going over its memory limit.
    func memoryLimitExceeded(appPID: Int32, ofLaunch launch: Int) {
        let limit = appProcess?.configuration.memoryLimit ?? 0
        handle { $0.memoryLimitExceeded(limit: limit, appPID: appPID, launchNumber: launch, at: $1) }
    }
}

extension Device {
    /// Where the app's code runs now.
    func isolation(_ machine: SystemStateMachine) -> IsolationStatus {
        guard let appProcess else {
            return IsolationStatus(
                mode: "thread", appPid: machine.appState == .notRunning ? nil : getpid(), freezer: nil, memoryLimit: nil)
        }
        return IsolationStatus(
            mode: "process", appPid: appProcess.appPID, freezer: appProcess.freezer.kind,
            memoryLimit: appProcess.memory == nil ? nil : appProcess.configuration.memoryLimit)
    }
}
