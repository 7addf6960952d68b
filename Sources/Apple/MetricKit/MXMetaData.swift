/// Where a payload comes from (`MXMetaData`): on Backgrounder the OS version is the policy
/// profile's ("iOS 17"), the device type "Backgrounder".
public final class MXMetaData: Sendable {
    public let osVersion: String
    public let deviceType: String
    public let platformArchitecture: String

    init(_ section: [String: Any]) {
        osVersion = section["osVersion"] as? String ?? ""
        deviceType = section["deviceType"] as? String ?? ""
        platformArchitecture = section["platformArchitecture"] as? String ?? ""
    }
}
