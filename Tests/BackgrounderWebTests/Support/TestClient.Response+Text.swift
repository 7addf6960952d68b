import Foundation
import HummingbirdTesting
import NIOCore
import Testing

extension TestClient.Response {
    var text: String { String(buffer: body ?? ByteBuffer()) }

    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
