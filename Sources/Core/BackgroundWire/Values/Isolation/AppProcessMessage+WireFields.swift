/// Every frame is written field by field (``WireFields``).
extension AppProcessMessage: WireFields {
    /// The cases written field by field, by the number each is written as.
    enum Case: Int {
        case deliver, barrier, answer, call, question, questionAnswered, serviceExtension
    }

    func writeFields(to writer: inout WireWriter) throws -> Bool {
        switch self {
        case .deliver(let delivery, let launch):
            writer.write(case: Case.deliver)
            try writer.write(delivery)
            writer.write(launch)
        case .barrier(let id):
            writer.write(case: Case.barrier)
            writer.write(id)
        case .answer(let answer, let id):
            writer.write(case: Case.answer)
            try writer.write(answer)
            writer.write(id)
        case .call(let call, let id, let jobsStarted):
            writer.write(case: Case.call)
            try writer.write(call)
            writer.write(id)
            writer.write(jobsStarted)
        case .question(let call, let jobsStarted):
            writer.write(case: Case.question)
            try writer.write(call)
            writer.write(jobsStarted)
        case .questionAnswered(let answer, let framesBefore):
            writer.write(case: Case.questionAnswered)
            try writer.write(answer)
            writer.write(framesBefore)
        case .serviceExtension(let message):
            writer.write(case: Case.serviceExtension)
            try writer.write(codable: message)
        }
        return true
    }

    init(fields reader: inout WireReader) throws {
        self =
            switch try reader.read(case: Case.self) {
            case .deliver: .deliver(try reader.read(AppDelivery.self), launch: try reader.read(Int.self))
            case .barrier: .barrier(id: try reader.read(Int.self))
            case .answer: .answer(try reader.read(AppAnswer.self), id: try reader.read(Int.self))
            case .call: .call(try reader.read(AppCall.self), id: try reader.read(Int?.self), jobsStarted: try reader.read(Int.self))
            case .question: .question(try reader.read(AppCall.self), jobsStarted: try reader.read(Int.self))
            case .questionAnswered: .questionAnswered(try reader.read(AppAnswer?.self), framesBefore: try reader.read(Int.self))
            case .serviceExtension: .serviceExtension(try reader.read(codable: ServiceExtensionMessage.self))
            }
    }
}
