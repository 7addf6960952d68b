import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// The location permission alert as iOS shows it in one era: its title, the app's usage
/// description under it, and its buttons, each given by a `location` command.
///
/// | era | request | buttons |
/// | --- | --- | --- |
/// | iOS 4–7 | starting updates | Don’t Allow · OK |
/// | iOS 8–10 | Always, or When In Use | Don’t Allow · Allow |
/// | iOS 11–12 | Always | Only While Using the App · Always Allow · Don’t Allow |
/// | iOS 11–12 | When In Use | Don’t Allow · Allow |
/// | iOS 13 and later | either | Allow Once · Allow While Using App · Don’t Allow |
/// | iOS 13 and later | the upgrade of provisional Always | Keep Only While Using · Change to Always Allow |
///
/// From iOS 14 the first request also has the Precise switch (``precise``); here it is a
/// button whose command flips it (`location precise off`), and the alert is shown again.
public struct PermissionPrompt: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The app's first request: `requestAlwaysAuthorization()` (`always`) or
        /// `requestWhenInUseAuthorization()`.
        case request(always: Bool)
        /// iOS 13 and later: may an app that has When In Use (or provisional Always) have
        /// Always?
        case upgrade
    }

    /// One button: an answer, or the Precise switch set to a new value.
    public enum Choice: Sendable, Equatable {
        case answer(LocationAuthorization)
        case precise(Bool)
    }

    public let kind: Kind
    /// The iOS major version whose alert this is.
    public let iOS: Int
    /// The Precise switch (iOS 14 and later; on until the user turns it off).
    public var precise = true

    public init(_ kind: Kind, iOS: Int) {
        self.kind = kind
        self.iOS = iOS
    }

    /// Whether the alert has the Precise switch.
    public var hasPreciseSwitch: Bool { kind != .upgrade && iOS >= 14 }

    /// The title, with the app's name.
    public func title(app: String) -> String {
        switch kind {
        case .request where iOS < 8: "“\(app)” Would Like to Use Your Current Location"
        case .request(always: true) where iOS <= 10:
            "Allow “\(app)” to access your location even when you are not using the app?"
        case .request(always: true) where iOS <= 12: "Allow “\(app)” to access your location?"
        case .request where iOS <= 12: "Allow “\(app)” to access your location while you use the app?"
        case .request: "Allow “\(app)” to use your location?"
        case .upgrade: "Allow “\(app)” to also use your location even when you are not using the app?"
        }
    }

    /// The usage description shown under the title, from the key the era reads.
    public func message(in plist: InfoPlist) -> String? {
        switch kind {
        case .request where iOS < 8: nil
        case .request(always: true) where iOS <= 10: plist.locationAlwaysUsageDescription
        case .request(always: true) where iOS <= 12, .upgrade: plist.locationAlwaysAndWhenInUseUsageDescription
        case .request: plist.locationWhenInUseUsageDescription
        }
    }

    /// The buttons in the order iOS shows them.
    public var buttons: [(title: String, choice: Choice)] {
        let dontAllow = ("Don’t Allow", Choice.answer(.denied))
        switch kind {
        case .request where iOS < 8:
            return [dontAllow, ("OK", .answer(.always))]
        case .request(always: true) where (11...12).contains(iOS):
            return [("Only While Using the App", .answer(.whenInUse)), ("Always Allow", .answer(.always)), dontAllow]
        case .request(always: let always) where iOS <= 12:
            return [dontAllow, ("Allow", .answer(always ? .always : .whenInUse))]
        case .request:
            let answers: [(String, Choice)] = [
                ("Allow Once", .answer(.once)), ("Allow While Using App", .answer(.whenInUse)), dontAllow,
            ]
            return hasPreciseSwitch ? [(precise ? "Precise: On" : "Precise: Off", .precise(!precise))] + answers : answers
        case .upgrade:
            return [("Keep Only While Using", .answer(.whenInUse)), ("Change to Always Allow", .answer(.always))]
        }
    }

    /// The answers the buttons give.
    public var answers: [LocationAuthorization] {
        buttons.compactMap { button in
            if case .answer(let answer) = button.choice { answer } else { nil }
        }
    }

    /// The button that gives `answer`, if there is one.
    public func title(of answer: LocationAuthorization) -> String? {
        buttons.first { $0.choice == .answer(answer) }?.title
    }

    /// The alert's buttons, each with the command line that presses it.
    public var alertButtons: [SystemAlertButton] {
        buttons.map { button in
            switch button.choice {
            case .answer(let answer): SystemAlertButton(title: button.title, command: "location authorize \(answer.rawValue)")
            case .precise(let on): SystemAlertButton(title: button.title, command: "location precise \(on ? "on" : "off")")
            }
        }
    }
}
