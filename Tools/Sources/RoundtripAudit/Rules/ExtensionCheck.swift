import Foundation

/// App extension rules (OWASP MASTG-TEST-0072): TRUEPREDICATE activation and keyboards.
struct ExtensionCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        context.surface.extensions.flatMap { point -> [Finding] in
            var findings: [Finding] = []
            let name = point.bundleID ?? point.path
            if case .predicate(let text) = point.activationRule,
                text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() == "TRUEPREDICATE"
            {
                findings.append(
                    Finding(
                        .activationTruePredicate,
                        "the \(point.identifier) extension \(name) is activated by TRUEPREDICATE",
                        at: point.location + ".NSExtensionAttributes.NSExtensionActivationRule"
                    )
                )
            }
            if point.identifier == ExtensionPoint.keyboardIdentifier {
                if point.requestsOpenAccess == true {
                    findings.append(
                        Finding(
                            .keyboardOpenAccess,
                            "the keyboard extension \(name) requests open access",
                            at: point.location + ".NSExtensionAttributes.RequestsOpenAccess"
                        )
                    )
                } else {
                    findings.append(Finding(.keyboardExtension, "the app ships the keyboard extension \(name)", at: point.location))
                }
            }
            return findings
        }
    }
}
