import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Authorization: the app's requests, the permission alerts, and the user's answers (the rules
/// are ``LocationPermission``'s; the alerts' words ``PermissionPrompt``'s).
extension LocationService {
    /// The app's authorization, which the service remembers across launches as iOS does.
    public var authorizationStatus: AuthorizationStatus { state.withLock { $0.permission.status } }

    /// Whether the app gets precise or approximate fixes (always full before iOS 14).
    public var accuracyAuthorization: AccuracyAuthorization { state.withLock { $0.permission.accuracy } }

    /// Manager `id` asks for `always` (else When In Use) authorization; returns what the app may
    /// do now, which the app's other managers hear of if it changed. A missing usage description
    /// makes the request fail — silently on iOS, with a diagnostic here.
    func requestAuthorization(always: Bool, for id: Int) -> LocationAuthorizationState {
        let method = always ? "requestAlwaysAuthorization()" : "requestWhenInUseAuthorization()"
        let missing = UsageDescription.missingKeys(always: always, in: device.infoPlist, iOS: device.profile.iOSVersion)
        if !missing.isEmpty {
            device.report(
                .missingUsageDescription,
                "\(method) failed: \(device.infoPlist.source) lacks \(missing.joined(separator: " and ")), which "
                    + "\(device.profile.name) requires; iOS ignores the request without a word, so no location updates will come")
            return state.withLock { LocationAuthorizationState($0.permission) }
        }
        let (prompt, before, after) = state.withLock { state in
            let before = LocationAuthorizationState(state.permission)
            let prompt = state.permission.request(always: always, ahead: state.answer)
            return (prompt, before, LocationAuthorizationState(state.permission))
        }
        if let prompt { show(prompt) }
        if after != before { tellManagers(after, except: id) }
        return after
    }

    /// The user's answer to the permission alert on screen, or else a change in Settings ▸
    /// Privacy ▸ Location Services: the alert goes away, the status becomes the answer's (as
    /// ``LocationPermission`` says), and every location manager of the running app hears of the
    /// change. `ask` is ``resetAuthorization()``. Throws if the alert on screen has no such answer.
    public func authorize(_ answer: LocationAuthorization) throws(LocationAnswerError) {
        guard answer != .ask else { return resetAuthorization() }
        let result = state.withLock { state -> Result<Int?, LocationAnswerError> in
            do throws(LocationAnswerError) {
                try state.permission.answer(answer)
            } catch {
                return .failure(error)
            }
            defer { state.alert = nil }
            return .success(state.alert)
        }
        if let alert = try result.get() { device.alerts.dismiss(alert) }
        authorizationChanged()
    }

    /// Settings ▸ General ▸ Reset ▸ Reset Location & Privacy: the status is notDetermined again,
    /// and the next request shows the permission alert.
    public func resetAuthorization() {
        let alert = state.withLock { state -> Int? in
            state.permission.reset()
            state.answer = .ask
            defer { state.alert = nil }
            return state.alert
        }
        if let alert { device.alerts.dismiss(alert) }
        authorizationChanged()
    }

    /// The Precise switch (iOS 14 and later): on the permission alert if it is on screen (the
    /// alert is shown again with the switch flipped), else Settings' Precise Location.
    public func setPrecise(_ on: Bool) throws(LocationAnswerError) {
        let result = state.withLock { state -> Result<PermissionPrompt?, LocationAnswerError> in
            do throws(LocationAnswerError) {
                return .success(try state.permission.setPrecise(on) ? state.permission.prompt : nil)
            } catch {
                return .failure(error)
            }
        }
        if let prompt = try result.get() {
            show(prompt)
        } else {
            authorizationChanged()
        }
    }

    /// The app is suspended or ended: "Allow Once" ends.
    func noLongerInUse() {
        guard state.withLock({ $0.permission.noLongerInUse() }) else { return }
        device.console.log("Allow Once ended: the app is no longer in use")
        authorizationChanged()
    }

    /// The app is on screen: the upgrade prompt shows if it is due.
    func cameOnScreen() {
        if let prompt = state.withLock({ $0.permission.cameOnScreen() }) { show(prompt) }
    }

    /// Shows `prompt` in place of the alert on screen.
    private func show(_ prompt: PermissionPrompt) {
        let plist = device.infoPlist
        let id = device.alerts.present(
            title: prompt.title(app: plist.bundleName), message: prompt.message(in: plist), buttons: prompt.alertButtons)
        let replaced = state.withLock { state in
            defer { state.alert = id }
            return state.alert
        }
        if let replaced { device.alerts.dismiss(replaced) }
    }

    /// Says what the app may do now, tells every manager, and retunes the source.
    private func authorizationChanged() {
        let permission = state.withLock { $0.permission }
        let accuracy = permission.iOS >= 14 ? ", \(permission.accuracy)" : ""
        device.console.log("Location authorization: \(permission.status)\(accuracy)")
        tellManagers(LocationAuthorizationState(permission), except: nil)
        reconsider()
    }

    /// Tells every manager but `except` that the app may now do `authorization`; a suspended
    /// app hears of it when it runs again.
    private func tellManagers(_ authorization: LocationAuthorizationState, except: Int?) {
        let told = state.withLock { state in
            state.managers { _ in true }.filter { $0 != except }.filter { state.put(.authorizationChanged(authorization), for: $0) }
        }
        for id in told { send(to: id) }
    }
}
