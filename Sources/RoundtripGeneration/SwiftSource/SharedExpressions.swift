/// The expressions a generated `makeSpec()` would write more than once, each made once as a
/// local constant and referred to by name: a spec repeats its patterns, date formats, source
/// policies, lists of values and whole parameter definitions across actions (the specs of Bear's
/// and Drafts' x-callback-url APIs in `Examples/` repeat 49 of 89 and 23 of 56 parameter
/// definitions). Each
/// `ValuePattern` or `DateFormat` written out is compiled again at launch, and each
/// `ParameterSpec` is one more allocation to make at launch and free at exit.
///
/// Used in passes over the same spec: each pass counts every expression, and names those the
/// previous pass counted more than once, in order of first use, so the same spec always gives
/// the same names. Expressions nest (a parameter holds its list of values), so the text of an
/// outer expression changes once its inner ones are named: the first pass counts, the second
/// names the inner expressions, the third the outer ones. See ``passes``.
struct SharedExpressions {
    /// How many passes name every repeated expression: one per level of nesting, plus the first
    /// count (parameters hold values, patterns and date formats, which hold nothing shared).
    static let passes = 3

    private var counts: [String: Int] = [:]
    private var repeated: Set<String> = []
    private var names: [String: String] = [:]
    private var numbers: [String: Int] = [:]
    /// The constants to declare, in order of first use.
    private(set) var declarations: [(name: String, expression: String)] = []

    /// Ends a pass: the next one names what this one counted more than once.
    mutating func startNextPass() {
        repeated = Set(counts.compactMap { $0.value > 1 ? $0.key : nil })
        counts = [:]
        names = [:]
        numbers = [:]
        declarations = []
    }

    /// `expression`, or the name of its constant when the previous pass counted it more than
    /// once; `kind` starts the name (`pattern1`, `sources2`).
    mutating func use(_ expression: String, as kind: String) -> String {
        // An empty list costs nothing to write again, and a constant of it would need a type.
        guard expression != "[]" else { return expression }
        counts[expression, default: 0] += 1
        guard repeated.contains(expression) else { return expression }
        if let name = names[expression] { return name }
        let number = numbers[kind, default: 0] + 1
        numbers[kind] = number
        let name = kind + String(number)
        names[expression] = name
        declarations.append((name, expression))
        return name
    }
}
