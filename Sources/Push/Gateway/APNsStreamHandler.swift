import BackgroundRuntime
import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/2 stream of the gateway: gathers a request's headers and body, reads it as APNs
/// does, hands an accepted push to the device, and answers 200 with the `apns-id`, or APNs's
/// status and `{"reason": …}` with one console line saying what was wrong.
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let context: GatewayContext
    private var request: APNsRequest?
    private var answered = false

    init(context: GatewayContext) {
        self.context = context
    }

    func channelRead(context channelContext: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let headers):
            if request == nil {
                request = Self.request(from: headers.headers)
            }
            if headers.endStream { finish(channelContext) }
        case .data(let data):
            if case .byteBuffer(let buffer) = data.data, var request {
                let room = APNsRequest.largestPayload + 1 - request.body.count
                if buffer.readableBytes > room { request.bodyIsOversized = true }
                if room > 0, let bytes = buffer.getBytes(at: buffer.readerIndex, length: min(room, buffer.readableBytes)) {
                    request.body.append(contentsOf: bytes)
                }
                self.request = request
            }
            if data.endStream { finish(channelContext) }
        default:
            break
        }
    }

    private func finish(_ channelContext: ChannelHandlerContext) {
        guard !answered, let request else { return }
        answered = true
        let now = Date()
        do throws(APNsFailure) {
            let push = try request.push(for: context.recipient, providerKey: context.providerKey, now: now)
            guard context.limiter.admit(request.path.lowercased(), now: now) else {
                throw APNsFailure(.tooManyRequests, "over \(context.limiter.limit) requests in a second to one device token")
            }
            respond(channelContext, status: 200, id: push.id, body: nil)
            context.deliver(push)
        } catch {
            let id = request.headers["apns-id"].flatMap(UUID.init(uuidString:))?.uuidString ?? UUID().uuidString
            context.refused(request, error)
            let timestamp = error.reason == .unregistered ? #","timestamp":\#(Int64(now.timeIntervalSince1970 * 1000))"# : ""
            respond(channelContext, status: error.reason.status, id: id, body: #"{"reason":"\#(error.reason.rawValue)"\#(timestamp)}"#)
        }
    }

    private func respond(_ channelContext: ChannelHandlerContext, status: Int, id: String, body: String?) {
        var headers: HPACKHeaders = [":status": String(status), "apns-id": id]
        if let body {
            headers.add(name: "content-type", value: "application/json")
            headers.add(name: "content-length", value: String(body.utf8.count))
        }
        channelContext.write(wrapOutboundOut(.headers(.init(headers: headers, endStream: body == nil))), promise: nil)
        if let body {
            let buffer = channelContext.channel.allocator.buffer(string: body)
            channelContext.write(wrapOutboundOut(.data(.init(data: .byteBuffer(buffer), endStream: true))), promise: nil)
        }
        channelContext.flush()
    }

    private static func request(from headers: HPACKHeaders) -> APNsRequest {
        var fields: [String: String] = [:]
        for (name, value, _) in headers where fields[name.lowercased()] == nil {
            fields[name.lowercased()] = value
        }
        let method = fields.removeValue(forKey: ":method") ?? ""
        let path = fields.removeValue(forKey: ":path") ?? ""
        return APNsRequest(method: method, path: path, headers: fields, body: Data())
    }
}
