import RoundtripAudit
import Testing

@Suite("Document type rules")
struct DocumentTypeRuleTests {
    @Test(
        "broad content types are noted, specific ones are not",
        arguments: [
            (["public.data"], [String](), true),
            (["com.example.receipt", "public.item"], [], true),
            (["public.content"], [], true),
            ([], ["*"], true),
            (["com.example.receipt"], [], false),
            (["public.png", "public.jpeg"], ["png"], false),
        ] as [([String], [String], Bool)]
    )
    func documentType(types: [String], extensions: [String], flagged: Bool) throws {
        var entry: [String: Any] = ["CFBundleTypeName": "Files", "LSItemContentTypes": types]
        if !extensions.isEmpty { entry["CFBundleTypeExtensions"] = extensions }
        let report = try AuditHelpers.audit(info: Plist.info(extra: ["CFBundleDocumentTypes": [entry]]))
        #expect(AuditHelpers.rules(report) == (flagged ? ["broad-document-type"] : []))
        #expect(report.surface.documentTypes.first?.name == "Files")
        if flagged {
            #expect(report.findings.first?.location == "Example.app/Info.plist:CFBundleDocumentTypes[0]")
        }
    }
}
