import BackgroundWire
import CProcessControl
import Glibc

/// A few counters in memory that the system's process and the app's own process share, so that
/// the app can count what it does and the system read it with nothing crossing the link: a
/// sealed memfd, mapped in both, whose descriptor goes to the app with a service's message
/// (`PassedDescriptor`). Every read and addition is atomic.
///
/// `@unchecked Sendable`: its one mutable state is the shared mapping, which is only read and
/// written through atomic loads and additions.
public final class SharedCounters: @unchecked Sendable {
    /// How many counters there are.
    public let count: Int
    private let descriptor: Int32
    private let counters: UnsafeMutablePointer<UInt64>

    /// `count` new counters, all 0; nil when the kernel gives no memory to share.
    public convenience init?(count: Int) {
        let descriptor = backgrounder_counters_create(Int32(count))
        guard descriptor >= 0 else { return nil }
        self.init(mapping: descriptor, count: count)
    }

    /// The `count` counters of `descriptor`, which came from the other process and which this
    /// takes (and closes); nil, having closed it, when it is not a sealed page of that many.
    public init?(mapping descriptor: Int32, count: Int) {
        guard let counters = backgrounder_counters_map(descriptor, Int32(count)) else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.count = count
        self.counters = counters
    }

    deinit {
        backgrounder_counters_unmap(counters, Int32(count))
        close(descriptor)
    }

    /// Adds `amount` to counter `index`.
    public func add(_ amount: Int, to index: Int) {
        precondition(index >= 0 && index < count, "counter \(index) of \(count)")
        backgrounder_counter_add(counters + index, UInt64(amount))
    }

    /// Counter `index`'s value now (an app that wrote nonsense there reads as at most `Int.max`).
    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < count, "counter \(index) of \(count)")
        return Int(clamping: backgrounder_counter_load(counters + index))
    }

    /// A descriptor of the counters to hand to the other process, which then owns it; nil when
    /// the kernel gives none.
    public func passable() -> PassedDescriptor? {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? PassedDescriptor(copy) : nil
    }
}
