import Foundation

/// Spec files of any size, written as people write them: YAML with one flow mapping per
/// parameter (the style of `Examples/card-terminal.yaml`), and the same spec as compact JSON.
///
/// Each action is a return-url action with nine typed parameters: a decimal with bounds, a
/// string enum with a default, a string with a pattern and a length limit, a date with a format,
/// an integer with bounds, a boolean, a UUID, a URL and a string with a length range.
///
/// Real APIs repeat their parameters across actions, and the loader reads a repeated definition
/// once, under whatever name it is given (see ``Sharing``).
enum LaunchFixture {
    /// How much the actions' parameter definitions repeat one another.
    enum Sharing {
        /// Every action has the same parameters: a whole `parameters` mapping repeats.
        case everything
        /// Each action's parameters carry the action's number in their names (`amount7`), and
        /// their definitions repeat under those names.
        case definitions
        /// Own names, and each definition also has a description with the action's number, so
        /// no definition repeats and every one is read: the worst case.
        case nothing
    }

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
    private static func name(_ parameter: String, action index: Int, sharing: Sharing) -> String {
        sharing == .everything ? parameter : "\(parameter)\(index)"
    }

    /// A parameter's fields in the action at `index`, with a description of its own when
    /// nothing is shared.
    private static func fields(
        of parameter: String,
        _ fields: [(String, String, String)],
        action index: Int,
        sharing: Sharing
    )
        -> [(String, String, String)]
    {
        guard sharing == .nothing else { return fields }
        let description = "The \(parameter) of action \(index)"
        return fields + [("description", "\"\(description)\"", "\"\(description)\"")]
    }

    /// The YAML text of a spec with `actionCount` actions.
    static func yaml(actionCount: Int, sharing: Sharing = .everything) -> String {
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
                let written = fields(of: parameter.name, parameter.fields, action: index, sharing: sharing)
                text +=
                    "      \(name(parameter.name, action: index, sharing: sharing)): {\(written.map { "\($0.0): \($0.1)" }.joined(separator: ", "))}\n"
            }
        }
        return text
    }

    /// The same spec as compact JSON.
    static func json(actionCount: Int, sharing: Sharing = .everything) -> String {
        var text =
            #"{"roundtrip":1,"app":{"name":"Card Terminal","app-id":"ABCDE12345.com.example.terminal","#
            + #""schemes":["com-example-terminal"],"domains":["terminal.example.com"]},"#
            + #""callbacks":["pos-app://charge-result","https://pos.example.com/return"],"actions":{"#
        for index in 0..<actionCount {
            if index > 0 { text += "," }
            text +=
                #""action\#(index)":{"url":"com-example-terminal://action\#(index)/1.0.0/","convention":"return-url","response-prefix":"ifcc_","parameters":{"#
            text += parameters.map { parameter in
                "\"\(name(parameter.name, action: index, sharing: sharing))\":{"
                    + fields(of: parameter.name, parameter.fields, action: index, sharing: sharing).map { "\"\($0.0)\":\($0.2)" }
                    .joined(separator: ",") + "}"
            }.joined(separator: ",")
            text += "}}"
        }
        return text + "}}"
    }
}
