import SwiftSyntax

/// The modules a file imports, wherever the import is (inside `#if` too): `import UIKit` and
/// `import UIKit.UIView` both name UIKit.
final class ImportedModules: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init(of tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first { names.insert(module.name.text) }
        return .skipChildren
    }
}
