/// One view outlet of the visible controller, as `status` shows it: its property's name, its
/// kind and its value, `{"name": "statusLabel", "kind": "label", "text": "Downloading"}`.
public struct UIKitViewSnapshot: Codable, Sendable, Equatable {
    /// The property's name (`statusLabel`); `buttons[1]` for a view of an array of views.
    public var name: String
    /// The view's kind and value.
    public var value: UIKitViewValue

    public init(name: String, value: UIKitViewValue) {
        self.name = name
        self.value = value
    }

    private enum Key: String, CodingKey {
        case name, kind, text, progress, image, selected
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        name = try container.decode(String.self, forKey: .name)
        switch try container.decode(String.self, forKey: .kind) {
        case "label": value = .label(text: try container.decodeIfPresent(String.self, forKey: .text))
        case "progress": value = .progress(try container.decode(Double.self, forKey: .progress))
        case "image": value = .image(try container.decodeIfPresent(UIKitImageSnapshot.self, forKey: .image))
        case "button": value = .button(isSelected: try container.decode(Bool.self, forKey: .selected))
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "no view of kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        switch value {
        case .label(let text):
            try container.encode("label", forKey: .kind)
            try container.encode(text, forKey: .text)
        case .progress(let progress):
            try container.encode("progress", forKey: .kind)
            try container.encode(progress, forKey: .progress)
        case .image(let image):
            try container.encode("image", forKey: .kind)
            try container.encode(image, forKey: .image)
        case .button(let isSelected):
            try container.encode("button", forKey: .kind)
            try container.encode(isSelected, forKey: .selected)
        }
    }
}
