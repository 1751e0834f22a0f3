/// What the spec language says of the keys of every mapping but a parameter's (whose entries are
/// in `ParameterKey.swift`, an action's in `ActionKey.swift`): each key's kind of value and meaning, written once.
extension SpecKey {
    /// An entry for the key in `place`.
    func describe(_ place: SpecPlace, _ kind: SpecValueKind, _ summary: String, examples: [String] = []) -> SpecKeyEntry {
        SpecKeyEntry(name: name, place: place, kind: kind, summary: summary, examples: examples)
    }
}

extension TopLevelKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .roundtrip: describe(.topLevel, .wholeNumber(atLeast: 1), "The format's version: 1.")
        case .app: describe(.topLevel, .structure, "The app that receives the calls.")
        case .callbacks:
            describe(
                .topLevel,
                .structure,
                """
                The allow-list of callback bases, scheme://host/path: a callback is accepted only when its scheme, host, port and path \
                equal one base's. Without it, any absolute callback URL is accepted except the forbidden kinds.
                """
            )
        case .sources: describe(.topLevel, .structure, "Which calling apps are accepted, by the bundle ID the system reports.")
        case .signatures:
            describe(
                .topLevel,
                .choice(SignatureRequirement.allCases.map(\.rawValue), defaultChoice: SignatureRequirement.off.rawValue),
                "Whether requests must be signed: off (the default), optional (a signed request must be signed correctly) or required. An action's own `signatures` replaces it."
            )
        case .keys:
            describe(.topLevel, .structure, "Who may sign requests, by key id (the rt-kid of a signed request). A secret never appears in the spec.")
        case .queryEncoding:
            describe(
                .topLevel,
                .choice(QueryEncoding.allCases.map(\.rawValue), defaultChoice: QueryEncoding.rfc3986.rawValue),
                "How a `+` in a query reads, for the actions that do not say: rfc3986 (the default: a literal plus) or form (a space, as HTML forms write it)."
            )
        case .actions: describe(.topLevel, .structure, "What other apps can ask the app to do, by name.")
        case .answers:
            describe(
                .topLevel,
                .structure,
                "Whether the app signs its answers, so a caller can tell them from an approval forged by an app that hijacked its custom scheme. An action's own `answers` replaces it."
            )
        case .callbackMatch:
            describe(
                .topLevel,
                .choice(CallbackMatch.allCases.map(\.rawValue), defaultChoice: CallbackMatch.base.rawValue),
                "How the `callbacks` list matches: base (the default: scheme://host/path, any query) or exact (the whole callback URL byte for byte, then nothing but ?rt-state=…, RFC 9700 section 4.1.3). An action's own `callback-match` replaces it."
            )
        case .allowSchemes:
            describe(
                .topLevel,
                .structure,
                """
                Schemes a callback may use although the default policy forbids them (every scheme of IANA's URI scheme registry but https, \
                copy of \(URISchemeRegistry.date), and the schemes the platform handles itself, such as http): an app's own scheme that \
                IANA lists, such as spotify or ms-word. Read only without a `callbacks` list; `roundtrip spec lint` says what each costs \
                (allow-schemes). Never javascript, vbscript, data, file, about or blob. An action's own `allow-schemes` replaces it.
                """
            )
        case .names:
            describe(
                .topLevel,
                .choice(NameMatching.allCases.map(\.rawValue), defaultChoice: NameMatching.exact.rawValue),
                """
                How a query name finds its parameter, for the actions that do not say: exact (the default: as written) or \
                case-insensitive (BC= is bc, ASCII letters only; the same name twice in two cases is duplicate-parameter).
                """
            )
        }
    }
}

extension AppKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .name: describe(.app, .nonEmptyText, "The app's name, for messages and generated documentation.", examples: ["Notes"])
        case .appID:
            describe(
                .app,
                .nonEmptyText,
                "TEAMID.bundle-id: ten capital letters or digits, a dot and the bundle ID. Used to generate apple-app-site-association files.",
                examples: ["ABCDE12345.com.example.notes"]
            )
        case .schemes: describe(.app, .structure, "The custom URL schemes the app registers (CFBundleURLSchemes).")
        case .domains:
            describe(
                .app,
                .structure,
                """
                The associated domains the app claims for universal links, without applinks:, port or path. \
                *.example.com covers every subdomain of example.com, not example.com itself, and is verified \
                with the file of example.com (Apple's TN3155).
                """
            )
        case .description: describe(.app, .text, "Free text for generated documentation and code; the decision ignores it.")
        case .webCredentials:
            describe(.app, .flag, "true when the app's domains share web credentials with it: the generated AASA lists app-id under webcredentials.")
        case .appClip: describe(.app, .structure, "The App Clip's app ID (TEAMID.bundle.id.Clip), listed under appclips in the generated AASA.")
        case .android:
            describe(
                .app,
                .structure,
                "The Android app that opens the same https routes as App Links: its package names and signing certificates, for the generated assetlinks.json and intent filters."
            )
        }
    }
}

extension AndroidKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .package:
            describe(
                .android,
                .nonEmptyText,
                "The app's package name (its applicationId): two or more dot-separated parts, each a letter then letters, digits or _. Or `packages`.",
                examples: ["com.example.terminal"]
            )
        case .packages:
            describe(
                .android,
                .structure,
                "Several package names (build variants such as com.example.terminal.debug) that each verify the domains. Or `package`."
            )
        case .certificateFingerprints:
            describe(
                .android,
                .structure,
                "The SHA-256 fingerprints of the app's signing certificates (Play App Signing's key, not the upload key): 32 bytes in hexadecimal, any case, with or without colons.",
                examples: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
            )
        case .loginCredentials:
            describe(
                .android,
                .flag,
                "true when the domains share sign-in credentials with the app: the generated assetlinks.json also grants delegate_permission/common.get_login_creds."
            )
        case .dynamicRules:
            describe(
                .android,
                .flag,
                "true to put the routes in assetlinks.json as Android 15's dynamic rules (dynamic_app_link_components), the manifest's verified filters naming scheme and host only."
            )
        }
    }
}

extension SourcesKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .allow: describe(.sources, .structure, "When present, only these bundle IDs may call.")
        case .deny: describe(.sources, .structure, "These bundle IDs may never call (com.apple.mobilesafari refuses web pages).")
        case .unknown:
            describe(
                .sources,
                .choice(SourcePolicy.Unknown.allCases.map(\.rawValue), defaultChoice: SourcePolicy.Unknown.allow.rawValue),
                "What to do when the system does not say who called: allow (the default) or reject."
            )
        }
    }
}

extension SigningKeyKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .algorithm:
            describe(
                .signingKey,
                .choice(SignatureAlgorithm.allCases.map(\.rawValue), defaultChoice: nil),
                "hmac-sha256 (a shared secret, from secret-env or keychain) or ed25519 (a public key)."
            )
        case .secretEnv:
            describe(.signingKey, .environmentName, "hmac-sha256: the environment variable that holds the secret.", examples: ["POS_SIGNING_SECRET"])
        case .keychain: describe(.signingKey, .nonEmptyText, "hmac-sha256: the Keychain account that holds the secret (read by KeychainKeyResolver).")
        case .publicKey: describe(.signingKey, .structure, "ed25519: the base64 (or base64url) of the raw 32-byte public key.")
        }
    }
}

extension AnswersKey {
    /// The registry's entry for the key.
    public var entry: SpecKeyEntry {
        switch self {
        case .signatures:
            describe(
                .answers,
                .choice(SignatureRequirement.allCases.map(\.rawValue), defaultChoice: nil),
                "Whether the app signs the callbacks it answers with: off, optional (callers check a signature when present) or required (callers refuse an unsigned answer with missing-signature)."
            )
        case .key:
            describe(
                .answers,
                .nonEmptyText,
                "The key of `keys` that signs the answers: an ed25519 key (callers hold only its public key), or an hmac-sha256 `keychain` key provisioned for each pairing; never a `secret-env` one (unknown-answer-key, shared-secret-answer-key).",
                examples: ["terminal-2026"]
            )
        }
    }
}
