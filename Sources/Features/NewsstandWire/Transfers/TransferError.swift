import BackgroundWire

/// Why an asset download ended, or why one attempt of it did; the description is one clear
/// sentence that names what was wrong.
public enum TransferError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The server answered with an error status (4xx, 5xx, or a status a download cannot use).
    case httpStatus(Int, url: String)
    /// 416: the server cannot serve the range the resume asked for.
    case rangeNotSatisfiable(offset: Int64, url: String)
    /// The connection failed or dropped; retried with backoff.
    case network(String)
    /// The body ended before the announced length; retried with backoff.
    case truncated(received: Int64, expected: Int64)
    /// The server sent too little for too long (a stalled or slow-loris server); retried.
    case stalled(bytes: Int64, seconds: Int)
    /// Redirects went round in a loop, or there were too many of them.
    case redirectLoop(url: String)
    /// The response cannot be understood (garbage instead of HTTP, a malformed Content-Range).
    case malformedResponse(String)
    /// The file name the server or the URL gave cannot be a file inside the directory.
    case unsafeFileName(String, source: String, reason: String)
    /// The disk is full even after evicting old issues' content.
    case insufficientSpace(needed: Int64, available: Int64)
    /// Writing the file failed.
    case disk(String)
    /// The retries ran out; `last` is the last attempt's error.
    case gaveUp(attempts: Int, last: String)
    /// The HTTPS server's certificate was refused (untrusted, expired, another host's).
    case tls(url: String, reason: String)
    /// The connection to the server's address was refused: nothing listens there. Retried a
    /// few times (``TransferOptions/refusedRetryLimit``) before any byte has arrived.
    case connectionRefused(address: String)

    public var description: String {
        switch self {
        case .httpStatus(let status, let url):
            "the server answered HTTP \(status) for \(url)"
        case .rangeNotSatisfiable(let offset, let url):
            "the server answered 416 (range not satisfiable) to a resume at byte \(offset) of \(url)"
        case .network(let reason):
            "the connection failed: \(reason)"
        case .truncated(let received, let expected):
            "the response ended after \(received) of the \(expected) bytes its Content-Length announced"
        case .stalled(let bytes, let seconds):
            "the server sent only \(bytes) bytes in \(seconds) s (stalled or slow-loris)"
        case .redirectLoop(let url):
            "the redirects from \(url) loop or go on too long"
        case .malformedResponse(let reason):
            "the response is malformed: \(reason)"
        case .unsafeFileName(let name, let source, let reason):
            "the file name \"\(name)\" from \(source) is refused: \(reason)"
        case .insufficientSpace(let needed, let available):
            "not enough disk space: the download needs \(ByteCount.text(needed)) and only \(ByteCount.text(available)) is free after evicting old issues"
        case .disk(let reason):
            "the file cannot be written: \(reason)"
        case .gaveUp(let attempts, let last):
            "gave up after \(attempts) attempts: \(last)"
        case .connectionRefused(let address):
            "the connection to \(address) was refused: nothing listens there"
        case .tls(let url, let reason):
            "the secure connection to \(url) failed: \(reason); for a server with a private or self-signed "
                + "certificate, trust it with --trust-certificate PEM"
        }
    }

    /// Whether another attempt may succeed: network trouble, not a server's clear answer.
    package var isRetryable: Bool {
        switch self {
        case .network, .truncated, .stalled, .connectionRefused: true
        default: false
        }
    }
}
