import AsyncHTTPClient
import BackgroundSystem
import BackgroundWire
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import NewsstandWire

/// What a failed attempt's error is, in the words of ``TransferError``.
extension HTTPDownload {
    /// Whether `error` is a refused connection (ECONNREFUSED), as NIO reports it alone or
    /// among the addresses it tried (its description names each).
    static func isRefused(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == ECONNREFUSED }
        return "\(error)".contains("Connection refused")
    }

    /// Whether `error` says the connection ended before the response did.
    static func endedEarly(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError: error == .remoteConnectionClosed || error == .bodyLengthMismatch
        case let error as HTTPParserError: error == .invalidEOFState
        default: false
        }
    }

    /// Names an error from the HTTP client, the channel or the file.
    static func transferError(_ error: any Error, url: String) -> TransferError {
        if let error = error as? TransferError { return error }
        if isRefused(error) {
            let address = URL(string: url).map { url in
                "\(url.host ?? "?"):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
            }
            return .connectionRefused(address: address ?? url)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .redirectLimitReached, .redirectCycleDetected: return .redirectLoop(url: url)
            case .remoteConnectionClosed: return .network("the server closed the connection")
            case .readTimeout: return .network("reading timed out")
            case .connectTimeout: return .network("connecting timed out")
            case .bodyLengthMismatch: return .network("the body did not match its Content-Length")
            case .invalidURL, .emptyHost, .emptyScheme: return .malformedResponse("\(url) is not a valid URL")
            default: return .network("\(error)")
            }
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState { return .network("the connection closed before the end of the response") }
            return .malformedResponse("not HTTP (\(error))")
        }
        if error is NIOSSLError || error is NIOSSLExtraError { return .tls(url: url, reason: "\(error)") }
        if error is CancellationError { return .network("cancelled") }
        return .network("\(error)")
    }
}
