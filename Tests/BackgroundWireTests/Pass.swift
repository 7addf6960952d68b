/// The superclass of ``Ticket`` and ``SharedTicket``, with its synthesized coding.
class Pass: Codable {
    let id: Int

    init(id: Int) {
        self.id = id
    }
}
