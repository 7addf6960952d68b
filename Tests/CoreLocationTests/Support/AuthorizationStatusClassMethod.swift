import BackgroundRuntime
import CoreLocation

/// `CLLocationManager`'s class method `authorizationStatus()`, deprecated by iOS 14, called
/// through a protocol it witnesses, so that the tests build without a deprecation warning.
protocol AuthorizationStatusClassMethod {
    @AppMain static func authorizationStatus() -> CLAuthorizationStatus
}

extension CLLocationManager: AuthorizationStatusClassMethod {}

/// What `CLLocationManager.authorizationStatus()` answers in the app whose code runs now.
@AppMain func classAuthorizationStatus() -> CLAuthorizationStatus {
    (CLLocationManager.self as any AuthorizationStatusClassMethod.Type).authorizationStatus()
}
