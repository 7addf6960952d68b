import LocationWire

/// What the user allowed the app, and the permission alert waiting for an answer: Core
/// Location's authorization rules, era by era, as a value that shows nothing and reads no
/// clock. ``LocationService`` keeps one per device, as iOS remembers the answer across
/// launches, and shows and removes the alerts it asks for.
///
/// - A request while the status is notDetermined shows the era's ``PermissionPrompt`` (or takes
///   the answer chosen ahead, which is final: no provisional Always, no upgrade prompt).
/// - iOS 13 and later (Apple, `requestAlwaysAuthorization()`; WWDC 2019 "What's New in Core
///   Location"): "Allow While Using App" to an Always request is *provisional Always*, reported
///   as authorizedAlways until the upgrade prompt is answered; "Allow Once" is When In Use until
///   the app is no longer in use, then notDetermined again, and Always requests are ignored
///   meanwhile; an Always request from lasting When In Use shows the upgrade prompt at once.
///   The upgrade prompt shows once.
/// - iOS 14 and later (WWDC 2020 "What's new in location"): the first prompt's Precise switch
///   sets ``accuracy``; the user may change it later in Settings.
public struct LocationPermission: Sendable, Equatable {
    /// How long an authorization lasts (iOS 13 and later).
    public enum Grant: Sendable, Equatable {
        case lasting
        /// "Allow While Using App" to an Always request.
        case provisionalAlways
        /// "Allow Once".
        case temporary
    }

    /// The iOS major version whose rules apply.
    public let iOS: Int
    public private(set) var status = AuthorizationStatus.notDetermined
    public private(set) var accuracy = AccuracyAuthorization.fullAccuracy
    public private(set) var grant = Grant.lasting
    /// The permission alert waiting for the user.
    public private(set) var prompt: PermissionPrompt?
    /// Provisional Always was used in the background: the upgrade prompt is due when the app is
    /// next on screen.
    public private(set) var upgradeDue = false
    private var upgradeAsked = false

    public init(iOS: Int) {
        self.iOS = iOS
    }

    /// The app asks for Always (`always`) or When In Use; `ahead` is the user's answer chosen
    /// ahead, or `ask`. Returns the prompt to show, if the request shows one.
    public mutating func request(always: Bool, ahead: LocationAuthorization) -> PermissionPrompt? {
        guard prompt == nil else { return nil }
        if status == .notDetermined {
            guard ahead == .ask else {
                take(ahead, always: always)
                return nil
            }
            prompt = PermissionPrompt(.request(always: always), iOS: iOS)
            return prompt
        }
        guard always, iOS >= 13, ahead == .ask, status == .authorizedWhenInUse, grant == .lasting, !upgradeAsked else {
            return nil
        }
        return askUpgrade()
    }

    /// The user's answer: to the alert on screen, or else a change in Settings ▸ Privacy ▸
    /// Location Services. `ask` is Reset Location & Privacy: notDetermined again, and the next
    /// request shows the first prompt.
    public mutating func answer(_ answer: LocationAuthorization) throws(LocationAnswerError) {
        guard answer != .ask else { return reset() }
        guard let prompt else {
            guard answer != .once else { throw .noAlert(.once) }
            take(answer, always: true)
            return
        }
        guard prompt.answers.contains(answer) else { throw .notOnAlert(answer, offered: prompt.buttons.map(\.title)) }
        self.prompt = nil
        switch (prompt.kind, answer) {
        case (.request(always: true), .whenInUse) where iOS >= 13:
            set(.authorizedAlways, .provisionalAlways)
        case (.upgrade, _), (.request, _):
            take(answer, always: true)
        }
        if prompt.hasPreciseSwitch, status.isAuthorized { accuracy = prompt.precise ? .fullAccuracy : .reducedAccuracy }
    }

    /// Reset Location & Privacy: as if the app had never asked.
    public mutating func reset() {
        self = LocationPermission(iOS: iOS)
    }

    /// The Precise switch: on the first prompt if it is on screen (returns true: show it again),
    /// else Settings' Precise Location.
    public mutating func setPrecise(_ on: Bool) throws(LocationAnswerError) -> Bool {
        guard iOS >= 14 else { throw .noPreciseSwitch(iOS: iOS) }
        if var prompt, prompt.hasPreciseSwitch {
            prompt.precise = on
            self.prompt = prompt
            return true
        }
        accuracy = on ? .fullAccuracy : .reducedAccuracy
        return false
    }

    /// A fix was delivered to the app in the background: with provisional Always, the system
    /// will ask whether the app may keep it (Backgrounder's model of "an event that requires
    /// Always authorization").
    public mutating func usedInBackground() {
        if grant == .provisionalAlways, !upgradeAsked { upgradeDue = true }
    }

    /// The app is on screen: the upgrade prompt that is due, if any.
    public mutating func cameOnScreen() -> PermissionPrompt? {
        guard upgradeDue, prompt == nil else { return nil }
        return askUpgrade()
    }

    /// The app is no longer in use (suspended or ended): "Allow Once" ends. Returns true if the
    /// status changed.
    public mutating func noLongerInUse() -> Bool {
        guard grant == .temporary else { return false }
        set(.notDetermined, .lasting)
        return true
    }

    private mutating func askUpgrade() -> PermissionPrompt {
        upgradeDue = false
        upgradeAsked = true
        let upgrade = PermissionPrompt(.upgrade, iOS: iOS)
        prompt = upgrade
        return upgrade
    }

    /// Takes `answer` as final; a When In Use request cannot give Always.
    private mutating func take(_ answer: LocationAuthorization, always: Bool) {
        switch answer {
        case .always: set(always ? .authorizedAlways : .authorizedWhenInUse, .lasting)
        case .whenInUse: set(.authorizedWhenInUse, .lasting)
        case .once: set(.authorizedWhenInUse, iOS >= 13 ? .temporary : .lasting)
        case .denied: set(.denied, .lasting)
        case .ask: break
        }
    }

    private mutating func set(_ status: AuthorizationStatus, _ grant: Grant) {
        self.status = status
        self.grant = grant
    }
}
