import Audio
import Foundation

extension AVAudioSession {
    /// The codes of the session's errors (`AVAudioSession.ErrorCode`), with Apple's values: the
    /// errors thrown are `NSError`s of `NSOSStatusErrorDomain` with these codes, as on iOS.
    public enum ErrorCode: Int, Sendable {
        /// A parameter was not valid: here, a category Backgrounder does not have.
        case badParam = -50
        /// A call is in progress, whose session has priority (`'!pri'`).
        case insufficientPriority = 0x2170_7269

        init(_ error: AudioSessionError) {
            switch error {
            case .insufficientPriority: self = .insufficientPriority
            }
        }

        /// The error thrown.
        var error: NSError { NSError(domain: NSOSStatusErrorDomain, code: rawValue) }
    }
}
