/// A device held weakly, by what must never keep the system alive (the app's side of the link).
struct WeakDevice {
    weak var device: Device?
}
