extension SpecLinter {
    /// `allow-schemes` (warning): each scheme a spec opts back in for callbacks, with what it
    /// costs: for `http`, an answer in clear text; for a scheme the platform handles, where the
    /// answer goes instead; for a scheme in IANA's registry, that the platform or another app may
    /// be the one that opens it. A scheme that is not forbidden, or a list the `callbacks`
    /// allow-list makes moot, changes nothing, which is said too.
    static func allowSchemeFindings(_ spec: Spec) -> [SpecDiagnostic] {
        var lists = [(path: "allow-schemes", schemes: spec.allowSchemes)]
        lists += spec.actions.compactMap { action in action.allowSchemes.map { (path: "actions.\(action.name).allow-schemes", schemes: $0) } }
        var findings: [SpecDiagnostic] = []
        for list in lists {
            for (index, scheme) in list.schemes.enumerated() {
                findings.append(
                    SpecDiagnostic(
                        severity: .warning,
                        rule: "allow-schemes",
                        keyPath: "\(list.path)[\(index)]",
                        message: allowedSchemeCost(scheme, hasCallbackList: spec.callbacks != nil)
                    )
                )
            }
        }
        return findings
    }

    /// What allowing `scheme` for callbacks costs, for the warning.
    static func allowedSchemeCost(_ scheme: String, hasCallbackList: Bool) -> String {
        let lowercased = scheme.lowercased()
        if hasCallbackList {
            return
                "'\(lowercased):' is allowed, but the spec's 'callbacks' list decides every callback, so 'allow-schemes' changes nothing; remove it"
        }
        var bytes = lowercased
        guard let rule = bytes.withUTF8({ CallbackPolicy.schemeRule($0) }) else {
            return "'\(lowercased):' is not a forbidden callback scheme, so allowing it changes nothing; remove it"
        }
        switch rule {
        case .plain where lowercased == "http":
            return "'http:' callbacks carry the answer in clear text: the browser opens them over a connection without TLS, where anyone on "
                + "the network path can read the answer and its 'rt-state', or change them (RFC 9110 section 4.2.2 gives https for that); "
                + "prefer an https callback"
        case .registry(let status):
            return "'\(lowercased):' is in IANA's URI scheme registry (\(status.rawValue); copy of \(URISchemeRegistry.date)): the platform or "
                + "any app that registers it may be the one that opens a callback on it, and receives the answer with its 'rt-state'; "
                + "allow it only when it is your callers' own scheme"
        default:
            return "'\(lowercased):' is one the platform handles itself\(rule.reason): a callback on it hands the answer, with its 'rt-state', "
                + "to the system or the app that handles it, not to the app that called"
        }
    }
}
