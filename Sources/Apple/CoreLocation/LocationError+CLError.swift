import Location

extension LocationError {
    /// The error Apple's delegate gets for the runtime's: a ``CLError`` of its code, with the
    /// runtime's explanation as the failure reason. An API the device's iOS lacks has no Core
    /// Location code (on iOS the call itself would not exist): the runtime's error comes as it is.
    var appleError: any Error {
        switch self {
        case .denied, .notInForeground, .notAuthorized: CLError(.denied, reason: description)
        case .regionMonitoringFailure: CLError(.regionMonitoringFailure, reason: description)
        case .unavailable: self
        }
    }
}
