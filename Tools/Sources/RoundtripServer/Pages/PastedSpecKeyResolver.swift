import Roundtrip

/// The key resolver of a spec pasted into the inspector: it resolves nothing, so a public page
/// never reads the server's environment, files or keys on a stranger's behalf.
///
/// The core's default, ``EnvironmentKeyResolver``, reads the variable a spec's `secret-env` names;
/// given a pasted spec it would tell anyone whether a variable of the server is unset, empty or
/// equal to a guess. With this resolver a signed action is refused with `bad-signature` and the
/// reason, and ``InspectorPage`` checks `secret` parameters for presence only.
struct PastedSpecKeyResolver: KeyResolver {
    /// Why nothing is resolved, in every refusal.
    static let reason = "a spec pasted into this page never reads the server's environment, files or keys"

    /// Refuses every key.
    ///
    /// - Throws: ``RoundtripError`` `bad-signature`, always.
    func verificationKey(for description: SigningKeyDescription) throws(RoundtripError) -> VerificationKey {
        throw RoundtripError(.badSignature, "the key '\(description.id)' is not resolved: \(Self.reason), so signatures are not checked here")
    }

    /// Refuses every secret (``InspectorPage`` checks secrets for presence before building its endpoint).
    ///
    /// - Throws: ``RoundtripError`` `unauthorized`, always.
    func parameterSecret(for parameter: ParameterSpec) throws(RoundtripError) -> [UInt8] {
        throw RoundtripError(
            .unauthorized,
            "the secret '\(parameter.name)' is not resolved: \(Self.reason), so secrets are checked for presence only",
            parameter: parameter.name
        )
    }
}
