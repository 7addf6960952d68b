/// Reading the Swift value out of a ``DBusValue`` of the expected type: nil for another type.
extension DBusValue {
    /// The string of a `s`, `o` or `g` value.
    public var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The value inside a variant; the value itself if it is not one.
    public var unwrappingVariant: DBusValue {
        if case .variant(let inner) = self { inner.unwrappingVariant } else { self }
    }

    /// The entries of an `a{sv}` dictionary, by key; nil for another type.
    public var stringVariantEntries: [String: DBusValue]? {
        guard case .array("{sv}", let entries) = self else { return nil }
        var dictionary: [String: DBusValue] = [:]
        for case .dictEntry(.string(let key), let value) in entries { dictionary[key] = value.unwrappingVariant }
        return dictionary
    }
}
