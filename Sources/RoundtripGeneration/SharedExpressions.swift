/// The expressions a generated `makeSpec()` would write more than once, each made once as a
/// local constant and referred to by name: a spec repeats its patterns, date formats, source
/// policies and lists of values across actions, and each `ValuePattern` or
/// `DateFormat` written out is compiled again at launch (the spec loader, likewise, compiles
/// each pattern and date format text once).
///
/// Used in two passes over the same spec: the first counts each expression, the second
/// (after ``startNaming()``) names the ones counted more than once, in order of first use, so
/// the same spec always gives the same names.
struct SharedExpressions {
    private var counts: [String: Int] = [:]
    private var names: [String: String] = [:]
    private var numbers: [String: Int] = [:]
    private var isNaming = false
    /// The constants to declare, in order of first use.
    private(set) var declarations: [(name: String, expression: String)] = []

    /// Ends the counting pass.
    mutating func startNaming() { isNaming = true }

    /// `expression`, or the name of its constant when the spec uses it more than once; `kind`
    /// starts the name (`pattern1`, `sources2`).
    mutating func use(_ expression: String, as kind: String) -> String {
        // An empty list costs nothing to write again, and a constant of it would need a type.
        guard expression != "[]" else { return expression }
        guard isNaming else {
            counts[expression, default: 0] += 1
            return expression
        }
        guard counts[expression, default: 0] > 1 else { return expression }
        if let name = names[expression] { return name }
        let number = numbers[kind, default: 0] + 1
        numbers[kind] = number
        let name = kind + String(number)
        names[expression] = name
        declarations.append((name, expression))
        return name
    }
}
