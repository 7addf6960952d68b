import BackgroundRuntime

/// Presenting a controller over another, as background code shows an alert: the presented
/// controller is kept, and an alert's words go to the device's console.
extension UIViewController {
    /// Presents `controller` over this one and calls `completion`; an alert
    /// (``UIAlertController``) shows on the device's console. One already presented stays, and
    /// `controller` is not presented, as UIKit refuses a second presentation (its console says so).
    public func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let logger = Application.current?.logger
        guard presentedViewController == nil else {
            logger?.info("Attempt to present \(type(of: controller)) on \(type(of: self)) which is already presenting \(type(of: presentedViewController!))")
            return
        }
        presentedViewController = controller
        controller.presentingViewController = self
        if let alert = controller as? UIAlertController { logger?.info("\(alert.consoleLine)") }
        ScreenPublisher.screenChanged()
        completion?()
    }

    /// Dismisses the controller this one presents, or, if it presents none, this one from the
    /// controller that presented it; then calls `completion`.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
        } else if let presenting = presentingViewController {
            presenting.presentedViewController = nil
            presentingViewController = nil
        }
        ScreenPublisher.screenChanged()
        completion?()
    }
}
