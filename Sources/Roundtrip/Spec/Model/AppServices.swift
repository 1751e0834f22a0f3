/// The associated-domain services, besides universal links, that an app's domains offer it: the
/// spec's `app.webcredentials` and `app.app-clip`.
///
/// Each adds a section to the generated apple-app-site-association file of every domain the app
/// claims, and needs the matching entitlement (`webcredentials:domain`, `appclips:domain`) in the
/// bundle: Apple's "Supporting associated domains" and "Associating your App Clip with your website".
public struct AppServices: Sendable, Hashable {
    /// Whether the domains share web credentials with the app (the `webcredentials` service, for
    /// Password AutoFill and shared credentials).
    public var webCredentials: Bool
    /// The App Clip's app ID (`TEAMID.bundle.id.Clip`), listed in the `appclips` service; `nil`
    /// when the app has no App Clip on its domains.
    public var appClip: String?

    /// Creates the services.
    public init(webCredentials: Bool = false, appClip: String? = nil) {
        self.webCredentials = webCredentials
        self.appClip = appClip
    }

    /// Whether no service is declared.
    public var isEmpty: Bool { !webCredentials && appClip == nil }
}
