import SwiftSyntax

/// `#if os(iOS)`, false on Linux, around code that is meant to run here: `os(iOS)` becomes
/// `os(iOS) || os(Linux)` (in parentheses where `&&` or `!` binds it), so that the iOS branch
/// builds and the others do not. Conditions that already name `os(Linux)` in any clause are
/// the author's own choice and are left alone, as are `canImport(UIKit)` (true here) and
/// `targetEnvironment(simulator)` (false here, so the device's branch builds).
final class PlatformConditionRule: PortRule {
    private static let reason = "#if os(iOS) is false on Linux: the iOS branch builds here too"

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let conditions = node.clauses.compactMap(\.condition)
        guard !conditions.contains(where: { Self.mentions("Linux", in: $0) }) else { return .visitChildren }
        var extended: Set<SyntaxIdentifier> = []
        for condition in conditions {
            for call in Self.osChecks(in: condition) where Self.platform(of: call) == "iOS" {
                port(call, in: condition, extended: &extended)
            }
        }
        return .visitChildren
    }

    /// Adds `|| os(Linux)` after the `||` chain that holds `call`, or wraps `call` when a
    /// tighter operator holds it.
    private func port(_ call: FunctionCallExprSyntax, in condition: ExprSyntax, extended: inout Set<SyntaxIdentifier>) {
        var operand = Syntax(call)
        // `(os(iOS))`: the parentheses hold it as the condition would.
        while let tuple = operand.parent?.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            operand = Syntax(tuple)
        }
        if let sequence = operand.parent?.parent?.as(SequenceExprSyntax.self) {
            let operators = sequence.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            if operators.allSatisfy({ $0 == "||" }) {
                if extended.insert(sequence.id).inserted { insert(" || os(Linux)", after: sequence, because: Self.reason) }
                return
            }
            replace(call, with: "(\(text(of: call)) || os(Linux))", because: Self.reason)
        } else if operand.parent?.is(PrefixOperatorExprSyntax.self) ?? false {
            replace(call, with: "(\(text(of: call)) || os(Linux))", because: Self.reason)
        } else {
            insert(" || os(Linux)", after: operand, because: Self.reason)
        }
    }

    private static func osChecks(in condition: ExprSyntax) -> [FunctionCallExprSyntax] {
        Array(condition.tokens(viewMode: .sourceAccurate).compactMap { token -> FunctionCallExprSyntax? in
            guard token.text == "os", let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.id == token.id
            else { return nil }
            return call
        })
    }

    private static func platform(of call: FunctionCallExprSyntax) -> String? {
        guard call.arguments.count == 1 else { return nil }
        return call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    private static func mentions(_ platform: String, in condition: ExprSyntax) -> Bool {
        osChecks(in: condition).contains { Self.platform(of: $0) == platform }
    }
}
