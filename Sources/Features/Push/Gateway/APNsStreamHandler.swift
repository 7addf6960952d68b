import BackgroundRuntime
import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/2 stream of the gateway: gathers a request's headers and body, reads it as APNs
/// does, hands an accepted push to the device, and answers as APNs answers (Apple, “Handling
/// notification responses from APNs”,
/// https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns):
///
/// - `apns-id`: “the same value found in the apns-id key of the request's header”, byte for
///   byte, or the new lowercase UUID the gateway made for a request that sent none (or one that
///   is not a UUID, which nothing could match);
/// - `apns-unique-id`, on a 200: a lowercase UUID, as APNs's development environment (which the
///   gateway is) returns one to look the push up in the Delivery Log;
/// - `:status` 200 with no body, or the error's status and the JSON `{"reason": …}` (for 410
///   also `"timestamp"`), with one console line saying what was wrong.
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let context: GatewayContext
    private let connection: GatewayConnection
    private var request: APNsRequest?
    private var answered = false

    init(context: GatewayContext, connection: GatewayConnection) {
        self.context = context
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        connection.record.streams.add(1, ordering: .relaxed)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connection.record.streams.subtract(1, ordering: .relaxed)
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let headers):
            if request == nil {
                request = Self.request(from: headers.headers)
            }
            if headers.endStream { finish(channelContext) }
        case .data(let data):
            if case .byteBuffer(let buffer) = data.data, request != nil {
                let room = APNsRequest.largestPayload + 1 - request!.body.count
                if buffer.readableBytes > room { request!.bodyIsOversized = true }
                if room > 0 {
                    buffer.withUnsafeReadableBytes { bytes in request!.body.append(contentsOf: bytes.prefix(room)) }
                }
            }
            if data.endStream { finish(channelContext) }
        default:
            break
        }
    }

    private func finish(_ channelContext: ChannelHandlerContext) {
        guard !answered, let request else { return }
        answered = true
        let now = context.now()
        do throws(APNsFailure) {
            let push = try request.push(for: context.recipient, providerKey: context.providerKey, tokens: &connection.tokens, now: now)
            guard context.limiter.admit(request.path.lowercased(), now: now) else {
                throw APNsFailure(.tooManyRequests, "over \(context.limiter.limit) requests in a second to one device token")
            }
            // Handed to the device before the 200 goes: a provider that saw its 200 knows the
            // device has the push, as APNs answers once it has taken it.
            context.deliver(push)
            respond(channelContext, status: "200", id: push.id, body: nil)
        } catch {
            let sent = request.headers["apns-id"]
            let id = sent.flatMap { UUID(uuidString: $0) == nil ? nil : $0 } ?? APNsRequest.newMessageID()
            context.refused(request, error)
            let timestamp = error.reason == .unregistered ? #","timestamp":\#(Int64(now.timeIntervalSince1970 * 1000))"# : ""
            respond(channelContext, status: String(error.reason.status), id: id, body: #"{"reason":"\#(error.reason.rawValue)"\#(timestamp)}"#)
        }
        connection.record.lastAnswered.store(NIODeadline.now().uptimeNanoseconds, ordering: .relaxed)
    }

    private func respond(_ channelContext: ChannelHandlerContext, status: String, id: String, body: String?) {
        var headers = HPACKHeaders()
        headers.reserveCapacity(4)
        headers.add(name: ":status", value: status)
        // The ids are new in every answer: kept out of HPACK's dynamic table (RFC 7541 §6.2.2),
        // where each would push out an entry worth keeping and every later answer would search
        // past it — a third of the gateway's time under load, when they were indexed.
        headers.add(name: "apns-id", value: id, indexing: .nonIndexable)
        if let body {
            headers.add(name: "content-type", value: "application/json")
            headers.add(name: "content-length", value: String(body.utf8.count))
        } else {
            headers.add(name: "apns-unique-id", value: APNsRequest.newMessageID(), indexing: .nonIndexable)
        }
        channelContext.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: body == nil))), promise: nil)
        if let body {
            let buffer = channelContext.channel.allocator.buffer(string: body)
            channelContext.write(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer), endStream: true))), promise: nil)
        }
        channelContext.flush()
    }

    /// The request in `headers`. HTTP/2 sends names in lowercase (RFC 9113 §8.2.1; NIOHTTP2
    /// refuses others), so they are taken as they are.
    private static func request(from headers: HPACKHeaders) -> APNsRequest {
        var fields: [String: String] = [:]
        fields.reserveCapacity(headers.count)
        var duplicates: [String] = []
        for (name, value, _) in headers {
            if fields[name] == nil {
                fields[name] = value
            } else if name.hasPrefix("apns-") || name == "authorization" {
                duplicates.append(name)
            }
        }
        let method = fields.removeValue(forKey: ":method") ?? ""
        let path = fields.removeValue(forKey: ":path") ?? ""
        var request = APNsRequest(method: method, path: path, headers: fields, body: Data())
        request.duplicateHeaders = duplicates
        return request
    }
}
