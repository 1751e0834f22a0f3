import Foundation

extension ParameterSpec {
    /// The value of one argument of a parameter's initializer (``ParameterSpec/Argument``), by
    /// its kind: what code that makes the parameter writes, each kind in one way, whatever the
    /// field.
    package enum ArgumentValue: Sendable {
        /// Text, written as a string literal.
        case text(String)
        /// A whole number (`max-length`, `max-items`, `max-bytes`).
        case wholeNumber(Int)
        /// A number with its scale (`minimum`, `maximum`).
        case number(Decimal)
        /// A flag whose default is `false`, given only when `true`.
        case flag(Bool)
        /// A case of the argument's enumeration, by its Swift name (`comma`, `yesNo`).
        case member(String)
        /// A list of texts (a list's default items).
        case texts([String])
        /// The allowed values (`enum`): a list of texts that parameters often repeat alike.
        case choices([String])
        /// A regular expression the value must match, made from its source.
        case pattern(ValuePattern)
        /// A `json` value's members.
        case schema(JSONValueSchema)
        /// The value's type (a date's with its format).
        case type(ParameterType)
    }
}
