import Foundation

/// A push in the JSON file `xcrun simctl push` takes: the payload, with an optional top-level
/// `"Simulator Target Bundle"` naming the app. As the Simulator does, a payload with only
/// `content-available` is a background push (priority 5), anything else an alert push.
public struct SimulatorPushFile: Sendable {
    /// The file's `Simulator Target Bundle`, if it has one.
    public let bundleIdentifier: String?
    public let payload: PushPayload

    /// The key that names the app in the file.
    public static let targetBundleKey = "Simulator Target Bundle"
    /// The largest file read: APNs's payloads are at most 5 KB; a file is allowed more for its
    /// white space.
    public static let largestFile = 64 * 1024

    /// Reads the file's bytes.
    public init(data: Data) throws(PushPayloadError) {
        guard data.count <= Self.largestFile else { throw .notJSON("the file is over \(Self.largestFile / 1024) KB") }
        var root: [String: Any] = [:]
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] { root = object }
        let bundle = root.removeValue(forKey: Self.targetBundleKey)
        guard bundle == nil || bundle is String else { throw .notJSON("\"\(Self.targetBundleKey)\" must be a string") }
        bundleIdentifier = bundle as? String
        if bundle != nil, let rest = try? JSONSerialization.data(withJSONObject: root) {
            payload = try PushPayload(data: rest)
        } else {
            payload = try PushPayload(data: data)
        }
    }

    /// Reads the file at `url`; the error names the file.
    public init(contentsOf url: URL) throws(SimulatorPushFileError) {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > Self.largestFile {
                throw SimulatorPushFileError(path: url.path, reason: "it is over \(Self.largestFile / 1024) KB; a push is at most 5 KB")
            }
            data = try Data(contentsOf: url)
        } catch let error as SimulatorPushFileError {
            throw error
        } catch {
            throw SimulatorPushFileError(path: url.path, reason: "it cannot be read: \(error.localizedDescription)")
        }
        do {
            try self.init(data: data)
        } catch {
            throw SimulatorPushFileError(path: url.path, reason: error.description)
        }
    }

    /// The push to `bundleIdentifier` (the topic): VoIP when `type` says so, otherwise a
    /// background push for a payload with only `content-available`, else an alert push.
    public func push(to bundleIdentifier: String, type: PushType? = nil) -> RemotePush {
        let type = type ?? (payload.isContentAvailable && payload.alertText == nil ? .background : .alert)
        return RemotePush(
            type: type, priority: type == .background ? 5 : 10, topic: bundleIdentifier + type.topicSuffix, payload: payload)
    }
}
