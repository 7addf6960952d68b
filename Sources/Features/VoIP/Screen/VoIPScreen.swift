import BackgroundApp
import BackgroundWire
import Foundation
import VoIPWire

/// The VoIP tab (the tutorial's `TBFifthViewController`): Address and Port fields, a Connect
/// button, and the log of what the connection did.
///
/// Its protocol is the tutorial's: once the connection can be written, it sends `ping`; it
/// answers `ping` with `pong`; on `notify` it presents the local notification "New VOIP call"
/// with the action "Answer". Every event is added to the log, and logged on the console while
/// the app is not active (`App is backgrounded. New event: Received: ping`). Its keep-alive
/// handler pings the server every 600 seconds while the app is in the background.
@AppMain
public final class VoIPScreen {
    /// The tutorial's keep-alive interval, the minimum iOS allows.
    public static let keepAliveInterval = Duration.seconds(600)

    /// The Address field.
    public var address = "127.0.0.1"
    /// The Port field.
    public var port = "10000"
    /// The received-data text view.
    public private(set) var log = CommunicationLog()

    private let application: Application
    private let socket: VoIPSocket
    private var sentPing = false

    /// Makes the screen, whose socket the system's ``VoIPService`` keeps; a launch into the
    /// background for VoIP connects again to the endpoint the app used last.
    public init(application: Application) {
        self.application = application
        socket = VoIPSocket(application: application)
        publish()
        if application.launchReason == .voip, let endpoint = socket.savedEndpoint {
            connect(to: endpoint)
        }
    }

    /// The Connect button: connects to the Address and Port fields.
    ///
    /// - Throws: ``VoIPEndpointError`` when the fields are not an endpoint.
    public func didTapConnect() throws(VoIPEndpointError) {
        connect(to: try VoIPEndpoint(host: address, port: port))
    }

    /// Fills the fields with `endpoint` and connects, replacing any connection, with the
    /// socket marked as a VoIP service and the keep-alive handler set.
    public func connect(to endpoint: VoIPEndpoint) {
        address = endpoint.host
        port = String(endpoint.port)
        sentPing = false
        log.removeAll()
        application.requestNotificationAuthorization()
        socket.connect(to: endpoint, asVoIPService: true) { [weak self] event in self?.handle(event) }
        do {
            try application.setKeepAliveTimeout(Self.keepAliveInterval) { [weak self] in self?.keepAlive() }
        } catch .unavailable(let version) {
            // The tab says why it cannot work in the background in this era (QA1938).
            addEvent(
                "In iOS \(version) a VoIP socket no longer wakes the suspended app and there is no keep-alive "
                    + "handler (Technical Q&A QA1938: PushKit replaced them). Run with --ios 9 or earlier to see it work.")
        } catch {
            application.logger.info("Keep-alive handler not set: \(error)")
        }
        publish()
    }

    /// Closes the connection and stops the keep-alive handler.
    public func didTapDisconnect() {
        let wasOpen = socket.state == .connected
        socket.disconnect()
        application.clearKeepAliveTimeout()
        if wasOpen { addEvent("Connection Closed") }
    }

    /// PushKit's VoIP push, the tab's way to be called from iOS 10: the push goes to the log
    /// (`App is backgrounded. New event: VoIP push: {…}`) and the call to CallKit, whose
    /// incoming-call screen rings — unless the payload has `"reportCall": false`, to show what
    /// iOS 13 does to an app that reports no call. The caller is the payload's `caller`.
    public func didReceiveIncomingPush(_ payload: PushPayload) {
        addEvent("VoIP push: \(payload.json)")
        let caller = payload.fields["caller"] ?? "Unknown caller"
        if ["false", "0"].contains(payload.fields["reportCall"]) {
            addEvent("The call from \(caller) is not reported to CallKit")
        } else {
            application.reportNewIncomingCall(uuid: UUID().uuidString, caller: caller)
            addEvent("Incoming call from \(caller)")
        }
    }

    /// The user answered the incoming-call screen.
    public func didAnswer(_ call: IncomingCall, accepted: Bool) {
        addEvent(accepted ? "Call accepted: \(call.caller)" : "Call declined: \(call.caller)")
    }

    /// The tutorial's stream delegate.
    private func handle(_ event: VoIPStreamEvent) {
        switch event {
        case .opened:
            sentPing = false
            addEvent("Connection Opened")
        case .writable:
            guard !sentPing else { return }
            sentPing = true
            send("ping")
            addEvent("Ping sent")
        case .received(let line):
            addEvent("Received: \(line.visibleOnConsole)")
            if line == "notify" {
                application.presentLocalNotificationNow(LocalNotification(alertBody: "New VOIP call", alertAction: "Answer"))
            } else if line == "ping" {
                send("pong")
            }
        case .closed:
            addEvent("Connection Closed")
        case .failed(let error):
            addEvent("Had error: \(error)")
        }
    }

    /// The keep-alive handler: pings the server if the connection is open.
    private func keepAlive() {
        guard socket.state == .connected else { return }
        send("ping")
        addEvent("Ping sent")
    }

    private func send(_ line: String) {
        do {
            try socket.send(line)
        } catch {
            addEvent("Had error: \(error)")
        }
    }

    /// The tutorial's `addEvent:`: the log, and the console while the app is not active.
    private func addEvent(_ event: String) {
        log.append(event)
        if application.applicationState != .active {
            application.logger.info("App is backgrounded. New event: \(event)")
        }
        publish()
    }

    private func publish() {
        application.publish(VoIPSnapshot(address: address, port: port, log: log.entries), for: .voip)
    }
}
