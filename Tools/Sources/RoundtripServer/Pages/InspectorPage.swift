import Foundation
import Roundtrip
import RoundtripYAML

/// `/inspect`: decides an incoming URL against a spec, exactly as the receiving app would
/// (``Endpoint/evaluate(_:source:now:)``), and shows the decision with its code and message.
///
/// A decision is also a link: `/inspect?url=…&spec=…[&source=…]` fills in the form and decides
/// at once, `spec` naming a loaded spec by its app name (or its position, from 0), so a reviewer
/// can paste the page's own "link to this decision" into a ticket.
///
/// A pasted spec is a stranger's: it is decided with ``PastedSpecKeyResolver``, which resolves no
/// key, and its `secret` parameters are checked for presence only, so the page never says anything
/// about the server's environment.
struct InspectorPage: Sendable {
    /// The form's values.
    struct Input: Sendable {
        var url = ""
        var source = ""
        var specIndex = 0
        var specText = ""
    }

    let specs: [Spec]
    var input = Input()
    /// The decision, once a URL was submitted.
    var decision: HTML?

    var page: Page {
        let options = specs.enumerated().map { index, spec -> HTML in
            "<option value=\"\(index)\"\(HTML.trusted(index == input.specIndex ? " selected" : ""))>\(spec.app.name)</option>"
        }
        let choice: HTML =
            specs.isEmpty
            ? "<p class=\"muted\">No spec is loaded (<code>--spec</code>); paste one below.</p>"
            : "<label for=\"spec\">Loaded spec</label><select id=\"spec\" name=\"spec\">\(options)</select>"
        return Page(
            title: "URL inspector",
            body: """
                <section><form method="post" action="/inspect">
                <label for="url">Incoming URL</label>
                <input type="text" id="url" name="url" value="\(input.url)" placeholder="com-example-terminal://charge/1.0.0/?amount=10&amp;returnURL=…" required>
                <label for="source">Source application (bundle ID, optional)</label>
                <input type="text" id="source" name="source" value="\(input.source)" placeholder="com.example.pos">
                \(choice)
                <label for="spec-text">Or paste a spec (YAML or JSON; used instead when given)</label>
                <textarea id="spec-text" name="spec_text" rows="6">\(input.specText)</textarea>
                <p id="pasted-secrets" class="muted">A pasted spec never reads this server's environment, files or keys: its \
                <code>secret</code> parameters are checked for presence only (any non-empty value passes), and its signatures \
                are not verified.</p>
                <button type="submit">Decide</button></form></section>
                \(decision ?? "")
                """
        )
    }

    /// "Link to this decision", when there is one.
    private var permalinkHTML: HTML {
        guard let permalink else { return "" }
        return "<p class=\"muted\"><a id=\"permalink\" href=\"\(permalink)\">Link to this decision</a></p>"
    }

    /// The link that reproduces the decision of a loaded spec: `/inspect?url=…&spec=…&source=…`.
    var permalink: String? {
        guard input.specText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, specs.indices.contains(input.specIndex),
            !input.url.isEmpty
        else { return nil }
        var items = [QueryItem(name: "url", value: input.url), QueryItem(name: "spec", value: specs[input.specIndex].app.name)]
        if !input.source.isEmpty { items.append(QueryItem(name: "source", value: input.source)) }
        return "/inspect?" + QueryCodec.encode(items)
    }

    /// The loaded spec a link names: by app name (ignoring case), else by position.
    func specIndex(named name: String) -> Int? {
        if let index = specs.firstIndex(where: { $0.app.name.lowercased() == name.lowercased() }) { return index }
        return Int(name).flatMap { specs.indices.contains($0) ? $0 : nil }
    }

    /// Fills in the form from a link's query and decides, when it names a URL; a query without
    /// `url` leaves the empty form.
    mutating func decideLink(query: String?, now: Date) {
        guard let query, let items = try? QueryCodec.decode(query, allowDuplicates: true),
            let url = items.first(where: { $0.name == "url" })?.value, !url.isEmpty
        else { return }
        input.url = url
        input.source = items.first { $0.name == "source" }?.value ?? ""
        if let name = items.first(where: { $0.name == "spec" })?.value, !name.isEmpty {
            guard let index = specIndex(named: name) else {
                let known = specs.map(\.app.name).joined(separator: ", ")
                decision =
                    "<section id=\"decision\"><p class=\"error\">No loaded spec is named '\(name)' (loaded: \(known.isEmpty ? "none" : known)).</p></section>"
                return
            }
            input.specIndex = index
        }
        decide(now: now)
    }

    /// Decides the input's URL and fills in ``decision``.
    mutating func decide(now: Date) {
        let spec: Spec
        var keys: any KeyResolver = EnvironmentKeyResolver()
        var presenceOnly: Set<String> = []
        if !input.specText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            do {
                let pasted = Self.presenceOnlySecrets(try SpecLoader.load(yaml: input.specText).spec)
                spec = pasted.spec
                presenceOnly = pasted.secrets
                keys = PastedSpecKeyResolver()
            } catch {
                decision = "<section><h2>The pasted spec is not usable</h2><pre class=\"error\">\(error.description)</pre></section>"
                return
            }
        } else if specs.indices.contains(input.specIndex) {
            spec = specs[input.specIndex]
        } else {
            decision = "<section><p class=\"error\">Choose a loaded spec or paste one.</p></section>"
            return
        }
        do {
            let endpoint = try Endpoint(spec: spec, keys: keys)
            let accepted = try endpoint.evaluate(input.url, source: input.source.isEmpty ? nil : input.source, now: now)
            let parameters = accepted.canonicalParameters.sorted { $0.key < $1.key }.map { name, value -> HTML in
                presenceOnly.contains(name)
                    ? "<tr><td><code>\(name)</code></td><td class=\"muted\">present (a secret: checked for presence only)</td></tr>"
                    : "<tr><td><code>\(name)</code></td><td><code>\(value)</code></td></tr>"
            }
            let callbacks = accepted.callbacks.sorted { $0.key < $1.key }.map { outcome, url -> HTML in
                "<tr><td>\(outcome)</td><td><code>\(url)</code></td></tr>"
            }
            decision = """
                <section id="decision"><h2>Accepted</h2>\(permalinkHTML)
                <p>Action <strong id="action">\(accepted.actionName)</strong> (\(accepted.convention.rawValue))</p>
                <table><thead><tr><th>Parameter</th><th>Value</th></tr></thead><tbody>\(parameters)</tbody></table>
                \(callbacks.isEmpty ? "" : "<h3>Callbacks</h3><table><tbody>\(callbacks)</tbody></table>" as HTML)
                </section>
                """
        } catch {
            let parameter: HTML = error.parameter.map { " (parameter <code>\($0)</code>)" } ?? ""
            decision = """
                <section id="decision"><h2>Rejected</h2>\(permalinkHTML)
                <p><code id="code" class="error">\(error.code.rawValue)</code>\(parameter)</p>
                <p id="message">\(error.message)</p></section>
                """
        }
    }

    /// A pasted spec whose `secret` parameters are plain strings, so that any non-empty value
    /// passes without comparing it with anything the server holds; and their names, whose values
    /// the page does not echo.
    ///
    /// - Complexity: O(*n*) in the spec's parameters.
    static func presenceOnlySecrets(_ spec: Spec) -> (spec: Spec, secrets: Set<String>) {
        var spec = spec
        var secrets: Set<String> = []
        for actionIndex in spec.actions.indices {
            for parameterIndex in spec.actions[actionIndex].parameters.indices
            where spec.actions[actionIndex].parameters[parameterIndex].type == .secret {
                spec.actions[actionIndex].parameters[parameterIndex].type = .string
                spec.actions[actionIndex].parameters[parameterIndex].secretEnvironment = nil
                if spec.actions[actionIndex].parameters[parameterIndex].minimumLength == nil {
                    spec.actions[actionIndex].parameters[parameterIndex].minimumLength = 1
                }
                secrets.insert(spec.actions[actionIndex].parameters[parameterIndex].name)
            }
        }
        return (spec, secrets)
    }
}
