/// The value of an `allow-empty` parameter: a value, or the empty value, `name=`, which means
/// "clear this field" (as Things' "Things URL Scheme" page reads `deadline=` in an update).
///
/// Code generated from a spec types an `allow-empty` parameter as `Clearable`, so that the
/// three things a request can say stay apart:
///
/// ```swift
/// switch update.deadline {
/// case nil: break                                  // the request does not carry deadline
/// case .cleared?: task.deadline = nil              // deadline=
/// case .value(let text)?: task.deadline = text     // deadline=…
/// }
/// ```
///
/// A generated client takes the same type: pass `.cleared` to send `name=`.
public enum Clearable<Value: ParameterRepresentable>: ParameterRepresentable {
    /// The empty value, `name=`: clear the field.
    case cleared
    /// A value.
    case value(Value)

    /// `.cleared` for the empty value, otherwise the value converted to `Value`; `nil` when it
    /// is of another type.
    public init?(parameterValue: ParameterValue) {
        if case .empty = parameterValue {
            self = .cleared
            return
        }
        guard let value = Value(parameterValue: parameterValue) else { return nil }
        self = .value(value)
    }

    /// The empty value for `.cleared`, otherwise the value's.
    public var parameterValue: ParameterValue {
        switch self {
        case .cleared: .empty
        case .value(let value): value.parameterValue
        }
    }
}

extension Clearable: Equatable where Value: Equatable {}

extension Clearable: Hashable where Value: Hashable {}

extension Clearable: ReadsEmptyValue {}

/// A type that reads the empty value of an `allow-empty` parameter itself, instead of as an
/// absent value: ``Clearable``.
protocol ReadsEmptyValue {}
