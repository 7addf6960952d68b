import DBus
import Foundation
import Synchronization
import TestSupport
import Testing

/// An object that answers `Echo` with its arguments, and fails `Fail`.
private struct Echo: DBusObject {
    func handle(_ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        switch call.member {
        case "Echo": .success(call.arguments())
        default: .failure(.unknownMethod("no \(call.member ?? "")"))
        }
    }
}

@Suite("A libdbus connection on a private session bus", .serialized)
struct DBusConnectionTests {
    private static let values: [DBusValue] = [
        .byte(7), .boolean(true), .int16(-3), .uint16(3), .int32(-70_000), .uint32(70_000), .int64(-1 << 40),
        .uint64(1 << 63), .double(2.5), .string("It's “quoted”\n"), .objectPath("/org/example/Track/1"), .signature("a{sv}"),
        .strings([]), .strings(["a", "b"]),
        .stringVariantDictionary([("xesam:title", .string("IronBacon.mp3")), ("mpris:length", .int64(120_000_000))]),
        .structure([.int32(1), .string("one")]), .variant(.variant(.double(1))),
    ]

    @Test func everyTypeGoesThereAndBackUnchanged() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let server = try DBusConnection(address: bus.address)
        let client = try DBusConnection(address: bus.address)
        server.export(Echo(), at: "/echo")
        try server.requestName("org.example.Echo")
        let call = try DBusMessage.methodCall(
            destination: "org.example.Echo", path: "/echo", interface: "org.example.Echo", member: "Echo", arguments: Self.values)
        let reply = try client.call(call)
        #expect(reply.arguments() == Self.values)
        #expect(reply.signature == Self.values.map(\.signature).joined())
    }

    @Test func errorsComeBackByNameAndUnknownObjectsAreNamed() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let server = try DBusConnection(address: bus.address)
        let client = try DBusConnection(address: bus.address)
        server.export(Echo(), at: "/echo")
        let failing = try DBusMessage.methodCall(destination: server.uniqueName, path: "/echo", interface: "org.example.Echo", member: "Fail")
        #expect(throws: DBusError.unknownMethod("no Fail")) { try client.call(failing) }
        let nowhere = try DBusMessage.methodCall(destination: server.uniqueName, path: "/nowhere", interface: "org.example.Echo", member: "Echo")
        #expect(throws: DBusError.unknownObject("no object at /nowhere")) { try client.call(nowhere) }
    }

    @Test func aNameAnotherConnectionOwnsIsRefused() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let first = try DBusConnection(address: bus.address)
        let second = try DBusConnection(address: bus.address)
        try first.requestName("org.example.Taken")
        #expect(throws: DBusError.self) { try second.requestName("org.example.Taken") }
    }

    @Test func signalsReachTheirHandler() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let listener = try DBusConnection(address: bus.address)
        let sender = try DBusConnection(address: bus.address)
        let heard = Mutex<[DBusValue]>([])
        try listener.onSignal(interface: "org.example.Player", member: "Seeked") { signal in
            heard.withLock { $0 += signal.arguments() }
        }
        sender.send(try DBusMessage.signal(path: "/player", interface: "org.example.Player", member: "Seeked", arguments: [.int64(5)]))
        #expect(await waitUntil { heard.withLock { $0 } == [.int64(5)] })
    }

    @Test func valuesLibdbusWouldAbortOnAreRefusedFirst() {
        #expect(throws: DBusError.invalidArgs(#""not a path" is not a D-Bus object path"#)) {
            try DBusMessage.signal(path: "not a path", interface: "org.example.Player", member: "Seeked")
        }
        #expect(throws: DBusError.invalidArgs(#""/ok/../bad" is not a D-Bus object path"#)) {
            try DBusMessage.signal(path: "/ok", interface: "org.example.Player", member: "Seeked", arguments: [.objectPath("/ok/../bad")])
        }
        #expect(throws: DBusError.invalidArgs("an array of s holds a i")) {
            try DBusMessage.signal(path: "/ok", interface: "org.example.Player", member: "Seeked", arguments: [.array(elementSignature: "s", [.int32(1)])])
        }
        #expect(throws: DBusError.invalidArgs(#""{" is not a D-Bus type signature"#)) {
            try DBusMessage.signal(path: "/ok", interface: "org.example.Player", member: "Seeked", arguments: [.signature("{")])
        }
    }

    @Test func aBusThatIsNotThereIsAnErrorNotACrash() {
        #expect(throws: DBusError.self) { try DBusConnection(address: "unix:path=/nonexistent/bus") }
        #expect(throws: DBusError.self) { try DBusConnection(address: "garbage\0") }
    }
}

/// An object whose handler makes a D-Bus call itself, on the connection's thread.
private struct CallingBack: DBusObject {
    let connection: DBusConnection

    func handle(_ call: DBusMessage) -> Result<[DBusValue], DBusError> {
        do {
            let ping = try DBusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetId")
            return .success(try connection.call(ping).arguments())
        } catch {
            return .failure(error)
        }
    }
}

@Suite("A libdbus connection's own thread")
struct DBusConnectionThreadTests {
    @Test func aCallMadeOnTheConnectionsThreadFailsAtOnceInsteadOfWaitingForItself() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let server = try DBusConnection(address: bus.address)
        let client = try DBusConnection(address: bus.address)
        server.export(CallingBack(connection: server), at: "/calling")
        let started = ContinuousClock.now
        let call = try DBusMessage.methodCall(destination: server.uniqueName, path: "/calling", interface: "org.example.Calling", member: "Call")
        #expect(throws: DBusError.failed(
            "org.freedesktop.DBus.GetId was called on the D-Bus connection's own thread, which must read its reply")) {
            try client.call(call)
        }
        #expect(ContinuousClock.now - started < .seconds(4))
    }
}
