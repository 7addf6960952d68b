
/// The service's answer to a call of the ``Library`` that the library may refuse.
package enum LibraryAnswer<Value: Codable & Sendable>: Codable, Sendable {
    case done(Value)
    case refused(LibraryError)
}
