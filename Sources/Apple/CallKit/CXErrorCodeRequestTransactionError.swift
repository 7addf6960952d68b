/// Why a ``CXCallController`` refused a transaction (`CXErrorCodeRequestTransactionError`), with
/// Apple's codes; `catch CXErrorCodeRequestTransactionError.unknownCallUUID` matches one.
public struct CXErrorCodeRequestTransactionError: Error, Equatable, Sendable {
    /// Apple's codes, with Apple's raw values.
    public enum Code: Int, Sendable {
        case unknown = 0
        case unentitled = 1
        /// No provider of the app's performs the actions.
        case unknownCallProvider = 2
        /// The transaction has no action.
        case emptyTransaction = 3
        /// An action names a call the app's provider has not reported (or that has ended).
        case unknownCallUUID = 4
        case callUUIDAlreadyExists = 5
        /// An action this system does not carry out.
        case invalidAction = 6
        case maximumCallGroupsReached = 7

        /// Whether `error` is a ``CXErrorCodeRequestTransactionError`` with this code, for
        /// `catch` patterns.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CXErrorCodeRequestTransactionError)?.code == code
        }
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }

    public static var unknown: Code { .unknown }
    public static var unentitled: Code { .unentitled }
    public static var unknownCallProvider: Code { .unknownCallProvider }
    public static var emptyTransaction: Code { .emptyTransaction }
    public static var unknownCallUUID: Code { .unknownCallUUID }
    public static var callUUIDAlreadyExists: Code { .callUUIDAlreadyExists }
    public static var invalidAction: Code { .invalidAction }
    public static var maximumCallGroupsReached: Code { .maximumCallGroupsReached }
}
