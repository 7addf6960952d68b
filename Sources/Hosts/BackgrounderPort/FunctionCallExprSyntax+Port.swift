import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The called function's base name: `addObserver` in `center.addObserver(…)` and in
    /// `addObserver(…)`.
    var calledName: String? {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The arguments' labels, nil for an unlabelled one.
    var argumentLabels: [String?] {
        arguments.map { $0.label?.text }
    }

    /// Whether the call is a statement of its own, its result unused.
    var isStatement: Bool {
        parent?.is(CodeBlockItemSyntax.self) ?? false
    }
}
