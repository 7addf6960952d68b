/// The format's example: a struct of two integers.
struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}
