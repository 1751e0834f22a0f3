import Foundation

/// Spec files of any size, written as people write them: YAML with one flow mapping per
/// parameter (the style of `Examples/card-terminal.yaml`), and the same spec as compact JSON.
///
/// Each action is a return-url action with nine typed parameters: a decimal with bounds, a
/// string enum with a default, a string with a pattern and a length limit, a date with a format,
/// an integer with bounds, a boolean, a UUID, a URL and a string with a length range.
///
/// Real APIs repeat their parameters across actions, and the loader reads a repeated definition
/// once; with `repeating: false` each action's parameters carry the action's number in their
/// names (`amount7`), so no definition repeats and every one is read: the worst case.
enum LaunchFixture {
    /// Each parameter's name and its definition as (key, YAML value, JSON value).
    static let parameters: [(name: String, fields: [(String, String, String)])] = [
        ("amount", [("type", "decimal", "\"decimal\""), ("required", "true", "true"), ("minimum", "0.01", "0.01"), ("maximum", "100000", "100000")]),
        ("currency", [("type", "string", "\"string\""), ("enum", "[USD, EUR, GBP]", "[\"USD\",\"EUR\",\"GBP\"]"), ("default", "USD", "\"USD\"")]),
        ("invoice", [("type", "string", "\"string\""), ("max-length", "32", "32"), ("pattern", "\"[A-Za-z0-9-]+\"", "\"[A-Za-z0-9-]+\"")]),
        ("due", [("type", "date", "\"date\""), ("format", "yyyyMMddHHmm", "\"yyyyMMddHHmm\"")]),
        ("quantity", [("type", "integer", "\"integer\""), ("minimum", "1", "1"), ("maximum", "99", "99")]),
        ("express", [("type", "boolean", "\"boolean\"")]),
        ("reference", [("type", "uuid", "\"uuid\"")]),
        ("receipt", [("type", "url", "\"url\"")]),
        ("note", [("type", "string", "\"string\""), ("min-length", "1", "1"), ("max-length", "200", "200")]),
    ]

    /// A parameter's name in the action at `index`: the same in every action, or its own.
    private static func name(_ parameter: String, action index: Int, repeating: Bool) -> String {
        repeating ? parameter : "\(parameter)\(index)"
    }

    /// The YAML text of a spec with `actionCount` actions.
    static func yaml(actionCount: Int, repeating: Bool = true) -> String {
        var text = """
            roundtrip: 1
            app:
              name: Card Terminal
              app-id: ABCDE12345.com.example.terminal
              schemes: [com-example-terminal]
              domains: [terminal.example.com]
            callbacks:
              - pos-app://charge-result
              - https://pos.example.com/return
            actions:

            """
        for index in 0..<actionCount {
            text += """
                  action\(index):
                    url: com-example-terminal://action\(index)/1.0.0/
                    convention: return-url
                    response-prefix: ifcc_
                    parameters:

                """
            for parameter in parameters {
                let fields = parameter.fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
                text += "      \(name(parameter.name, action: index, repeating: repeating)): {\(fields)}\n"
            }
        }
        return text
    }

    /// The same spec as compact JSON.
    static func json(actionCount: Int, repeating: Bool = true) -> String {
        var text =
            #"{"roundtrip":1,"app":{"name":"Card Terminal","app-id":"ABCDE12345.com.example.terminal","#
            + #""schemes":["com-example-terminal"],"domains":["terminal.example.com"]},"#
            + #""callbacks":["pos-app://charge-result","https://pos.example.com/return"],"actions":{"#
        for index in 0..<actionCount {
            if index > 0 { text += "," }
            text +=
                #""action\#(index)":{"url":"com-example-terminal://action\#(index)/1.0.0/","convention":"return-url","response-prefix":"ifcc_","parameters":{"#
            text += parameters.map { parameter in
                "\"\(name(parameter.name, action: index, repeating: repeating))\":{"
                    + parameter.fields.map { "\"\($0.0)\":\($0.2)" }.joined(separator: ",") + "}"
            }.joined(separator: ",")
            text += "}}"
        }
        return text + "}}"
    }
}
