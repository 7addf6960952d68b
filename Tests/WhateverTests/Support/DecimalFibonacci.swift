/// An independent reference: Fibonacci numbers as decimal digit strings, added digit by digit
/// the way it is done on paper, with no big-integer library.
struct DecimalFibonacci {
    private(set) var previous = "1"
    private(set) var current = "1"
    private(set) var position = 1

    mutating func advance() {
        let next = Self.add(previous, current)
        previous = current
        current = next
        position += 1
    }

    static func add(_ a: String, _ b: String) -> String {
        var digits: [Character] = []
        var carry = 0
        var left = Array(a.reversed()), right = Array(b.reversed())
        let count = max(left.count, right.count)
        left += Array(repeating: "0", count: count - left.count)
        right += Array(repeating: "0", count: count - right.count)
        for index in 0..<count {
            let sum = left[index].wholeNumberValue! + right[index].wholeNumberValue! + carry
            digits.append(Character(String(sum % 10)))
            carry = sum / 10
        }
        if carry > 0 { digits.append(Character(String(carry))) }
        return String(digits.reversed())
    }
}
