import BackgroundWire

/// A device held weakly, by what must never keep the system alive (the app's side of the link).
package struct WeakDevice {
    package weak var device: Device?

    package init(device: Device? = nil) {
        self.device = device
    }
}
