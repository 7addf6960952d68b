import Foundation
import Hummingbird

extension Response {
    /// A JSON response that no cache keeps.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `value` encoded as JSON with sorted keys.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        json(WebJSON.encode(value), status: status)
    }

    /// `{"error": message}` with `status`.
    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        json(APIError(error: message), status: status)
    }
}
