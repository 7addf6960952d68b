import SwiftSyntax

/// Collects the function declarations of a file for ``MethodIndex``.
final class MethodCollector: SyntaxVisitor {
    private(set) var functions: [(name: String, labels: [String])] = []

    init(tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append((node.name.text, node.signature.parameterClause.parameters.map { $0.firstName.text }))
        return .visitChildren
    }
}
