/// An image on screen, as `status` shows it: its size in points and its file's format, the
/// only things of an image Backgrounder reads (it draws nothing).
public struct UIKitImageSnapshot: Codable, Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// `png`, `jpeg` or `gif`.
    public var format: String

    public init(width: Double, height: Double, format: String) {
        self.width = width
        self.height = height
        self.format = format
    }

    init(_ image: UIImage) {
        self.init(width: Double(image.size.width), height: Double(image.size.height), format: image.format.rawValue)
    }
}
