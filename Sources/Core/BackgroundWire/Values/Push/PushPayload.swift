import Foundation

/// A push's JSON payload, read once: the whole payload, its `aps` dictionary as the app logs
/// it, and what the system decides on (`content-available`, the alert's text).
public struct PushPayload: Sendable, Equatable, Codable {
    /// The payload as sent, compact JSON with sorted keys.
    public let json: String
    /// The `aps` dictionary as compact JSON with sorted keys; `{}` when there is none (VoIP).
    public let apsJSON: String
    /// Whether `aps.content-available` is 1: the push wakes the app in the background.
    public let isContentAvailable: Bool
    /// Whether `aps.mutable-content` is 1: an alert goes to the app's
    /// `NotificationServiceExtension` before it shows.
    public let isMutableContent: Bool
    /// The alert's text (`aps.alert`, or its `title` and `body`); nil for a silent push.
    public let alertText: String?
    /// `aps.category`: the ``NotificationCategory`` whose actions the alert shows.
    public let category: String?
    /// `aps.interruption-level` (iOS 15): passive, active, time-sensitive or critical; nil when
    /// absent or not one of them.
    public let interruptionLevel: NotificationInterruptionLevel?
    /// The top-level keys besides `aps` whose values are strings, numbers or booleans, as text
    /// (`{"caller":"Ray"}` gives `["caller": "Ray"]`): the app's own data. A boolean may read
    /// as `true`/`false` or `1`/`0`, as the platform's JSON reader gives it.
    public let fields: [String: String]

    /// Reads `data`, which must be a JSON object; `aps`, when present, must be an object.
    public init(data: Data) throws(PushPayloadError) {
        guard !data.isEmpty else { throw .empty }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .notJSON(Self.reason(of: error))
        }
        guard let root = object as? [String: Any] else { throw .notAnObject }
        let aps: [String: Any]
        switch root["aps"] {
        case nil: aps = [:]
        case let dictionary as [String: Any]: aps = dictionary
        default: throw .apsNotAnObject
        }
        json = Self.compact(root)
        apsJSON = Self.compact(aps)
        isContentAvailable = (aps["content-available"] as? NSNumber)?.intValue == 1
        isMutableContent = (aps["mutable-content"] as? NSNumber)?.intValue == 1
        alertText = Self.alertText(aps["alert"])
        category = aps["category"] as? String
        interruptionLevel = (aps["interruption-level"] as? String).flatMap(NotificationInterruptionLevel.init(rawValue:))
        fields = root.compactMapValues(Self.text)
    }

    /// The payload as the JSON object it is, `aps` and all, as iOS hands it to the app
    /// (`userInfo`, `PKPushPayload.dictionaryPayload`).
    public var dictionary: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }

    /// A payload of `aps` alone, e.g. `PushPayload(aps: #"{"content-available":1}"#)`.
    public init(aps: String) throws(PushPayloadError) {
        try self.init(data: Data("{\"aps\":\(aps)}".utf8))
    }

    private static func alertText(_ alert: Any?) -> String? {
        switch alert {
        case let text as String:
            return text
        case let dictionary as [String: Any]:
            let parts = [dictionary["title"], dictionary["body"]].compactMap { $0 as? String }
            return parts.isEmpty ? nil : parts.joined(separator: ": ")
        default:
            return nil
        }
    }

    private static func text(_ value: Any) -> String? {
        switch value {
        case let text as String: text
        case let flag as Bool where "\(type(of: value))".contains("Bool"): flag ? "true" : "false"
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    private static func compact(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func reason(of error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
}
