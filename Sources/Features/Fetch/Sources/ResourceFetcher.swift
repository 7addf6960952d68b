import AsyncHTTPClient
import BackgroundRuntime
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches one URL the way a background fetch should: a conditional GET (`If-None-Match`,
/// `If-Modified-Since`) so that an unchanged resource costs a `304 Not Modified` and counts
/// as no data.
///
/// It uses AsyncHTTPClient's shared client: async/await all the way, cancellation that really
/// cancels the request (the Fetch screen cancels it on a timer of the device's loop, so the
/// deadline is the system's clock), and the same HTTP stack as the rest of the app.
@AppMain
final class ResourceFetcher {
    /// The largest body accepted; a bigger one fails the fetch instead of growing memory.
    static let bodyLimit = 1 << 20
    /// A backstop for the request on the real clock; the Fetch screen's own deadline, on the
    /// device's clock, comes first.
    static let backstop: TimeAmount = .seconds(120)

    let url: URL
    private let client: HTTPClient
    private var current: ResourceValidators?

    init(url: URL, client: HTTPClient = .shared) {
        self.url = url
        self.client = client
    }

    /// One fetch: what it brought, and a few words on why for the console.
    func fetch() async -> (result: BackgroundFetchResult, detail: String) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "TheBackgrounder (background fetch)")
        if let entityTag = current?.entityTag { request.headers.add(name: "If-None-Match", value: entityTag) }
        if let lastModified = current?.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        do {
            let response = try await client.execute(request, timeout: Self.backstop)
            let status = response.status
            switch status.code {
            case 304:
                _ = try await response.body.collect(upTo: Self.bodyLimit)
                guard current != nil else { return (.failed, "304 Not Modified to a request that had no validators") }
                return (.noData, "304 Not Modified")
            case 200..<300:
                let body = try await response.body.collect(upTo: Self.bodyLimit)
                var validators = ResourceValidators(
                    entityTag: response.headers.first(name: "ETag"),
                    lastModified: response.headers.first(name: "Last-Modified"))
                validators.bodyDigest = body.hashValue
                let isNew = validators.isNewVersion(comparedWith: current)
                current = validators
                return (isNew ? .newData : .noData, "\(status.code) \(status.reasonPhrase), \(body.readableBytes) bytes"
                    + (isNew ? "" : ", same version"))
            default:
                return (.failed, "\(status.code) \(status.reasonPhrase)")
            }
        } catch is NIOTooManyBytesError {
            return (.failed, "the body is larger than \(Self.bodyLimit) bytes")
        } catch is CancellationError {
            return (.failed, "cancelled: it took too long")
        } catch let error as HTTPClientError where error == .cancelled {
            return (.failed, "cancelled: it took too long")
        } catch {
            return (.failed, String(describing: error))
        }
    }
}
