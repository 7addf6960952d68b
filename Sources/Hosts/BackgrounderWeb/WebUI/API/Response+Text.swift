import Hummingbird

extension Response {
    /// A plain response of `text` with `contentType`, that no cache keeps.
    static func text(_ text: String, contentType: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
