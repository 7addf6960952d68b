@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire

extension AppDelivery {
    /// Event `number` of a service (socket data, a region crossed), as the machine delivers it:
    /// a message for the app's client, after which the app's side ends `endingActivity`, if any.
    static func serviceEvent(_ number: Int, endingActivity: BackgroundActivityToken?) -> AppDelivery {
        .serviceMessage(ServiceMessage(service: "events", payload: ServicePayload(number)), endingActivity: endingActivity)
    }
}
