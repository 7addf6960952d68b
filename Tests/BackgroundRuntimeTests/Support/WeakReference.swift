/// Tells, from the test's thread, whether an app object has been freed.
struct WeakReference: Sendable {
    private weak var object: (AnyObject & Sendable)?

    init(_ object: AnyObject & Sendable) {
        self.object = object
    }

    var isGone: Bool { object == nil }
}
