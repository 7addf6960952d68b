import BackgroundRuntime

extension PushToken {
    /// The token's bytes, as UIKit hands the device token to the delegate.
    var data: Data {
        var bytes: [UInt8] = []
        var digits = hex.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return Data(bytes)
    }
}
