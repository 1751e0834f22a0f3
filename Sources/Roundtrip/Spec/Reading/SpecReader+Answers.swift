/// Reading `answers` (signed answers) and `callback-match` (exact callback matching), at app
/// and action level; an action's value replaces the app's.
extension SpecReader {
    /// What an action inherits from the top of the spec for these two keys.
    struct AnswerContext {
        /// The app-level `answers`.
        var answers: AnswerPolicy = .off
        /// The app-level `callback-match`.
        var callbackMatch: CallbackMatch = .base
        /// The spec's `keys`, which an `answers.key` must name.
        var keys: [SigningKeyDescription] = []
        /// Whether the spec has a `callbacks` list for `callback-match` to apply to.
        var hasCallbacks = false
    }

    /// Reads the top-level `answers` and `callback-match`.
    ///
    /// - Parameters:
    ///   - top: The spec's top-level fields.
    ///   - keys: The spec's keys, read already.
    ///   - callbacks: The spec's callbacks list, when it has one.
    mutating func readAnswerContext(
        _ top: SpecFields<TopLevelKey>,
        keys: [SigningKeyDescription],
        callbacks: [CallbackBase]?
    ) -> AnswerContext {
        var context = AnswerContext(keys: keys, hasCallbacks: callbacks != nil)
        context.answers = readAnswers(top[.answers], TopLevelKey.answers.name, context: context, convention: nil) ?? .off
        context.callbackMatch = readCallbackMatch(top[.callbackMatch], TopLevelKey.callbackMatch.name, context: context) ?? .base
        return context
    }

    /// An action's `answers` and `callback-match`: its own, or the app's. The app's `answers` do
    /// not reach an action that has no callback to sign (`ulc`, `none`).
    mutating func readActionAnswers(
        _ context: AnswerContext,
        convention: Convention,
        fields: SpecFields<ActionKey>,
        path: String
    ) -> (answers: AnswerPolicy, callbackMatch: CallbackMatch) {
        let inherited = convention.facts.signsAnswers ? context.answers : .off
        // Most actions have neither key: their paths are made only for one that is there.
        let answers =
            fields[.answers].flatMap { readAnswers($0, Self.join(path, ActionKey.answers), context: context, convention: convention) }
            ?? inherited
        let callbackMatch =
            fields[.callbackMatch].flatMap { readCallbackMatch($0, Self.join(path, ActionKey.callbackMatch), context: context) }
            ?? context.callbackMatch
        return (answers, callbackMatch)
    }

    /// Reads one `answers` mapping, reporting every combination that cannot work.
    ///
    /// - Parameter convention: The action's convention; `nil` at app level.
    /// - Returns: The policy, or `nil` when the key is absent or unusable.
    private mutating func readAnswers(_ node: DocumentNode?, _ path: String, context: AnswerContext, convention: Convention?) -> AnswerPolicy? {
        guard let node, let fields = mapping(node, path, keys: AnswersKey.self) else { return nil }
        if let convention, !convention.facts.signsAnswers {
            error(
                "answers-without-callback",
                path,
                node,
                "a \(convention.rawValue) action opens no callback the app could sign (a Universal Link Callback appends nothing; 'none' has no way back); remove 'answers'"
            )
            return nil
        }
        guard let signatures = choice(fields[.signatures], Self.join(path, AnswersKey.signatures), SignatureRequirement.self) else {
            if fields[.signatures] == nil {
                error("missing-key", Self.join(path, AnswersKey.signatures), node, "'answers' needs 'signatures': off, optional or required")
            }
            return nil
        }
        let keyID = nonEmptyString(fields[.key], Self.join(path, AnswersKey.key))
        if signatures == .off {
            if keyID != nil {
                error(
                    "unused-answer-key",
                    Self.join(path, AnswersKey.key),
                    fields[.key],
                    "answers with 'signatures: off' are not signed, so 'key' is never used; set 'signatures' to optional or required, or remove 'key'"
                )
            }
            return .off
        }
        guard let keyID else {
            if fields[.key] == nil {
                error(
                    "missing-key",
                    Self.join(path, AnswersKey.key),
                    node,
                    "answers with 'signatures: \(signatures.rawValue)' need a 'key': the id of the key in 'keys' that signs them"
                )
            }
            return nil
        }
        guard let key = context.keys.first(where: { $0.id == keyID }) else {
            let known = context.keys.map(\.id)
            error(
                "unknown-answer-key",
                Self.join(path, AnswersKey.key),
                fields[.key],
                "'\(keyID)' is not a key of 'keys' (\(known.isEmpty ? "the spec declares none" : "keys: " + known.joined(separator: ", ")))"
            )
            return nil
        }
        if case .secretEnvironment = key.material {
            error(
                "shared-secret-answer-key",
                Self.join(path, AnswersKey.key),
                fields[.key],
                "'\(keyID)' is an hmac-sha256 key read from 'secret-env', one secret for every caller: any caller, or anyone who pulls the secret out of one, could forge answers; sign answers with an ed25519 key (callers hold only its public key) or an hmac-sha256 'keychain' key provisioned for each pairing"
            )
            return nil
        }
        return AnswerPolicy(signatures: signatures, keyID: keyID)
    }

    /// Reads one `callback-match`.
    private mutating func readCallbackMatch(_ node: DocumentNode?, _ path: String, context: AnswerContext) -> CallbackMatch? {
        guard let match = choice(node, path, CallbackMatch.self) else { return nil }
        if match == .exact, !context.hasCallbacks {
            error(
                "exact-match-without-callbacks",
                path,
                node,
                "'callback-match: exact' compares callbacks with the 'callbacks' list, which this spec does not have; add the exact callback URLs under 'callbacks'"
            )
        }
        return match
    }
}
