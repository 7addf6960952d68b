import BackgroundWire

/// The app's Notification Service Extension (iOS 10 and later): a push that shows an alert and
/// carries `mutable-content: 1` goes to the extension first, which has about 30 s to give the
/// content to show (Apple, “Modifying content in newly delivered notifications”).
extension SystemStateMachine {
    /// How long the extension's `didReceive(_:withContentHandler:)` has: “only about 30 seconds”.
    static let serviceExtensionTime = Duration.seconds(30)

    /// Hands `push`, which would show `notification`, to the app's extension if it goes there;
    /// false if it shows as it is. The app is neither launched nor woken for it.
    mutating func handToServiceExtension(_ push: RemotePush, showing notification: LocalNotification) -> Bool {
        guard push.payload.isMutableContent, hasServiceExtension, profile.hasNotificationServiceExtensions else { return false }
        // “If alerts are disabled for your app … the extension is not employed”: the
        // notification is dropped as any other (``presentNotification(_:)``).
        guard !profile.needsNotificationAuthorization || notifications.authorization == .authorized else { return false }
        let number = pushes.nextNumber
        pushes.nextNumber += 1
        var serviced = ServicedPush(push: push, original: notification)
        serviced.deadline = schedule(.serviceExtensionDeadline(number: number), after: Self.serviceExtensionTime)
        pushes.serviced[number] = serviced
        log("Push \(push.id) goes to the app's Notification Service Extension (mutable-content), which has "
            + "\(Self.serviceExtensionTime.secondsText) s to give its content")
        emit(.runServiceExtension(
            number: number, NotificationServiceRequest(identifier: push.id, content: notification, payload: push.payload)))
        return true
    }

    /// The extension of push `number` called its content handler with `content`: it shows,
    /// unless the time was up and the original showed already.
    mutating func serviceExtensionDelivered(_ number: Int, content: LocalNotification, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard let serviced = pushes.serviced.removeValue(forKey: number) else {
            log("The Notification Service Extension's content handler was called again, or too late; it is ignored")
            return finish()
        }
        cancel(serviced.deadline)
        emit(.endServiceExtension(number: number))
        // The push's own collapse identifier stays: the extension changes what shows, not
        // which notification it replaces.
        var shown = content
        shown.collapseID = serviced.original.collapseID
        log("The Notification Service Extension changed push \(serviced.push.id)'s notification: \"\(shown.alertBody)\"")
        _ = presentNotification(shown)
        return finish()
    }

    /// The extension's time for push `number` is up: `serviceExtensionTimeWillExpire()` is its
    /// last chance to call the content handler.
    mutating func serviceExtensionTimeFell(_ number: Int) {
        guard let serviced = pushes.serviced[number] else { return }
        pushes.serviced[number]?.deadline = nil
        log("The Notification Service Extension's \(Self.serviceExtensionTime.secondsText) s for push "
            + "\(serviced.push.id) are up: serviceExtensionTimeWillExpire()")
        emit(.expireServiceExtension(number: number))
    }

    /// The memory the extension may use: 24 MB, Backgrounder's model of what developers
    /// measured (Apple publishes no figure; rule service-extension-memory-limit).
    static let serviceExtensionMemoryLimit = 24 << 20

    /// The extension working on push `id` uses `footprint` bytes, as its own process measures:
    /// over ``serviceExtensionMemoryLimit`` jetsam ends it at once — no
    /// `serviceExtensionTimeWillExpire()` — and the original content shows. Answers whether
    /// the extension was working on push `id`.
    mutating func serviceExtensionUsedMemory(_ footprint: Int, forPush id: String, at moment: Moment) -> (Bool, [SystemEffect]) {
        begin(moment)
        guard let (number, serviced) = pushes.serviced.first(where: { $0.value.push.id == id }) else { return (false, finish()) }
        guard footprint > Self.serviceExtensionMemoryLimit else { return (true, finish()) }
        pushes.serviced[number] = nil
        cancel(serviced.deadline)
        emit(.jetsamServiceExtension(number: number))
        report(
            .serviceExtensionMemoryLimit,
            "the Notification Service Extension used \(footprint >> 20) MB working on push \(id), over its limit of "
                + "\(Self.serviceExtensionMemoryLimit >> 20) MB: jetsam ended it without serviceExtensionTimeWillExpire(), "
                + "and the original content shows; keep images and buffers small in the extension")
        _ = presentNotification(serviced.original)
        return (true, finish())
    }

    /// The extension of push `number` ended, for the reason `why`, without giving its content:
    /// the original content shows at once (Backgrounder's model: Apple says the original shows
    /// when the extension does not call its handler in time, and says nothing of a crash).
    mutating func serviceExtensionFailed(_ number: Int, why: String, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard let serviced = pushes.serviced.removeValue(forKey: number) else { return finish() }
        cancel(serviced.deadline)
        emit(.endServiceExtension(number: number))
        log("The Notification Service Extension ended working on push \(serviced.push.id) (\(why)); the original content shows")
        _ = presentNotification(serviced.original)
        return finish()
    }

    /// `serviceExtensionTimeWillExpire()` of push `number`'s extension returned: without a call
    /// of the content handler by now, the original content shows.
    mutating func serviceExtensionExpiryReturned(_ number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard let serviced = pushes.serviced.removeValue(forKey: number) else { return finish() }
        emit(.endServiceExtension(number: number))
        report(
            .serviceExtensionTimeout,
            "the Notification Service Extension did not call its content handler for push \(serviced.push.id) within "
                + "\(Self.serviceExtensionTime.secondsText) s, nor in serviceExtensionTimeWillExpire(); the original "
                + "content shows")
        _ = presentNotification(serviced.original)
        return finish()
    }
}
