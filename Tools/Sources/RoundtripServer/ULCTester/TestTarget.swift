import Roundtrip

/// A target URL the tester accepted, with the convention its shape implies.
///
/// An https URL is a Universal Link Callback target (the Universal Link Callback convention: "{appLogoutAction} is an Apple
/// Universal Link. As such, it must begin with https://"); `<scheme>://x-callback-url/<action>`
/// is an x-callback-url target. Everything else is refused with a message that says why.
package struct TestTarget: Sendable, Hashable {
    /// The URL as given.
    package let url: String
    /// Its convention.
    package let kind: TargetKind

    /// Validates a target.
    ///
    /// - Parameters:
    ///   - url: The target URL text.
    ///   - maximumLength: The longest accepted, in UTF-8 bytes.
    /// - Throws: ``APIError`` `too-large` or `invalid-target` (400).
    package init(_ url: String, maximumLength: Int) throws(APIError) {
        guard url.utf8.count <= maximumLength else {
            throw APIError(.badRequest, code: "too-large", message: "the target is \(url.utf8.count) bytes; the limit is \(maximumLength)")
        }
        guard !url.isEmpty else { throw .invalidTarget("the target is empty; give an https URL such as https://app.example.com/logout") }
        let split: URLSplit
        do {
            split = try URLSplit(url)
        } catch {
            throw .invalidTarget("the target is not a valid absolute URL: \(error.message)")
        }
        let scheme = split.scheme.lowercased()
        if split.userInfo != nil { throw .invalidTarget("the target has user-info ('…@') in its authority") }
        if split.fragment != nil { throw .invalidTarget("the target has a fragment ('#'); the callback parameters would end up inside it") }
        let kind: TargetKind
        if scheme == "https" {
            guard split.hasAuthority, !split.host.isEmpty else { throw .invalidTarget("the target is https without a '//host'") }
            kind = .ulc
        } else if split.hasAuthority, split.host.lowercased() == Convention.xCallbackURL.facts.routeHost,
            !CallbackPolicy.isPlatformScheme(scheme)
        {
            kind = .xCallbackURL
        } else {
            throw .invalidTarget(
                "the target must be an https universal link (a ULC target) or '\(Self.xCallbackShape)', not '\(scheme):'"
            )
        }
        if let query = split.query, !query.isEmpty {
            let items: [QueryItem]
            do {
                items = try QueryCodec.decode(query, allowDuplicates: true)
            } catch {
                throw .invalidTarget("the target's query is not valid: \(error.message)")
            }
            // Query names the tester adds (and aliases of them): a target that already carries one is ambiguous.
            let reserved = Set(kind.convention.reservedParameters)
            if let clash = items.first(where: { reserved.contains($0.name.lowercased()) }) {
                throw .invalidTarget("the target already has '\(clash.name)'; the tester adds the callback parameters itself")
            }
        }
        self.url = url
        self.kind = kind
    }

    /// The shape of an x-callback-url target, from the convention's derived route.
    private static let xCallbackShape = Convention.xCallbackURL.derivedRoute(scheme: "<scheme>", action: "<action>") ?? ""

    /// The target with callback parameters pointing at `base/success`, `base/error` and, for
    /// x-callback-url, `base/cancel`, each percent-encoded once (the spec format's encoding rules).
    package func link(callbackBase base: String) -> String {
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        let items = kind.convention.callbackItems(base: base, callerName: "Roundtrip Tester")
        return url + separator + QueryCodec.encode(items)
    }
}
