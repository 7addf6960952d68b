import BackgroundRuntime
import Foundation

extension CommandTable {
    /// Pushes as APNs delivers them to the device (as `xcrun simctl push` hands them to the
    /// Simulator), and the incoming-call screen.
    public static var push: [Command<Host>] {
        [
            Command(
                "push", arguments: "FILE", arity: 1...1,
                help: "Deliver the push in FILE, a JSON file as `xcrun simctl push` takes (with or without \"Simulator Target Bundle\"): only content-available makes a background push, anything else an alert push."
            ) { host, arguments throws(CommandError) in
                let file: SimulatorPushFile
                do throws(SimulatorPushFileError) {
                    file = try SimulatorPushFile(contentsOf: URL(fileURLWithPath: arguments[0]))
                } catch {
                    throw arguments.failure(error.description)
                }
                try deliver(file, type: nil, to: host, arguments)
                return .done
            },
            Command(
                "push json", arguments: "JSON", arity: 1...1,
                help: "Deliver a push whose payload is JSON, as a push file holds it, e.g. '{\"aps\":{\"content-available\":1}}'."
            ) { host, arguments throws(CommandError) in
                try deliver(try file(arguments[0], arguments), type: nil, to: host, arguments)
                return .done
            },
            Command(
                "push voip", arguments: "[JSON]", arity: 0...1,
                help: "Deliver a PushKit VoIP push (payload default {\"caller\":\"Ray\"}; add \"reportCall\":false and the app reports no call, which iOS 13 punishes)."
            ) { host, arguments throws(CommandError) in
                let json = arguments.count == 1 ? arguments[0] : #"{"caller":"Ray"}"#
                try deliver(try file(json, arguments), type: .voip, to: host, arguments)
                return .done
            },
            Command(
                "push newsstand-throttle", arguments: "on|off", arity: 1...1,
                help: "Newsstand's once-a-day limit on content pushes: off sets the development override NKDontThrottleNewsstandContentNotifications."
            ) { host, arguments throws(CommandError) in
                host.device.push.setNewsstandThrottleOverride(try arguments.value(0, as: OnOff.self) == .off)
                return .done
            },
            Command(
                "push extension-memory", arguments: "ID FOOTPRINT_MB", arity: 2...2,
                help: "The app's Notification Service Extension, working on push ID, uses FOOTPRINT_MB: over its limit "
                    + "(24 MB, Backgrounder's model of developers' measurements) jetsam ends it at once, without "
                    + "serviceExtensionTimeWillExpire(), and the push shows with its original content."
            ) { host, arguments throws(CommandError) in
                let footprint = try arguments.value(1, as: Footprint.self)
                guard host.device.push.serviceExtensionUsedMemory(footprint.bytes, forPush: arguments[0]) else {
                    throw arguments.failure("no Notification Service Extension is working on push \(arguments[0])")
                }
                return .done
            },
            Command("call accept", help: "Accept the call on the incoming-call screen: the app opens.") { host, arguments throws(CommandError) in
                guard host.device.push.answerCall(accept: true) != nil else { throw arguments.failure("no call is ringing") }
                return .done
            },
            Command("call decline", help: "Decline the call on the incoming-call screen.") { host, arguments throws(CommandError) in
                guard host.device.push.answerCall(accept: false) != nil else { throw arguments.failure("no call is ringing") }
                return .done
            },
            Command("call end", help: "Hang up the call in progress.") { host, _ in
                host.device.push.endCall()
                return .done
            },
        ]
    }

    private static func file(_ json: String, _ arguments: CommandArguments) throws(CommandError) -> SimulatorPushFile {
        do {
            return try SimulatorPushFile(data: Data(json.utf8))
        } catch {
            // Double quotes outside single ones are the command line's, not the JSON's.
            throw arguments.failure("\(error) (put the JSON in single quotes: \(arguments.command) '{\"aps\":{…}}')")
        }
    }

    private static func deliver(
        _ file: SimulatorPushFile, type: PushType?, to host: Host, _ arguments: CommandArguments
    ) throws(CommandError) {
        let bundle = host.device.infoPlist.bundleIdentifier
        if let target = file.bundleIdentifier, target != bundle {
            throw arguments.failure("the push is for \(target), and the app is \(bundle)")
        }
        host.device.push.receive(file.push(to: bundle, type: type))
    }
}
