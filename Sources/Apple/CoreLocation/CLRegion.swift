import Location

/// A region the app monitors (`CLRegion`): on Backgrounder every region is a
/// ``CLCircularRegion``, as on iOS every geographic one is; the base class has no initializer of
/// its own (Apple's is deprecated). It holds the runtime's ``CircularRegion``.
open class CLRegion: NSObject {
    /// The runtime's region; ``notifyOnEntry`` and ``notifyOnExit`` change it.
    var region: CircularRegion

    init(_ region: CircularRegion) {
        self.region = region
    }

    /// The name the app gives the region; a region with the same identifier replaces it.
    public var identifier: String { region.identifier }

    /// Whether entering the region is reported (true by default).
    public var notifyOnEntry: Bool {
        get { region.notifyOnEntry }
        set { region.notifyOnEntry = newValue }
    }

    /// Whether leaving the region is reported (true by default).
    public var notifyOnExit: Bool {
        get { region.notifyOnExit }
        set { region.notifyOnExit = newValue }
    }
}
