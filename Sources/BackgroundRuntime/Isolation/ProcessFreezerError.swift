/// Why the app's process could not be frozen by the kernel.
struct ProcessFreezerError: Error, CustomStringConvertible {
    let description: String
}
