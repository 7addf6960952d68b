import ArgumentParser

/// The value of an optional listener's port flag (`--content-port`, `--push-port`): a port on
/// 127.0.0.1, `0` for no listener, or `auto` for a free port the kernel picks (the console line
/// that says where it listens names the port).
public enum ListenerPort: Equatable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    /// A port number as given; `0` starts no listener. ``validate(flag:)`` checks the range.
    case number(Int)
    /// Any free port.
    case auto

    public init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let number = Int(argument) {
            self = .number(number)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .auto: "auto"
        }
    }

    /// The port to bind: nil for no listener, 0 for a free one.
    public var bindPort: Int? {
        switch self {
        case .number(0): nil
        case .number(let number): number
        case .auto: 0
        }
    }

    /// Refuses a number that is no TCP port, naming `flag`.
    public func validate(flag: String) throws {
        if case .number(let number) = self, !(0...65_535).contains(number) {
            throw ValidationError("\(flag) \(number): not a TCP port (1 to 65535, 0 for none, or auto for a free one)")
        }
    }
}
