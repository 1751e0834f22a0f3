/// Whether the AASA names the bundle's app ID (OWASP MASTG-TEST-0070): without it, iOS opens the
/// domain's links in Safari and the universal links silently fall back to the web.
struct AASAAgreementCheck: AuditCheck {
    func findings(in context: AuditContext) -> [Finding] {
        guard let aasa = context.aasa else { return [] }
        guard let appID = context.target.app.appIdentifier else {
            return [
                Finding(
                    .appIDUnknown,
                    "the AASA \(aasa.path) was not compared: the bundle's team ID or bundle ID is unknown",
                    at: context.target.app.entitlementsPath ?? context.target.path
                )
            ]
        }
        guard !aasa.appIDs.contains(appID) else { return [] }
        let named = aasa.appIDs.isEmpty ? "no app IDs" : aasa.appIDs.joined(separator: ", ")
        return [Finding(.aasaMissingAppID, "the AASA names \(named), not '\(appID)'", at: aasa.path + ":applinks.details")]
    }
}
