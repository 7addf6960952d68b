import SwiftSyntax

/// The method a `#selector(…)` names: `#selector(foo)`, `#selector(self.foo)`,
/// `#selector(ViewController.foo)`, `#selector(foo(_:))`. Not `#selector(getter: …)`.
struct SelectorReference {
    let baseName: String
    /// The labels the selector spells out (`foo(_:)` → `["_"]`), nil when it gives none.
    let labels: [String]?

    init?(_ expression: ExprSyntax) {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
            macro.arguments.count == 1, let argument = macro.arguments.first, argument.label == nil
        else { return nil }
        let reference: DeclReferenceExprSyntax
        if let member = argument.expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
        } else if let name = argument.expression.as(DeclReferenceExprSyntax.self) {
            reference = name
        } else {
            return nil
        }
        baseName = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map(\.name.text) }
    }

    /// The call of the method on `receiver` (`self?`, `self`, `timerTarget`), passing
    /// `argument` if the method takes one; nil when the method takes more than one or the
    /// files declare several methods of that name with different labels.
    func call(on receiver: String, passing argument: String, methods: MethodIndex) -> String? {
        let known = methods.labels(of: baseName)
        let labels: [String]
        if let spelled = self.labels {
            labels = spelled
        } else if known.count <= 1 {
            labels = known.first ?? []
        } else {
            return nil
        }
        switch labels.count {
        case 0: return "\(receiver).\(baseName)()"
        case 1: return "\(receiver).\(baseName)(\(labels[0] == "_" ? "" : "\(labels[0]): ")\(argument))"
        default: return nil
        }
    }

    /// Whether the method takes the notification or timer.
    func takesArgument(methods: MethodIndex) -> Bool {
        (labels ?? methods.labels(of: baseName).first ?? []).count == 1
    }
}
