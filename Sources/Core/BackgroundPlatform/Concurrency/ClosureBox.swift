/// A closure to keep in a `Mutex` and read again and again: store it boxed, never bare.
///
/// Swift passes a `Mutex`'s value to `withLock` as a generic `inout`; a bare function value
/// read there (`withLock { $0 }`) is wrapped in a pair of reabstraction thunks and the wrapped
/// copy is written back over the stored one, so each read leaves it two calls deeper — its
/// cost and memory grow with every read, until a call overflows the stack
/// (swiftlang/swift#91348, in Swift 6.3 at -O as at -Onone). A struct is not reabstracted.
package struct ClosureBox<Argument>: Sendable {
    private let body: @Sendable (Argument) -> Void

    package init(_ body: @escaping @Sendable (Argument) -> Void) {
        self.body = body
    }

    package func callAsFunction(_ argument: Argument) {
        body(argument)
    }
}

extension ClosureBox where Argument == Void {
    package func callAsFunction() {
        body(())
    }
}
