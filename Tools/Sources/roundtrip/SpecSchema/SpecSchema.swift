import Roundtrip

/// The JSON Schema (draft 2020-12) of spec files: what `roundtrip spec schema` prints, so that an
/// editor validates and completes a spec as it is written (the YAML language server of VS Code
/// and other editors reads it from a first line `# yaml-language-server: $schema=…`).
///
/// It is the one home of the schema's shape; every key's description, value kind, examples and
/// the parameter types it applies to come from the spec language's registry (``SpecLanguage``).
/// `schema/roundtrip-spec.schema.json` is this, printed, and a test keeps the two identical.
///
/// The loader (`SpecLoader`) is the authority. The schema describes every key, its type and
/// values, and the combinations the loader refuses that JSON Schema can express (a key that does
/// not apply to a parameter's type or to an action's convention, a secret without `secret-env`,
/// `min-items` without `list`, signatures without keys). The rest is left to `roundtrip spec
/// lint`: routes, patterns and date formats that must parse, a default checked against its
/// constraints, a minimum above its maximum, two actions on one route, a name that starts with
/// the action's response prefix.
///
/// The loader reads every value as text, and YAML writes numbers and Booleans unquoted, so the
/// schema takes both spellings where the loader does (`minimum: 0.01` and `minimum: "0.01"`,
/// `required: true` and `required: "yes"`). Its keywords mean the same under draft-07, which the
/// YAML language server implements; `errorMessage` and `patternErrorMessage` are the VS Code JSON
/// language service's messages, which other validators ignore.
enum SpecSchema {
    /// The schema as printed: two-space indentation, members in the order written here, and a
    /// final line break.
    static var text: String { document.rendered() + "\n" }

    /// The schema.
    static let document: OrderedJSON = [
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Roundtrip spec",
        "description": """
        A Roundtrip spec: the URL API an app exposes to other apps (its routes, parameters, \
        callbacks and who may call it). Print this schema with `roundtrip spec schema`; \
        `roundtrip spec lint SPEC` is the authority and also checks what a schema cannot.
        """,
        "type": "object",
        "additionalProperties": false,
        "required": ["roundtrip", "app", "actions"],
        "properties": [
            "roundtrip": [
                "description": .string(TopLevelKey.roundtrip.entry.summary),
                "type": ["integer", "string"],
                "minimum": 1,
                "maximum": 1,
                "pattern": "^\\+?0*1$",
                "patternErrorMessage": "this Roundtrip reads spec version 1",
                "default": 1,
            ],
            "app": ["description": .string(TopLevelKey.app.entry.summary), "$ref": "#/$defs/app"],
            "callbacks": callbacks,
            "sources": ["description": .string(TopLevelKey.sources.entry.summary), "$ref": "#/$defs/sources"],
            "signatures": signatures(
                TopLevelKey.signatures.entry.summary
            ),
            "keys": keys,
            "answers": answers(TopLevelKey.answers.entry.summary),
            "callback-match": schema(of: TopLevelKey.callbackMatch.entry),
            "allow-schemes": allowSchemes(TopLevelKey.allowSchemes.entry.summary),
            "query-encoding": schema(of: TopLevelKey.queryEncoding.entry),
            "names": schema(of: TopLevelKey.names.entry),
            "actions": [
                "description": .string(TopLevelKey.actions.entry.summary),
                "type": "object",
                "propertyNames": ["minLength": 1],
                "additionalProperties": ["$ref": "#/$defs/action"],
                "patternProperties": [
                    // The loader's rule for a derived route: RFC 3986 path characters, `%` only
                    // before two hex digits, and no segment that is a bare `:` (a placeholder
                    // without a name).
                    "[^!$%&'()*+,\\-./0-9:;=@A-Z_a-z~]|%(?![0-9A-Fa-f]{2})|(^|/):(/|$)": [
                        "$comment":
                            "A name that is not a URL path (RFC 3986 path characters, % only before two hex digits, no bare : segment) cannot give the route <scheme>://x-callback-url/<name> (invalid-route).",
                        "allOf": [
                            ["$ref": "#/$defs/action"],
                            [
                                "if": conventionIs(derivingRoutes),
                                "then": [
                                    "required": ["url"],
                                    "errorMessage":
                                        "this name cannot be the path of <scheme>://x-callback-url/<name>; give the action a 'url' or a URL-safe name",
                                ],
                            ],
                        ],
                    ]
                ],
            ],
        ],
        "allOf": specRules,
        "$defs": [
            "app": app,
            "android": android,
            "sources": sources,
            "key": signingKey,
            "action": action,
            "route": route,
            "parameter": parameter(named: false),
            "named-value": parameter(named: true),
            "returned-value": returnedValue,
            "type-rules": typeRules,
            "answers": answersPolicy,
            "json-schema": jsonValueSchema,
        ],
    ]

    // MARK: - Values

    /// The type names of text: the loader reads any single value as text.
    static let textTypes: OrderedJSON = ["string", "number", "boolean", "null"]

    /// Free text.
    static func text(_ description: String, examples: [OrderedJSON] = []) -> OrderedJSON {
        let schema: OrderedJSON = ["description": .string(description), "type": textTypes]
        return examples.isEmpty ? schema : schema.adding("examples", .array(examples))
    }

    /// An environment variable's name (`secret-env`): a letter or `_`, then letters, digits or `_`.
    static func environmentName(_ description: String, examples: [OrderedJSON] = []) -> OrderedJSON {
        let schema: OrderedJSON = [
            "description": .string(description),
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
            "patternErrorMessage": "not an environment variable name: a letter or '_', then letters, digits or '_'",
        ]
        return examples.isEmpty ? schema : schema.adding("examples", .array(examples))
    }

    /// Text that may not be empty.
    static func nonEmptyText(_ description: String, examples: [OrderedJSON] = []) -> OrderedJSON {
        let schema: OrderedJSON = [
            "description": .string(description),
            "type": ["string", "number", "boolean"],
            "minLength": 1,
        ]
        return examples.isEmpty ? schema : schema.adding("examples", .array(examples))
    }

    /// The spellings of a Boolean the loader reads: `true`, `false` and the YAML 1.1 words.
    static func flag(_ description: String) -> OrderedJSON {
        [
            "description": .string(description),
            "type": ["boolean", "string"],
            "pattern": .string("^(" + (yamlTrueWords + yamlFalseWords).joined(separator: "|") + ")$"),
            "patternErrorMessage": "expected true or false",
            "default": false,
        ]
    }

    /// A flag that is on, for conditions.
    static let isTrue: OrderedJSON = ["enum": .array([true] + yamlTrueWords.map(OrderedJSON.string))]

    /// A flag that is off, for conditions.
    static let isFalse: OrderedJSON = ["enum": .array([false] + yamlFalseWords.map(OrderedJSON.string))]

    /// `signatures` that are off, in every spelling the loader reads as `off`.
    static let isOff: OrderedJSON = ["enum": .array(yamlFalseWords.map(OrderedJSON.string) + [false])]

    /// The words YAML 1.1 readers (PyYAML, many editors' validators) take for Booleans, as the
    /// YAML 1.1 "Boolean Language-Independent Type" lists them; the loader reads them the same
    /// way, so the schema accepts them quoted (YAML 1.2 readers hand them over as text) or as
    /// the Boolean a YAML 1.1 reader makes of them.
    static let yamlTrueWords = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
    static let yamlFalseWords = ["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"]

    /// A whole number of at least `minimum` (0 or 1), unquoted or quoted.
    static func count(_ description: String, minimum: Int = 0, examples: [OrderedJSON] = []) -> OrderedJSON {
        let schema: OrderedJSON = [
            "description": .string(description),
            "type": ["integer", "string"],
            "minimum": .integer(minimum),
            "pattern": minimum == 0 ? "^(\\+?[0-9]+|-0+)$" : "^\\+?0*[1-9][0-9]*$",
            "patternErrorMessage": .string("expected a whole number ≥ \(minimum)"),
        ]
        return examples.isEmpty ? schema : schema.adding("examples", .array(examples))
    }

    /// A numeric bound, unquoted or quoted, in the forms the loader reads (YAML 1.2's core
    /// schema's numbers: `12.50`, `-5`, `1e3`, `0x10`). An editor reads an unquoted `1e3` as the
    /// number 1000 before the schema sees it, so the loader reads it as 1000 too; both refuse a
    /// magnitude of 10^38 or more. (A schema cannot count a number's digits: more than 38
    /// significant ones only the loader refuses.)
    static func decimal(_ description: String) -> OrderedJSON {
        [
            "description": .string(description),
            "type": ["number", "string"],
            "exclusiveMinimum": .number("-1e38"),
            "exclusiveMaximum": .number("1e38"),
            "pattern": "^([-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|0x[0-9A-Fa-f]+|0o[0-7]+)$",
            "patternErrorMessage": "expected a number such as 12.50 or 1e3",
        ]
    }

    /// One value, or a list of values (the loader reads a single value as a list of one).
    static func oneOrMore(_ item: OrderedJSON) -> OrderedJSON {
        ["anyOf": [item, ["type": "array", "items": item]]]
    }

    /// One of a library enumeration's spellings, with the default first.
    static func choice(_ values: [String], _ description: String, default value: String? = nil) -> OrderedJSON {
        let schema: OrderedJSON = ["description": .string(description), "enum": .array(values.map(OrderedJSON.string))]
        return value.map { schema.adding("default", .string($0)) } ?? schema
    }

    /// A key that may not appear here, with the loader's reason.
    static func forbidden(_ message: String) -> OrderedJSON {
        ["not": OrderedJSON.anything, "errorMessage": .string(message)]
    }

    /// `signatures`.
    ///
    /// `off` is `false` to a YAML 1.1 reader, so `false` and the other false words mean `off`,
    /// as the loader reads them.
    static func signatures(_ description: String, hasDefault: Bool = true) -> OrderedJSON {
        let words = SignatureRequirement.allCases.map(\.rawValue) + yamlFalseWords.filter { $0 != "off" }
        let schema: OrderedJSON = ["description": .string(description), "enum": .array(words.map(OrderedJSON.string) + [false])]
        return hasDefault ? schema.adding("default", .string(SignatureRequirement.off.rawValue)) : schema
    }

    // MARK: - The file

    /// `callbacks`.
    static let callbacks: OrderedJSON = [
        "description": .string(TopLevelKey.callbacks.entry.summary),
        "anyOf": [
            callbackBase,
            ["type": "array", "items": callbackBase],
        ],
        "examples": [["pos-app://charge-result", "https://pos.example.com/return"]],
    ]

    /// One callback base: an absolute URL without query, fragment or user-info.
    static let callbackBase: OrderedJSON = [
        "type": "string",
        "pattern":
            "^[A-Za-z][A-Za-z0-9+.\\-]*:(//(\\[[0-9A-Fa-f:.]+\\]|[!$%&'()*+,\\-.0-9;=A-Z_a-z~]*)(:[0-9]*)?(/[!$%&'()*+,\\-./0-9:;=@A-Z_a-z~]*)?|(?!//)[!$%&'()*+,\\-./0-9:;=@A-Z_a-z~]*)$",
        "patternErrorMessage": "a callback base is scheme://host/path, without query, fragment or user-info",
    ]

    /// `app`.
    static let app: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "required": ["name"],
        "properties": [
            "name": schema(of: AppKey.name.entry),
            "app-id": schema(of: AppKey.appID.entry),
            "schemes": [
                "description": .string(AppKey.schemes.entry.summary),
                "anyOf": [scheme, ["type": "array", "items": scheme]],
                "examples": [["notes"]],
            ],
            "domains": [
                "description": .string(AppKey.domains.entry.summary),
                "anyOf": [domain, ["type": "array", "items": domain]],
                "examples": [["notes.example.com"]],
            ],
            "webcredentials": schema(of: AppKey.webCredentials.entry),
            "app-clip": [
                "description": .string(AppKey.appClip.entry.summary),
                "type": "string",
                "pattern": "^[A-Z0-9]{10}\\.[A-Za-z0-9.-]+$",
                "examples": ["ABCDE12345.com.example.notes.Clip"],
            ],
            "description": schema(of: AppKey.description.entry),
            "android": ["description": .string(AppKey.android.entry.summary), "$ref": "#/$defs/android"],
        ],
    ]

    /// `app.android`: `package` or `packages` (never both), and the signing certificates.
    static let android: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "required": ["sha256-cert-fingerprints"],
        "oneOf": [["required": ["package"]], ["required": ["packages"]]],
        "properties": [
            "package": described(AndroidKey.package.entry, packageName.adding("examples", ["com.example.terminal"])),
            "packages": [
                "description": .string(AndroidKey.packages.entry.summary),
                "anyOf": [packageName, ["type": "array", "items": packageName, "minItems": 1, "uniqueItems": true]],
                "examples": [["com.example.terminal", "com.example.terminal.debug"]],
            ],
            "sha256-cert-fingerprints": [
                "description": .string(AndroidKey.certificateFingerprints.entry.summary),
                "anyOf": [certificateFingerprint, ["type": "array", "items": certificateFingerprint, "minItems": 1]],
                "examples": [.array(AndroidKey.certificateFingerprints.entry.examples.map(OrderedJSON.string))],
            ],
            "login-credentials": schema(of: AndroidKey.loginCredentials.entry),
            "dynamic-rules": schema(of: AndroidKey.dynamicRules.entry),
        ],
    ]

    /// An Android package name.
    static let packageName: OrderedJSON = [
        "type": "string",
        "pattern": "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$",
        "patternErrorMessage": "not an Android package name (two or more parts separated by dots, each a letter then letters, digits or _)",
    ]

    /// A SHA-256 certificate fingerprint: 32 hexadecimal bytes, with a colon between every byte or none.
    static let certificateFingerprint: OrderedJSON = [
        "type": "string",
        "pattern": "^([0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}|[0-9A-Fa-f]{64})$",
        "patternErrorMessage": "not a SHA-256 certificate fingerprint (32 bytes in hexadecimal, such as 14:6D:E9:…:E5)",
    ]

    /// A URL scheme.
    static let scheme: OrderedJSON = [
        "type": "string",
        "pattern": "^[A-Za-z][A-Za-z0-9+.\\-]*$",
        "patternErrorMessage": "not a URL scheme (a letter, then letters, digits, '+', '-' or '.')",
    ]

    /// A host name, whose first label may be `*`.
    static let domain: OrderedJSON = [
        "type": "string",
        "maxLength": 253,
        "pattern": "^(\\*|[A-Za-z0-9]([A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?)+$",
        "patternErrorMessage": "not a host name; write the domain alone, without applinks:, scheme, port or path",
    ]

    /// `sources`, at the top level or on an action.
    static let sources: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "properties": [
            "allow": [
                "description": .string(SourcesKey.allow.entry.summary),
                "anyOf": [["type": textTypes], ["type": "array", "items": ["type": textTypes]]],
                "examples": [["com.example.pos"]],
            ],
            "deny": [
                "description": .string(SourcesKey.deny.entry.summary),
                "anyOf": [["type": textTypes], ["type": "array", "items": ["type": textTypes]]],
                "examples": [["com.apple.mobilesafari"]],
            ],
            "unknown": schema(of: SourcesKey.unknown.entry),
        ],
    ]

    /// `keys`.
    static let keys: OrderedJSON = [
        "description": .string(TopLevelKey.keys.entry.summary),
        "type": "object",
        "propertyNames": ["minLength": 1],
        "additionalProperties": ["$ref": "#/$defs/key"],
    ]

    /// One signing key.
    static let signingKey: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "required": ["algorithm"],
        "properties": [
            "algorithm": schema(of: SigningKeyKey.algorithm.entry),
            "secret-env": schema(of: SigningKeyKey.secretEnv.entry),
            "keychain": schema(of: SigningKeyKey.keychain.entry),
            "public-key": [
                "description": .string(SigningKeyKey.publicKey.entry.summary),
                "type": "string",
                "pattern": "^[ \\t]*[A-Za-z0-9+/_\\-]{42}[AEIMQUYcgkosw048]={0,2}[ \\t]*$",
                "patternErrorMessage": "the public key must be base64 of exactly 32 raw bytes",
            ],
        ],
        "allOf": [
            [
                "$comment": "missing-key and invalid-key: an hmac-sha256 key is a shared secret, named by secret-env or keychain.",
                "if": algorithmIs(.hmacSHA256),
                "then": [
                    "if": ["not": ["required": ["keychain"]]],
                    "then": ["required": ["secret-env"]],
                    "properties": ["public-key": forbidden("hmac-sha256 keys are shared secrets; 'public-key' is for ed25519")],
                ],
            ],
            [
                "$comment": "missing-key: an ed25519 key needs its public key.",
                "if": algorithmIs(.ed25519),
                "then": ["required": ["public-key"]],
            ],
        ],
    ]

    /// A key's `algorithm` is `algorithm`.
    static func algorithmIs(_ algorithm: SignatureAlgorithm) -> OrderedJSON {
        ["required": ["algorithm"], "properties": ["algorithm": ["const": .string(algorithm.rawValue)]]]
    }

    /// The rules across the file's parts.
    static let specRules: OrderedJSON = [
        [
            "$comment":
                "missing-key: an x-callback-url action without 'url' answers at <scheme>://x-callback-url/<action>, so the app needs a scheme.",
            "if": [
                "not": [
                    "required": ["app"],
                    "properties": [
                        "app": [
                            "required": ["schemes"],
                            "properties": ["schemes": ["anyOf": [["type": "string"], ["type": "array", "minItems": 1]]]],
                        ]
                    ],
                ]
            ],
            "then": [
                "properties": [
                    "actions": [
                        "additionalProperties": [
                            "if": conventionIs(derivingRoutes),
                            "then": [
                                "required": ["url"],
                                "errorMessage":
                                    "the action has no 'url' and the app has no schemes to derive <scheme>://x-callback-url/<action> from",
                            ],
                        ]
                    ]
                ]
            ],
        ],
        [
            "$comment": "signatures-without-keys: an action whose signatures are optional or required needs the spec's keys.",
            "if": ["not": ["required": ["keys"], "properties": ["keys": ["minProperties": 1]]]],
            "then": [
                "properties": [
                    "actions": [
                        "additionalProperties": [
                            "properties": ["signatures": isOff.adding("errorMessage", "signatures are on but the spec declares no 'keys'")]
                        ]
                    ]
                ]
            ],
        ],
        [
            "$comment": "signatures-without-keys: the actions inherit the top level's signatures unless they say otherwise.",
            "if": [
                "required": ["signatures"],
                "properties": ["signatures": ["not": isOff]],
                "not": ["required": ["keys"], "properties": ["keys": ["minProperties": 1]]],
            ],
            "then": [
                "properties": [
                    "actions": [
                        "additionalProperties": [
                            "required": ["signatures"],
                            "errorMessage": "signatures are on but the spec declares no 'keys'; declare keys, or give this action 'signatures: off'",
                        ]
                    ]
                ]
            ],
        ],
    ]

    // MARK: - Actions

    /// The type names of a parameter.
    static let typeNames = SpecLanguage.parameterTypeNames

    /// `convention` is one of `conventions`.
    /// The conventions that derive an action's route when it gives no `url`.
    static let derivingRoutes = Convention.allCases.filter { $0.derivedRoute(scheme: "<scheme>", action: "<action>") != nil }

    static func conventionIs(_ conventions: [Convention]) -> OrderedJSON {
        [
            "required": ["convention"],
            "properties": ["convention": ["enum": .array(conventions.map { .string($0.rawValue) })]],
        ]
    }

    /// One route.
    static let route: OrderedJSON = [
        "description": """
        An absolute URL without query, fragment, user-info or port. A path segment :name is a placeholder, \
        a required string parameter unless declared; a last segment :name* takes the rest of the path (one or more \
        non-empty segments, each decoded, joined with /); a host :name takes any non-empty host, lowercased (not on \
        https: a universal link's domains are named in its associated domains). Literal segments and hosts win over \
        placeholders. http URLs never open apps.
        """,
        "type": "string",
        "pattern":
            "^(?![Hh][Tt][Tt][Pp]:)(?![Hh][Tt][Tt][Pp][Ss]://:)[A-Za-z][A-Za-z0-9+.\\-]*:(//(\\[[0-9A-Fa-f:.]+\\]|:[\\-.0-9A-Z_a-z]+|[!$%&'()*+,\\-.0-9;=A-Z_a-z~]*)(/[!$%&'()*+,\\-./0-9:;=@A-Z_a-z~]*)?|(?!//)[!$%&'()*+,\\-./0-9:;=@A-Z_a-z~]*)$",
        "patternErrorMessage":
            "a route is an absolute URL (not http) without query, fragment, user-info or port; a host placeholder (:name) is not for https",
        "examples": [
            "notes://x-callback-url/create", "things:///add", "https://notes.example.com/notes/:id", "notes:///:path*", "webview://:host/:rest*",
        ],
    ]

    /// One action.
    static let action: OrderedJSON = [
        "type": "object",
        "additionalProperties": false,
        "required": ["convention"],
        "properties": [
            "url": [
                "description": .string(ActionKey.url.entry.summary),
                "anyOf": [
                    ["$ref": "#/$defs/route"],
                    ["type": "array", "minItems": 1, "uniqueItems": true, "items": ["$ref": "#/$defs/route"]],
                ],
            ],
            "convention": schema(of: ActionKey.convention.entry),
            "return-parameter": schema(of: ActionKey.returnParameter.entry).adding(
                "default",
                .string(ConventionNames.returnParameter)
            ),
            "response-prefix": schema(of: ActionKey.responsePrefix.entry),
            "outcomes": [
                "description": .string(ActionKey.outcomes.entry.summary),
                "anyOf": [
                    ["type": textTypes],
                    ["type": "array", "minItems": 1, "uniqueItems": true, "items": ["type": textTypes]],
                ],
            ],
            "unknown-parameters": schema(of: ActionKey.unknownParameters.entry),
            "parameters": [
                "description": .string(ActionKey.parameters.entry.summary),
                "type": "object",
                "propertyNames": parameterName,
                "patternProperties": [
                    "\\*$": [
                        "allOf": [
                            ["$ref": "#/$defs/parameter"],
                            [
                                "properties": [
                                    "required": isFalse.adding(
                                        "errorMessage",
                                        "a prefix matches any number of names, none included, so it cannot be required"
                                    ),
                                    "default": forbidden("a prefix has no single name to carry a default"),
                                    "list": [
                                        "not": ["const": "repeated"],
                                        "errorMessage": "each name a prefix matches carries one value; use comma, newline or space",
                                    ],
                                ]
                            ],
                        ]
                    ]
                ],
                "additionalProperties": ["$ref": "#/$defs/parameter"],
            ],
            "query-value": [
                "description": .string(ActionKey.queryValue.entry.summary),
                "$ref": "#/$defs/named-value",
            ],
            "fragment": [
                "description": .string(ActionKey.fragment.entry.summary),
                "anyOf": [["$ref": "#/$defs/named-value"], ["const": "ignore"]],
            ],
            "sources": ["description": .string(ActionKey.sources.entry.summary), "$ref": "#/$defs/sources"],
            "signatures": signatures(
                ActionKey.signatures.entry.summary,
                hasDefault: false
            ),
            "returns": returnedValues(ActionKey.returns.entry.summary),
            "query-encoding": schema(of: ActionKey.queryEncoding.entry),
            "description": schema(of: ActionKey.description.entry),
            "answers": answers(ActionKey.answers.entry.summary),
            "callback-match": schema(of: ActionKey.callbackMatch.entry),
            "select": select,
            "required-callbacks": requiredCallbacks,
            "requires-one-of": requiresOneOf,
            "allow-schemes": allowSchemes(ActionKey.allowSchemes.entry.summary),
            "callback-parameters": callbackParameters,
            "answer": answer,
            "error-returns": returnedValues(ActionKey.errorReturns.entry.summary),
            "state-parameter": schema(of: ActionKey.stateParameter.entry),
            "ignore-parameters": nameList(ActionKey.ignoreParameters.entry.summary),
            "forbid-parameters": nameList(ActionKey.forbidParameters.entry.summary),
            "names": schema(of: ActionKey.names.entry),
            "exclusive": exclusive,
            "forbid-schemes": forbidSchemes,
            "invalid-callback": schema(of: ActionKey.invalidCallback.entry),
            "path-parameters": [
                "description": .string(ActionKey.pathParameters.entry.summary),
                "type": "object",
                "propertyNames": ["type": "string", "minLength": 1, "pattern": "^[^;=*]+$"],
                "additionalProperties": ["$ref": "#/$defs/parameter"],
            ],
        ],
        "allOf": actionRules,
    ]

    /// A parameter's name: not in Roundtrip's `rt-` namespace, no control characters.
    static let parameterName: OrderedJSON = [
        "minLength": 1,
        "pattern": .string("^(?!\(ReservedNames.prefix))(?!(r|rt)?\\*$)[^*\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069]*\\*?$"),
        "patternErrorMessage":
            "parameters starting with 'rt-' belong to Roundtrip, names may not contain control characters, and '*' may only end a name, after at least one character (a prefix such as fld*) that does not start 'rt-'",
    ]

    /// The rules that tie an action's keys to its convention.
    static let actionRules: OrderedJSON = {
        var rules: [OrderedJSON] = [
            [
                "$comment": "missing-key: only an x-callback-url action has a default route.",
                "if": ["not": conventionIs(derivingRoutes)],
                "then": ["required": ["url"]],
            ],
            [
                "$comment": "ulc-not-https: a Universal Link Callback action is an https universal link.",
                "if": conventionIs([.universalLinkCallback]),
                "then": [
                    "properties": [
                        "url": [
                            "pattern": "^[Hh][Tt][Tt][Pp][Ss]:",
                            "items": [
                                "pattern": "^[Hh][Tt][Tt][Pp][Ss]:",
                                "patternErrorMessage": "a Universal Link Callback action must be an https universal link",
                            ],
                            "patternErrorMessage": "a Universal Link Callback action must be an https universal link",
                        ]
                    ]
                ],
            ],
            [
                "$comment": "convention-mismatch: return-parameter and response-prefix apply to return-url actions only.",
                "if": ["not": conventionIs(Convention.allCases.filter { $0.actionKeys.contains("return-parameter") })],
                "then": [
                    "properties": [
                        "return-parameter": forbidden("'return-parameter' applies to return-url actions only"),
                        "response-prefix": forbidden("'response-prefix' applies to return-url actions only"),
                    ]
                ],
            ],
            [
                "$comment": "convention-mismatch: outcomes apply to return-url and x-callback-url actions.",
                "if": conventionIs(Convention.allCases.filter { !$0.actionKeys.contains("outcomes") }),
                "then": ["properties": ["outcomes": forbidden("'outcomes' applies to return-url and x-callback-url actions only")]],
            ],
            [
                "$comment": "invalid-value: x-callback-url outcomes are a subset of the convention's.",
                "if": conventionIs([.xCallbackURL]),
                "then": [
                    "properties": [
                        "outcomes": oneOrMore(["enum": .array(Convention.xCallbackURL.defaultOutcomes.map(OrderedJSON.string))])
                    ]
                ],
            ],
            [
                "$comment": "convention-mismatch: invalid-callback applies only where callbacks are optional.",
                "if": ["not": conventionIs(Convention.allCases.filter(\.facts.callbacksAreOptional))],
                "then": [
                    "properties": [
                        "invalid-callback": forbidden(
                            "'invalid-callback' applies to \(Convention.allCases.filter(\.facts.callbacksAreOptional).map(\.rawValue).joined(separator: " and ")) actions only"
                        )
                    ]
                ],
            ],
            [
                "$comment": "convention-mismatch: the whole query is one value only with convention none, and then there are no query parameters.",
                "if": ["not": conventionIs(Convention.allCases.filter { !$0.hasWayBack })],
                "then": ["properties": ["query-value": forbidden("'query-value' works only with convention none")]],
            ],
            [
                "if": ["required": ["query-value"]],
                "then": ["properties": ["parameters": forbidden("an action with 'query-value' cannot also declare query 'parameters'")]],
            ],
            [
                "$comment": "convention-mismatch: an action with convention none or ulc answers with nothing.",
                "if": conventionIs([.none, .universalLinkCallback]),
                "then": ["properties": ["returns": forbidden("an action with convention none or ulc returns nothing")]],
            ],
            [
                "$comment": "reserved-parameter: a return-url action's return parameter is the convention's.",
                "if": [
                    "allOf": [
                        conventionIs(Convention.allCases.filter { $0.actionKeys.contains("return-parameter") }),
                        ["not": ["required": ["return-parameter"]]],
                    ]
                ],
                "then": [
                    "properties": [
                        "parameters": [
                            "propertyNames": [
                                "not": ["const": .string(ConventionNames.returnParameter)],
                                "errorMessage": .string("'\(ConventionNames.returnParameter)' is this action's return parameter"),
                            ]
                        ]
                    ]
                ],
            ],
            [
                "$comment": "reserved-parameter: a return-url answer's outcome parameter is the convention's.",
                "if": conventionIs(Convention.allCases.filter { $0.actionKeys.contains("response-prefix") }),
                "then": [
                    "properties": [
                        "returns": [
                            "propertyNames": [
                                "not": ["const": .string(ConventionNames.responseType)],
                                "errorMessage": .string("'\(ConventionNames.responseType)' carries the outcome; the convention sets it"),
                            ]
                        ]
                    ]
                ],
            ],
        ]
        for convention in Convention.allCases where !convention.reservedParameters.isEmpty {
            let names = convention.reservedParameters
            rules.append([
                "$comment": .string("reserved-parameter: \(names.joined(separator: ", ")) are \(convention) callback parameters."),
                "if": conventionIs([convention]),
                "then": [
                    "properties": [
                        "parameters": [
                            "propertyNames": [
                                "not": ["enum": .array(names.map(OrderedJSON.string))],
                                "errorMessage": .string(
                                    "\(names.joined(separator: ", ")) are \(convention) callback parameters; the convention handles them"
                                ),
                            ]
                        ]
                    ]
                ],
            ])
        }
        rules += requirementRules
        rules += wayBackRules
        return .array(rules)
    }()

    // MARK: - Parameters

    /// `type` is one of `types`.
    static func typeIs(_ types: [String]) -> OrderedJSON {
        ["required": ["type"], "properties": ["type": ["enum": .array(types.map(OrderedJSON.string))]]]
    }

    /// A parameter's definition: under `parameters` (`named` false), or a `query-value` or
    /// `fragment` (`named` true: with a `name`, and never a list). Every key is the registry's;
    /// the schema says more only of the keys whose value is a structure.
    static func parameter(named: Bool) -> OrderedJSON {
        let structures: [String: OrderedJSON] = [
            ParameterKey.default.entry.name: ["type": named ? textTypes : ["string", "number", "boolean", "null", "array"]],
            ParameterKey.enum.entry.name: ["anyOf": [["type": textTypes], ["type": "array", "minItems": 1, "items": ["type": textTypes]]]],
            ParameterKey.schema.entry.name: ["$ref": "#/$defs/json-schema"],
            ParameterKey.multiline.entry.name: [
                "type": ["boolean", "string"],
                "pattern": .string("^(" + (yamlTrueWords + yamlFalseWords + ["any"]).joined(separator: "|") + ")$"),
                "patternErrorMessage": "expected true, false or any",
                "default": false,
            ],
        ]
        let properties = properties(of: named ? .namedValue : .parameter) { entry in structures[entry.name].map { described(entry, $0) } }
        var schema: OrderedJSON = ["type": "object", "additionalProperties": false]
        if named { schema = schema.adding("required", ["name"]) }
        let rules: [OrderedJSON] = [["$ref": "#/$defs/type-rules"]] + (named ? [] : listRules)
        return schema.adding("properties", properties).adding("allOf", .array(rules))
    }

    /// The rules that tie a parameter's keys to its type, shared by every kind of definition.
    static let typeRules: OrderedJSON = [
        "allOf": .array(keyRules + valueRules())
    ]

    /// The keys that apply to some types only.
    static let keyRules: [OrderedJSON] =
        typeRestrictions + [
            [
                "if": typeIs(["boolean"]),
                "then": ["properties": ["format": ["enum": .array(BooleanFormat.allCases.map { .string($0.rawValue) })]]],
            ],
            [
                "$comment": "A presence switch is false when absent: no default, never required, one flag.",
                "if": ["required": ["type", "format"], "properties": ["type": ["const": "boolean"], "format": ["const": "presence"]]],
                "then": [
                    "properties": [
                        "default": forbidden("a presence switch is false whenever its name is absent; drop 'default'"),
                        "required": isFalse.adding("errorMessage", "a presence switch cannot be required"),
                        "list": forbidden("a presence switch is one flag, never a list"),
                        "enum": forbidden("a presence switch is true or false by its name alone; drop 'enum'"),
                        "allow-empty": forbidden("a presence switch already reads 'name=' as true; drop 'allow-empty'"),
                    ]
                ],
            ],
            [
                "$comment": "missing-key and type-mismatch: a secret names where its value is, and nothing in the spec describes the value.",
                "if": typeIs(["secret"]),
                "then": [
                    "required": ["secret-env"],
                    "properties": .object(
                        notForSecrets.map { key in
                            OrderedJSON.Member(
                                key: key,
                                value: forbidden("'\(key)' does not apply to a secret, which is compared whole and never written in the spec")
                            )
                        }
                    ),
                ],
                "else": ["properties": ["secret-env": forbidden("'secret-env' applies to secret parameters")]],
            ],
        ]

    /// The rules of a parameter that may be a list (not a query-value or fragment).
    static let listRules: [OrderedJSON] = [
        [
            "$comment": "type-mismatch: JSON text holds the commas and line breaks that separate list items.",
            "if": typeIs(["json"]),
            "then": ["properties": ["list": forbidden("'list' does not apply to a json parameter; take one JSON array instead")]],
        ],
        [
            "$comment": "type-mismatch: min-items and max-items apply to lists.",
            "if": ["anyOf": [["required": ["min-items"]], ["required": ["max-items"]]]],
            "then": ["required": ["list"], "errorMessage": "'min-items' and 'max-items' apply to list parameters; add 'list'"],
        ],
        [
            "$comment": "type-mismatch: a newline list splits on line breaks, so its items cannot hold them.",
            "if": ["required": ["list"], "properties": ["list": ["const": "newline"]]],
            "then": ["properties": ["multiline": isFalse.adding("errorMessage", "a newline list cannot also be multiline")]],
        ],
        [
            "$comment": "wrong-type: a list's default is a list of non-empty values, anything else's a single value.",
            "if": ["required": ["list"]],
            "then": [
                "properties": [
                    "default": ["type": "array", "minItems": 1, "items": ["type": ["string", "number", "boolean"], "minLength": 1]]
                ]
            ],
            "else": ["properties": ["default": ["type": textTypes]]],
        ],
    ]

    /// The rules on `default` and `enum` values of the types whose spelling a pattern can check.
    static func valueRules() -> [OrderedJSON] {
        func values(_ message: String, types: [OrderedJSON], pattern: String, bounded: Bool = false) -> OrderedJSON {
            func schema(_ types: [OrderedJSON]) -> OrderedJSON {
                let schema: OrderedJSON = ["type": .array(types), "pattern": .string(pattern)]
                return bounded ? schema.adding("minimum", 0).adding("maximum", 1) : schema
            }
            return schema(types + ["array"])
                .adding("items", schema(types).adding("errorMessage", .string(message)))
                .adding("errorMessage", .string(message))
        }
        func rule(_ condition: OrderedJSON, _ schema: OrderedJSON, comment: String? = nil) -> OrderedJSON {
            let rule: OrderedJSON = ["if": condition, "then": ["properties": ["default": schema, "enum": schema]]]
            guard let comment, case .object(let members) = rule else { return rule }
            return .object([OrderedJSON.Member(key: "$comment", value: .string(comment))] + members)
        }
        let isYesNo: OrderedJSON = ["required": ["type", "format"], "properties": ["type": ["const": "boolean"], "format": ["const": "yes-no"]]]
        return [
            rule(
                typeIs(["integer"]),
                values("not a whole number", types: ["integer", "string"], pattern: "^(-?[0-9]{1,19})?$"),
                comment: "invalid-default and invalid-enum: a value is written in the parameter's type (and format), or empty with allow-empty."
            ),
            rule(
                typeIs(["decimal"]),
                values("not a decimal number such as 12.50", types: ["number", "string"], pattern: "^(-?[0-9]+(\\.[0-9]+)?)?$")
            ),
            rule(
                ["allOf": [typeIs(["boolean"]), ["not": isYesNo]]],
                values(
                    "a true-false boolean is true, false, 1 or 0",
                    types: ["boolean", "integer", "string"],
                    pattern: "^(true|false|1|0)?$",
                    bounded: true
                )
            ),
            rule(isYesNo, values("a yes-no boolean is yes or no", types: ["string"], pattern: "^([Yy][Ee][Ss]|[Nn][Oo])?$")),
            rule(
                typeIs(["uuid"]),
                values(
                    "not a UUID (8-4-4-4-12 hex digits)",
                    types: ["string"],
                    pattern: "^([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})?$"
                )
            ),
            rule(typeIs(["url"]), values("not an absolute URL", types: ["string"], pattern: "^([A-Za-z][A-Za-z0-9+.\\-]*:[!-~]*)?$")),
            [
                "$comment": "invalid-default and invalid-enum: an empty value is one of these types only with allow-empty.",
                "if": [
                    "allOf": [
                        typeIs(["integer", "decimal", "boolean", "uuid", "url", "date", "json"]),
                        ["not": ["required": ["allow-empty"], "properties": ["allow-empty": isTrue]]],
                    ]
                ],
                "then": [
                    "properties": [
                        "default": ["minLength": 1, "errorMessage": "an empty value needs 'allow-empty: true'"],
                        "enum": ["minLength": 1, "items": ["minLength": 1], "errorMessage": "an empty value needs 'allow-empty: true'"],
                    ]
                ],
            ],
        ]
    }

    /// A `returns` entry: a parameter's definition, never a secret.
    static let returnedValue: OrderedJSON = [
        "allOf": [
            ["$ref": "#/$defs/parameter"],
            [
                "$comment": "type-mismatch: a callback never carries a secret, since other apps can see the callback URL.",
                "properties": [
                    "type": [
                        "enum": .array(typeNames.filter { $0 != "secret" }.map(OrderedJSON.string)),
                        "errorMessage": "a callback never carries a secret: other apps can see the callback URL",
                    ]
                ],
            ],
        ]
    ]
}
