/// A parameter's bounds in words, one phrase each, so that the generated documentation and the
/// generated code say them alike: "1 to 32 characters", "at least 1 character".
extension ParameterSpec {
    /// `min-length` and `max-length` in words (`3 to 32 characters`, `at least 1 character`),
    /// or `nil` when neither is given.
    public var lengthBounds: String? {
        Self.bounds(minimumLength, maximumLength) { "\($0) \($1 == 1 ? "character" : "characters")" }
    }

    /// `min-items` and `max-items` in words (`1 to 20 items`, `at most 1 item`), or `nil`
    /// when neither is given.
    public var itemBounds: String? {
        Self.bounds(minimumItems, maximumItems) { "\($0) \($1 == 1 ? "item" : "items")" }
    }

    /// `minimum` and `maximum` in words (`from 0.01 to 100000`, `at least 1`), or `nil` when
    /// neither is given.
    public var valueBounds: String? {
        switch (minimum, maximum) {
        case (let low?, let high?): "from \(low) to \(high)"
        case (let low?, nil): "at least \(low)"
        case (nil, let high?): "at most \(high)"
        case (nil, nil): nil
        }
    }

    /// `max-bytes` in words (`at most 1048576 bytes once decoded`), or `nil` when not given.
    public var byteBound: String? {
        maximumBytes.map { "at most \($0) \($0 == 1 ? "byte" : "bytes") once decoded" }
    }

    /// Every bound on a value (not on a list's items, ``itemBounds``) in words, in the order the
    /// docs and the generated code list them: length, value, decoded bytes. A new bound is added
    /// here once, and both say it.
    public var valueBoundPhrases: [String] {
        [lengthBounds, valueBounds, byteBound].compactMap { $0 }
    }

    /// A count's range in words, with `counted` naming a number of units (`3 characters`).
    private static func bounds(_ low: Int?, _ high: Int?, _ counted: (String, Int) -> String) -> String? {
        switch (low, high) {
        case (let low?, let high?): "\(low) to " + counted("\(high)", high)
        case (let low?, nil): "at least " + counted("\(low)", low)
        case (nil, let high?): "at most " + counted("\(high)", high)
        case (nil, nil): nil
        }
    }
}
