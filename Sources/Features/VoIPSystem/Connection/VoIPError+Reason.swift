import BackgroundSystem
import BackgroundWire
import Foundation
import NIOCore
import NIOPosix
import VoIPWire

extension VoIPError {
    /// What went wrong in an error of SwiftNIO's, in the words of the system's error message:
    /// `Connection refused`, `Connection reset by peer`.
    static func reason(of error: any Error) -> String {
        switch error {
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return "the host name \"\(error.host)\" could not be resolved"
            }
            if let first = error.connectionErrors.first { return reason(of: first.error) }
            return "no address to connect to"
        case ChannelError.connectTimeout:
            return "timed out"
        case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed:
            return "the connection is closed"
        default:
            return String(describing: error)
        }
    }
}
