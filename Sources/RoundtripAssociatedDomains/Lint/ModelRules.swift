import Roundtrip

/// Lint rules about apps and the shape of details.
enum ModelRules {
    static func check(_ file: AssociationFile) -> [LintFinding] {
        var findings: [LintFinding] = []
        if file == AssociationFile() {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "no-services",
                    message:
                        "the file declares no service; add \"applinks\" (universal links), \"webcredentials\", \"appclips\" or \"activitycontinuation\""
                )
            )
        }
        for (name, service) in [
            ("webcredentials", file.webcredentials), ("appclips", file.appclips), ("activitycontinuation", file.activitycontinuation),
        ] {
            guard let service else { continue }
            findings += ServiceRules.check(service, name: name, applinks: file.applinks)
        }
        guard let appLinks = file.applinks else { return findings }
        if let apps = appLinks.apps, !apps.isEmpty {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "apps-not-empty",
                    path: "applinks.apps",
                    message: "the legacy 'apps' key must be an empty array; apps belong in details. Write \"apps\": [] or remove the key"
                )
            )
        }
        if appLinks.details.isEmpty {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "empty-details",
                    path: "applinks.details",
                    message: "'details' is empty, so no app opens any URL of this domain; add a detail with appIDs and components"
                )
            )
        }
        for (index, detail) in appLinks.details.enumerated() {
            findings += check(detail, path: "applinks.details[\(index)]")
        }
        return findings
    }

    private static func check(_ detail: AppLinks.Detail, path: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        let position = detail.position
        if let appID = detail.appID {
            findings += appIDFindings(appID, path: path + ".appID", position: position)
        }
        for (index, app) in (detail.appIDs ?? []).enumerated() {
            findings += appIDFindings(app, path: "\(path).appIDs[\(index)]", position: position)
        }
        if detail.appID != nil, detail.appIDs != nil {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "app-id-and-app-ids",
                    path: path,
                    position: position,
                    message:
                        "the detail has both 'appID' and 'appIDs'; iOS 13 and later read only 'appIDs', iOS 12 only 'appID'. Keep one (appIDs for iOS 13+), or split into two details"
                )
            )
        }
        if detail.appID == nil, detail.appIDs?.isEmpty ?? true {
            findings.append(
                LintFinding(
                    .error,
                    rule: "missing-app-id",
                    path: path,
                    position: position,
                    message: "the detail names no app; add \"appIDs\": [\"TEAMID.bundle.id\"]"
                )
            )
        }
        switch (detail.components, detail.paths) {
        case (.some, .some):
            // Apple's TN3155 "Debugging universal links": a details entry that holds both keys
            // is a known cause of universal links that do not open the app.
            findings.append(
                LintFinding(
                    .error,
                    rule: "mixed-paths-components",
                    path: path,
                    position: position,
                    message:
                        "the detail has both 'components' and legacy 'paths'; Apple's TN3155 (Debugging universal links) names this as breaking universal links. Keep 'components' only (iOS 13+), or move the 'paths' into a detail of their own for iOS 12"
                )
            )
        case (nil, .some):
            findings.append(
                LintFinding(
                    .note,
                    rule: "legacy-paths",
                    path: path,
                    position: position,
                    message:
                        "the detail uses legacy 'paths'; they match the path only. Use 'components' (iOS 13+) to match queries and fragments, set case sensitivity and use variables"
                )
            )
        case (nil, nil):
            findings.append(
                LintFinding(
                    .warning,
                    rule: "no-rules",
                    path: path,
                    position: position,
                    message:
                        "the detail has neither 'components' nor 'paths', so its apps open no URL; add \"components\": [{\"/\": \"/*\"}] or the paths you want"
                )
            )
        case (.some(let components), nil):
            if !components.isEmpty, components.allSatisfy(\.isExclude) {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "exclude-only",
                        path: path + ".components",
                        position: position,
                        message: "every component excludes, so its apps open no URL; add the URLs the apps should open after the excludes"
                    )
                )
            }
        }
        return findings
    }

    /// `TEAMID.bundle.id`: a 10-character uppercase alphanumeric prefix, a dot, a bundle ID.
    static func appIDFindings(_ appID: String, path: String, position: SourcePosition?) -> [LintFinding] {
        guard !isValidAppID(appID) else { return [] }
        return [
            LintFinding(
                .error,
                rule: "app-id-format",
                path: path,
                position: position,
                message:
                    "'\(appID)' is not an app ID; write the 10-character Team ID (App ID prefix, A-Z and 0-9), a dot and the bundle ID, for example ABCDE12345.com.example.app"
            )
        ]
    }

    static func isValidAppID(_ appID: String) -> Bool {
        let scalars = Array(appID.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "." else { return false }
        let isTeam = scalars[0..<10].allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        let bundle = scalars[11...]
        let isBundle =
            bundle.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
            && bundle.first != "." && bundle.last != "."
        return isTeam && isBundle
    }
}
