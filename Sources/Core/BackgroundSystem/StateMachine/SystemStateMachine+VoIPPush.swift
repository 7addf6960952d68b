import BackgroundWire
import Foundation

/// VoIP pushes (PushKit, iOS 8 and later) and CallKit's rule (iOS 13 and later): a VoIP push
/// wakes or launches the app into its PushKit handler; from iOS 13 the app must report a call
/// before the handler completes, or it is terminated, and after repeated failures the system
/// stops delivering VoIP pushes to it (Apple, `PKPushType.voIP` and
/// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`).
extension SystemStateMachine {
    /// VoIP pushes handled without a call after which the system stops delivering them:
    /// Backgrounder's model of Apple's “repeatedly”.
    static let voipFailuresBeforeStop = 3

    /// The completion of VoIP push `number` was called.
    mutating func completeVoIPPush(_ number: Int, ofLaunch launchNumber: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber, let inFlight = pushes.inFlight[number], inFlight.isVoIP else { return finish() }
        pushes.inFlight[number] = nil
        cancel(inFlight.deadline)
        finishVoIPPush(inFlight)
        return finish()
    }

    /// The app's `reportNewIncomingCall`: the incoming-call screen rings, and the VoIP pushes
    /// being handled have their call.
    mutating func reportIncomingCall(_ call: IncomingCall, ofLaunch launchNumber: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        for number in pushes.inFlight.keys where pushes.inFlight[number]?.isVoIP == true {
            pushes.inFlight[number]?.reportedCall = true
        }
        pushes.incomingCall = call
        markChanged()
        log("CallKit: incoming call from \(call.caller) (\(call.uuid)); the incoming-call screen rings")
        return finish()
    }

    /// The user answers the incoming-call screen: Accept opens the app, which is told; Decline
    /// ends the call. Returns the call, or nil when none rings.
    mutating func answerCall(accept: Bool, at moment: Moment) -> (IncomingCall?, [SystemEffect]) {
        begin(moment)
        guard var call = pushes.incomingCall, !call.isAccepted else { return (nil, finish()) }
        if accept {
            call.isAccepted = true
            pushes.incomingCall = call
            log("CallKit: the user accepted the call from \(call.caller)")
            openApp()
        } else {
            pushes.incomingCall = nil
            log("CallKit: the user declined the call from \(call.caller)")
        }
        markChanged()
        deliver(.callAnswered(call, accepted: accept))
        return (call, finish())
    }

    /// The app ends the call (`CXEndCallAction`), or the user hangs up.
    mutating func endCall(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let call = pushes.incomingCall {
            pushes.incomingCall = nil
            markChanged()
            log("CallKit: the call from \(call.caller) ended")
        }
        return finish()
    }

    // MARK: The rules

    /// A VoIP push: PushKit must exist, the Info.plist must declare voip, and the system must
    /// not have stopped VoIP pushes; then it wakes or launches the app, even one the user
    /// swiped away.
    mutating func deliverVoIPPush(_ push: RemotePush) {
        guard profile.hasPushKit else {
            log("VoIP push \(push.id) not delivered: \(profile.absence(of: .pushKit))")
            return
        }
        guard infoPlist.declares(.voip) else {
            report(
                .missingBackgroundMode,
                "VoIP push \(push.id) was not delivered: UIBackgroundModes of \(infoPlist.source) lacks voip")
            return
        }
        guard !pushes.voipStopped else {
            log(
                "VoIP push \(push.id) not delivered: the system stopped delivering VoIP pushes to "
                    + "\(infoPlist.bundleIdentifier) after \(pushes.voipFailures) pushes without a call reported to CallKit")
            return
        }
        wakeOrLaunch(for: push, reason: .voip)
    }

    /// A VoIP push's handler completed, or its time ran out: from iOS 13 an app that reported
    /// no call is terminated, and after repeated failures VoIP pushes stop.
    mutating func finishVoIPPush(_ inFlight: InFlightPush) {
        guard profile.voipPushesNeedCallKit, !inFlight.reportedCall else {
            log("VoIP push \(inFlight.number) handled after \(String(format: "%.1f", (now - inFlight.start).seconds)) s")
            dropActivity(inFlight.activity)
            suspendIfIdle()
            return
        }
        pushes.voipFailures += 1
        markChanged()
        report(
            .voipPushWithoutCall,
            "Killing app because it never posted an incoming call to the system after receiving a PushKit VoIP push "
                + "(push \(inFlight.number)); from iOS 13 call reportNewIncomingCall before the handler completes")
        if pushes.voipFailures >= Self.voipFailuresBeforeStop {
            pushes.voipStopped = true
            log(
                "The system stops delivering VoIP pushes to \(infoPlist.bundleIdentifier): \(pushes.voipFailures) VoIP "
                    + "pushes came without a call reported to CallKit")
        }
        let cause = TerminationCause.system(reason: "it never posted an incoming call after a PushKit VoIP push")
        log(cause.consoleMessage)
        kill(cause: cause, exit: .abnormal)
    }
}
