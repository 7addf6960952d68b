@testable import BackgroundWire

/// Values written field by field nested in each other: a chain `depth` long is `depth` values'
/// fields, each holding the next.
indirect enum FieldsChain: WireFields, Equatable {
    case end
    case link(FieldsChain)

    init(depth: Int) {
        self = depth > 1 ? .link(FieldsChain(depth: depth - 1)) : .end
    }

    func writeFields(to writer: inout WireWriter) throws -> Bool {
        switch self {
        case .end: writer.write(false)
        case .link(let next):
            writer.write(true)
            try writer.write(next)
        }
        return true
    }

    init(fields reader: inout WireReader) throws {
        self = try reader.read(Bool.self) ? .link(try reader.read(FieldsChain.self)) : .end
    }
}
