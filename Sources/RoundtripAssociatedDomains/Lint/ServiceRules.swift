/// Lint rules for the sections that only list apps: `webcredentials`, `appclips` and
/// `activitycontinuation`, each `{"apps": ["TEAMID.bundle.id", …]}` (Apple's "Supporting
/// associated domains" and "Associating your App Clip with your website").
enum ServiceRules {
    /// The findings of one section.
    ///
    /// - Parameters:
    ///   - service: The section.
    ///   - name: Its key in the file.
    ///   - applinks: The file's `applinks`, to tell an App Clip from its full app.
    /// - Complexity: O(*a* + *d*) for *a* apps in the section and *d* app IDs in the details.
    static func check(_ service: ServiceApps, name: String, applinks: AppLinks?) -> [LintFinding] {
        var findings: [LintFinding] = []
        if service.apps.isEmpty {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "service-no-apps",
                    path: name + ".apps",
                    message: "'\(name).apps' is empty, so the service is offered to no app; list the app IDs (TEAMID.bundle.id) or remove '\(name)'"
                )
            )
        }
        var seen: Set<String> = []
        let linked = Set(applinks?.details.flatMap(\.apps) ?? [])
        for (index, app) in service.apps.enumerated() {
            let path = "\(name).apps[\(index)]"
            findings += ModelRules.appIDFindings(app, path: path, position: nil)
            if !seen.insert(app).inserted {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "duplicate-app",
                        path: path,
                        message: "'\(app)' is listed more than once in \(name).apps; remove the repeats"
                    )
                )
            }
            // The App Clip has an app ID of its own (TEAMID.bundle.id.Clip); the full app's
            // universal links go in applinks, its clip in appclips.
            if name == "appclips", linked.contains(app) {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "appclip-is-full-app",
                        path: path,
                        message:
                            "'\(app)' is also named in applinks.details, so it looks like the full app; appclips lists the App Clip's own app ID, such as \(app).Clip"
                    )
                )
            }
        }
        return findings
    }
}
