import SwiftSyntax

/// Key-value observing, which needs the Objective-C runtime: Foundation on Linux has no
/// `addObserver(_:forKeyPath:options:context:)`, no `NSKeyValueChangeKey` and no
/// `observeValue(forKeyPath:of:change:context:)` to override, and the Apple-spelled modules
/// here post no change of `currentItem`, `status` or `rate` that could stand in for it.
///
/// So the registration, its removal and the `observeValue` method are commented out, each under
/// a `// backgrounder port:` comment saying so, and the change says plainly that what the
/// method did on a change no longer happens. Block-based KVO (`observe(\.x) { … }`) is noted.
final class KeyValueObservingRule: PortRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.argumentLabels
        switch node.calledName {
        case "addObserver" where labels == [nil, "forKeyPath", "options", "context"]:
            let keyPath = text(of: Array(node.arguments)[1].expression)
            let object = node.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { text(of: $0) } ?? "self"
            commentOutStatement(
                node,
                because: "KVO needs the Objective-C runtime, which Swift on Linux has not, and nothing here posts a change of "
                    + "\(keyPath) of \(object): commented out, so observeValue(forKeyPath:of:change:context:) is no longer "
                    + "called for it and what it did on a change does not happen")
        case "removeObserver" where labels == [nil, "forKeyPath"] || labels == [nil, "forKeyPath", "context"]:
            commentOutStatement(node, because: "KVO needs the Objective-C runtime: commented out with its registration")
        case "observe" where node.arguments.first?.expression.is(KeyPathExprSyntax.self) ?? false:
            note(node, "block-based KVO (observe(_:options:changeHandler:)) needs the Objective-C runtime; nothing here posts the change")
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        guard node.name.text == "observeValue", labels == ["forKeyPath", "of", "change", "context"] else { return .visitChildren }
        commentOut(
            node,
            because: "observeValue(forKeyPath:of:change:context:) is NSObject's KVO callback, which Foundation on Linux has not "
                + "(nor NSKeyValueChangeKey): commented out; nothing calls it here")
        return .skipChildren
    }

    private func commentOutStatement(_ node: FunctionCallExprSyntax, because reason: String) {
        if node.isStatement {
            commentOut(node, because: reason)
        } else {
            note(node, "KVO needs the Objective-C runtime; this call's result is used, so it is not commented out")
        }
    }
}
