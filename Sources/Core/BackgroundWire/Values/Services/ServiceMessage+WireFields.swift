/// A service's message is written field by field (``WireFields``): it crosses on every event.
extension ServiceMessage: WireFields {
    func writeFields(to writer: inout WireWriter) throws -> Bool {
        writer.write(service)
        try payload.write(to: &writer)
        writer.write(descriptor != nil)  // the mark; the descriptor comes beside the frame
        return true
    }

    init(fields reader: inout WireReader) throws {
        self.init(
            service: try reader.read(String.self), payload: try ServicePayload(fields: &reader),
            descriptor: try reader.read(Bool.self) ? PassedDescriptor(-1) : nil)
    }
}
