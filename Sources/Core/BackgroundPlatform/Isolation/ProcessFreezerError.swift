import BackgroundWire

/// Why the app's process could not be frozen by the kernel.
package struct ProcessFreezerError: Error, CustomStringConvertible {
    package let description: String
}
