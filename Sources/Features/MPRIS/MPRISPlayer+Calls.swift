import BackgroundRuntime
import DBus

/// The method calls an MPRIS client makes: the player's commands, the properties, and
/// introspection. Every malformed call gets a D-Bus error that says what was expected.
extension MPRISPlayer: DBusObject {
    public func handle(_ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        let member = call.member ?? ""
        switch call.interface {
        case MPRISInterface.player?: return playerCall(member, call)
        case MPRISInterface.root?: return rootCall(member, call)
        case MPRISInterface.properties?: return propertiesCall(member, call)
        case MPRISInterface.introspectable? where member == "Introspect":
            return expect("", call).map { [.string(MPRISInterface.introspection)] }
        case nil:
            return .failure(.unknownInterface("call \(member) with its interface, e.g. \(MPRISInterface.player).\(member)"))
        case let interface?:
            return .failure(.unknownMethod("\(MPRISInterface.objectPath) has no method \(interface).\(member)"))
        }
    }

    // MARK: org.mpris.MediaPlayer2.Player

    private func playerCall(_ member: String, _ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        let snapshot = device.nowPlaying
        let command: RemoteCommand
        switch member {
        case "Play": command = .play
        case "Pause": command = .pause
        case "PlayPause":
            command = snapshot.commands.contains(.togglePlayPause) ? .togglePlayPause : (snapshot.isPlaying ? .pause : .play)
        case "Stop": command = snapshot.commands.contains(.stop) ? .stop : .pause
        case "Next": command = .nextTrack
        case "Previous": command = .previousTrack
        case "Seek":
            guard case .int64(let offset)? = call.arguments().first, call.signature == "x" else {
                return .failure(.invalidArgs("Seek takes (x): an offset in microseconds, not (\(call.signature))"))
            }
            let position = snapshot.position(at: device.now) + .microseconds(offset)
            command = .changePlaybackPosition(max(position, .zero))
        case "SetPosition":
            let arguments = call.arguments()
            guard call.signature == "ox", case .objectPath(let track) = arguments[0], case .int64(let position) = arguments[1] else {
                return .failure(.invalidArgs("SetPosition takes (ox): a track id and a position in microseconds, not (\(call.signature))"))
            }
            // The specification: a position outside the track, or another track's id, does nothing.
            guard track == properties(of: snapshot).trackID, position >= 0,
                position <= snapshot.info?.duration.map(MPRISProperties.microseconds) ?? .max
            else { return .success([]) }
            command = .changePlaybackPosition(.microseconds(position))
        case "OpenUri":
            return .failure(.notSupported("\(identity) plays its own queue; it opens no URI"))
        default:
            return .failure(.unknownMethod("\(MPRISInterface.player) has no method \(member)"))
        }
        if !["Seek", "SetPosition"].contains(member), case .failure(let error) = expect("", call) { return .failure(error) }
        switch device.sendRemoteCommand(command, from: "MPRIS") {
        case .delivered: return .success([])
        case .refused(let reason): return .failure(.failed(reason))
        }
    }

    // MARK: org.mpris.MediaPlayer2

    private func rootCall(_ member: String, _ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        switch member {
        case "Raise":
            return expect("", call).map {
                device.openApp()
                return []
            }
        case "Quit":
            // CanQuit is false: the specification says Quit then does nothing.
            return expect("", call).map { [] }
        default:
            return .failure(.unknownMethod("\(MPRISInterface.root) has no method \(member)"))
        }
    }

    // MARK: org.freedesktop.DBus.Properties

    private func propertiesCall(_ member: String, _ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        let arguments = call.arguments()
        let properties = properties(of: device.nowPlaying)
        switch member {
        case "Get":
            guard call.signature == "ss", case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                return .failure(.invalidArgs("Get takes (ss): an interface and a property name, not (\(call.signature))"))
            }
            return property(name, of: interface, in: properties).map { [.variant($0)] }
        case "GetAll":
            guard call.signature == "s", case .string(let interface) = arguments[0] else {
                return .failure(.invalidArgs("GetAll takes (s): an interface name, not (\(call.signature))"))
            }
            guard let all = properties.all(of: interface) else {
                return .failure(.unknownInterface("\(MPRISInterface.objectPath) has no interface \(interface.debugDescription)"))
            }
            return .success([.stringVariantDictionary(all)])
        case "Set":
            guard call.signature == "ssv", case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                return .failure(.invalidArgs("Set takes (ssv): an interface, a property name and a value, not (\(call.signature))"))
            }
            return setProperty(name, of: interface, to: arguments[2].unwrappingVariant, in: properties)
        default:
            return .failure(.unknownMethod("\(MPRISInterface.properties) has no method \(member)"))
        }
    }

    private func property(_ name: String, of interface: String, in properties: MPRISProperties) -> Result<DBusValue, DBusError> {
        guard let all = properties.all(of: interface) else {
            return .failure(.unknownInterface("\(MPRISInterface.objectPath) has no interface \(interface.debugDescription)"))
        }
        guard let value = all.first(where: { $0.0 == name })?.1 else {
            return .failure(.unknownProperty("\(interface) has no property \(name.debugDescription)"))
        }
        return .success(value)
    }

    /// `Rate` and `Volume` are writable in MPRIS; here both stay at 1: the rate takes 1 only,
    /// and the volume is the device's, not the app's.
    private func setProperty(
        _ name: String, of interface: String, to value: DBusValue, in properties: MPRISProperties
    ) -> Result<[DBusValue], DBusError> {
        switch property(name, of: interface, in: properties) {
        case .failure(let error):
            return .failure(error)
        case .success(let current):
            guard current.signature == value.signature else {
                return .failure(.invalidArgs("\(name) is a \(current.signature), not a \(value.signature)"))
            }
            if interface == MPRISInterface.player, name == "Rate" {
                return value == .double(1) ? .success([]) : .failure(.notSupported("\(identity) plays at rate 1 only"))
            }
            if interface == MPRISInterface.player, name == "Volume" {
                return .failure(.notSupported("the volume is the device's; \(identity) has none of its own"))
            }
            return .failure(.propertyReadOnly("\(interface).\(name) is read-only"))
        }
    }

    /// Succeeds if `call`'s arguments have `signature`.
    private func expect(_ signature: String, _ call: DBusMessage) -> Result<Void, DBusError> {
        call.signature == signature
            ? .success(())
            : .failure(.invalidArgs("\(call.member ?? "the method") takes (\(signature)), not (\(call.signature))"))
    }
}
