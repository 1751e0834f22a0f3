import Roundtrip
import RoundtripGeneration

/// A spec's universal-link route that a host's file must open in the spec's app: the URL
/// matched (the route with an example value in each placeholder) and the app ID expected.
package struct RouteExpectation: Sendable, Hashable {
    /// The host whose file decides the route: the route's own host when the spec claims it,
    /// else the apex of the wildcard claim that covers it (Apple's TN3155 "Debugging
    /// universal links").
    package let fileHost: String
    /// The app that must open the URL (`TEAMID.bundle.id`).
    package let appID: String
    /// The action the route belongs to.
    package let action: String
    /// The route as written in the spec.
    package let route: String
    /// The URL matched against the file.
    package let url: String

    /// Every universal-link route of `specs` that a claim of theirs covers, for specs with an
    /// app ID, in spec, action and route order.
    ///
    /// - Complexity: O(*s*·*r*·*d*) for *s* specs with *r* routes and *d* claimed domains.
    package static func all(in specs: [Spec]) -> [RouteExpectation] {
        var result: [RouteExpectation] = []
        for spec in specs {
            guard let appID = spec.app.appID, !appID.isEmpty else { continue }
            let claims = spec.app.domains.compactMap { try? CheckedDomain($0) }
            for action in spec.actions {
                for route in action.routes where route.isUniversalLink {
                    guard let fileHost = fileHost(of: route.host, claims: claims) else { continue }
                    let path = route.segments.map { segment in
                        switch segment {
                        case .literal(let text): text
                        case .placeholder(let name), .rest(let name): example(for: name, in: action)
                        }
                    }.joined(separator: "/")
                    let url = "https://\(route.host)" + (path.isEmpty ? "/" : path)
                    result.append(RouteExpectation(fileHost: fileHost, appID: appID, action: action.name, route: route.text, url: url))
                }
            }
        }
        return result
    }

    /// The host whose file verifies `host` for an app with these claims: `host` itself when
    /// claimed exactly, else the apex of a covering wildcard; `nil` when no claim covers it.
    static func fileHost(of host: String, claims: [CheckedDomain]) -> String? {
        if claims.contains(where: { !$0.isWildcard && $0.host == host }) { return host }
        return claims.first { $0.isWildcard && AssociatedDomainPattern($0.domain).covers(host) }?.host
    }

    /// A placeholder's example value, percent-encoded for a path segment: the declared
    /// parameter's example when it has one, else `example`.
    private static func example(for name: String, in action: Action) -> String {
        let text = action.parameters.first { $0.name == name }.flatMap { try? ExampleValue.text(for: $0) } ?? "example"
        return text.isEmpty ? "example" : QueryCodec.encodeComponent(text)
    }
}
