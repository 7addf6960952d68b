import Location

extension CLLocationUpdate {
    /// The sequence ``CLLocationUpdate/liveUpdates()`` returns: the runtime's updates, each as
    /// a ``CLLocationUpdate``. Its loop is written `for try await`, as Apple's is; it ends after
    /// an update that says why no fix can come, and never throws.
    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate

        let updates: AsyncStream<LocationUpdate>

        public func makeAsyncIterator() -> Iterator {
            Iterator(base: updates.makeAsyncIterator())
        }

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<LocationUpdate>.Iterator

            public mutating func next() async throws -> CLLocationUpdate? {
                await base.next().map(CLLocationUpdate.init)
            }
        }
    }
}
