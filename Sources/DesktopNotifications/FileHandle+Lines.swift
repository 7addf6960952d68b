import Foundation

extension FileHandle {
    /// Reads to the end, calling `body` with each line (without its newline) as it arrives,
    /// for a subprocess's output read on a thread of its own.
    public func forEachLine(_ body: (String) -> Void) {
        var pending = Data()
        while true {
            let chunk = availableData
            if chunk.isEmpty { return }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                body(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
    }
}
