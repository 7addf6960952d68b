/// A rate that ``ByteRate/parse(_:)`` cannot read.
public struct ByteRateError: Error, CustomStringConvertible {
    public let text: String

    public var description: String {
        "\"\(text)\" is not a rate; write e.g. 1MB/s, 512KB/s, 2MiB/s or unlimited"
    }
}
