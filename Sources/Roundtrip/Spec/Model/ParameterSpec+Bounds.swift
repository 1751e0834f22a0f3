/// A parameter's bounds in words, one phrase each, so that the generated documentation and the
/// generated code say them alike: "1 to 32 characters", "at least 1 character". Each phrase is
/// made by the key that sets the bound (``ParameterKey``).
extension ParameterSpec {
    /// `min-length` and `max-length` in words (`3 to 32 characters`, `at least 1 character`),
    /// or `nil` when neither is given.
    public var lengthBounds: String? { ParameterKey.minLength.bound(of: self) }

    /// `min-items` and `max-items` in words (`1 to 20 items`, `at most 1 item`), or `nil`
    /// when neither is given.
    public var itemBounds: String? { ParameterKey.minItems.bound(of: self) }

    /// `minimum` and `maximum` in words (`from 0.01 to 100000`, `at least 1`), or `nil` when
    /// neither is given.
    public var valueBounds: String? { ParameterKey.minimum.bound(of: self) }

    /// `max-bytes` in words (`at most 1048576 bytes once decoded`), or `nil` when not given.
    public var byteBound: String? { ParameterKey.maxBytes.bound(of: self) }

    /// Every bound on a value (not on a list's items, ``itemBounds``) in words, in the order the
    /// docs and the generated code list them: length, value, decoded bytes. A key that bounds a
    /// value says its phrase in its own entry of the spec language, and both list it from there.
    public var valueBoundPhrases: [String] { ParameterKey.valueBounds(of: self) }
}
