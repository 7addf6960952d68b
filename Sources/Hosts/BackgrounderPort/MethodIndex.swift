import SwiftSyntax

/// The functions declared in the files being ported, by base name, with their argument labels
/// (`_` for none): what `#selector(foo)` names when it gives no labels, so that its rewrite calls
/// `foo()` or `foo(notification)` as the method wants.
struct MethodIndex {
    private var labels: [String: Set<[String]>] = [:]

    /// Adds the functions declared in `tree`.
    mutating func add(_ tree: SourceFileSyntax) {
        for function in MethodCollector(tree: tree).functions {
            labels[function.name, default: []].insert(function.labels)
        }
    }

    /// The argument labels of each function named `name`.
    func labels(of name: String) -> Set<[String]> {
        labels[name] ?? []
    }
}
