/// The app-extension and document-type rules (MASTG-TEST-0072).
extension AuditRule {
    /// `TRUEPREDICATE`.
    package static let activationTruePredicate = AuditRule(
        id: "activation-truepredicate",
        severity: .error,
        summary: "A share or action extension activated by TRUEPREDICATE: it is offered for any data, and App Review rejects it.",
        fix: "Replace it with the NSExtensionActivationSupports… dictionary or a SUBQUERY predicate for the types you handle.",
        reference: extensionTest
    )
    /// A keyboard extension.
    package static let keyboardExtension = AuditRule(
        id: "keyboard-extension",
        severity: .note,
        summary: "A custom keyboard extension: it sees what users type in other apps.",
        fix: "Keep keystrokes on the device and out of logs; users' sensitive apps may refuse third-party keyboards.",
        reference: extensionTest
    )
    /// A keyboard with full access.
    package static let keyboardOpenAccess = AuditRule(
        id: "keyboard-open-access",
        severity: .warning,
        summary: "A keyboard extension that requests open access (RequestsOpenAccess): it may send what users type over the network.",
        fix: "Drop RequestsOpenAccess unless a feature needs it, and say in the app what full access is used for.",
        reference: extensionTest
    )
    /// A document type of `public.data` and the like.
    package static let broadDocumentType = AuditRule(
        id: "broad-document-type",
        severity: .note,
        summary: "A document type so broad (public.data, public.item, *) that every shared file reaches the app.",
        fix: "List the specific content types the app really opens, and validate every file it is handed.",
        reference: "https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes"
    )
}
