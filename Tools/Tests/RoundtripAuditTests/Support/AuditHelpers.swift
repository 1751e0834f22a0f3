import Foundation
import Roundtrip
import RoundtripAudit
import RoundtripYAML

/// Builds targets in memory and audits them.
enum AuditHelpers {
    /// A target from dictionaries, decoded the way the loader decodes files.
    static func target(info: [String: Any]? = nil, entitlements: [String: Any]? = nil, extensions: [[String: Any]] = []) throws -> AuditTarget {
        var app = BundleContents(path: "Example.app")
        if let info {
            app.infoPath = "Example.app/Info.plist"
            app.info = try PropertyListValue.decodeDictionary(Plist.data(info), path: "Info.plist")
        }
        if let entitlements {
            app.entitlementsPath = "Example.app/archived-expanded-entitlements.xcent"
            app.entitlements = try PropertyListValue.decodeDictionary(Plist.data(entitlements), path: "x.xcent")
        }
        let appexes = try extensions.enumerated().map { index, info in
            BundleContents(
                path: "Example.app/PlugIns/E\(index).appex",
                infoPath: "Example.app/PlugIns/E\(index).appex/Info.plist",
                info: try PropertyListValue.decodeDictionary(Plist.data(info), path: "Info.plist"),
                isExtension: true
            )
        }
        return AuditTarget(path: "Example.app", kind: .appBundle, app: app, extensions: appexes)
    }

    /// Audits dictionaries, optionally with a spec (YAML text) and an AASA (JSON text).
    static func audit(
        info: [String: Any]? = nil,
        entitlements: [String: Any]? = nil,
        extensions: [[String: Any]] = [],
        spec: String? = nil,
        aasa: String? = nil
    ) throws -> AuditReport {
        let loaded = try spec.map { try SpecLoader.load(yaml: $0).spec }
        var aasaPath: String?
        var folder: TemporaryFolder?
        if let aasa {
            let temporary = try TemporaryFolder()
            aasaPath = try temporary.write(Data(aasa.utf8), to: "apple-app-site-association")
            folder = temporary
        }
        defer { folder?.remove() }
        let auditor = try Auditor(spec: loaded, specPath: "spec.yaml", aasaPath: aasaPath)
        return auditor.audit(try target(info: info, entitlements: entitlements, extensions: extensions))
    }

    /// The rule ids of a report's findings.
    static func rules(_ report: AuditReport) -> [String] { report.findings.map(\.rule) }
}
