import Roundtrip

/// One action's round trip as a reader follows it: the request the calling app opens, and for
/// each outcome the URL the app opens to come back and what that URL carries.
///
/// Read from the action's way back (``Action/wayBack``) alone, so a convention's preset
/// (x-callback-url, return-url, a Universal Link Callback) and a `custom` action's own shape
/// read alike. ``SequenceDiagram`` draws it; ``DocsRenderer`` writes it as text.
struct RoundTripFlow {
    /// A name as written in a URL, and what it is.
    struct Item: Hashable {
        /// The name (or `name=value`) exactly as it travels.
        var name: String
        /// What it is, in a few words; empty for nothing to add.
        var note: String
    }

    /// The way back for one outcome.
    struct Reply {
        /// Roundtrip's outcome name (`success`).
        var outcome: String
        /// The request parameter that gave the URL the app opens (`callbacksuccess`), or the JSON
        /// pointer into one (`/callback_url`, noted `in data`).
        var callback: Item
        /// What the app writes on that URL, in order.
        var items: [Item]
    }

    /// The calling app, as the diagram labels it.
    var caller: String
    /// The app the spec describes.
    var partner: String
    /// The URL the request opens (the action's first route).
    var route: String
    /// The request's callbacks, then its required parameters, then its optional ones, each in
    /// the order the spec lists them.
    var parameters: [Item]
    /// One reply per outcome that has a way back, in the action's order of outcomes.
    var replies: [Reply]
    /// Why the app opens nothing to come back, when it opens nothing.
    var noWayBack: String?

    init(action: Action, spec: Spec) {
        caller = "Calling app"
        partner = spec.app.name
        route = action.routes.first?.text ?? action.name
        let wayBack = action.wayBack
        parameters = Self.requestItems(action, wayBack: wayBack)
        replies = []
        guard !wayBack.callbacks.isEmpty else {
            noWayBack = "under convention \(action.convention.rawValue) the app opens nothing to come back."
            return
        }
        noWayBack = nil
        // An action that lists no outcomes is answered on each callback's own key.
        let outcomes = action.outcomes.isEmpty ? wayBack.callbacks.map(\.outcome) : action.outcomes
        for outcome in outcomes {
            guard let location = wayBack.callback(for: outcome) ?? wayBack.callbacks.first(where: \.servesEveryOutcome) else { continue }
            replies.append(
                Reply(
                    outcome: outcome,
                    callback: Self.callbackItem(location.place),
                    items: Self.answerItems(outcome, action: action, wayBack: wayBack)
                )
            )
        }
    }

    // MARK: - The request

    private static func requestItems(_ action: Action, wayBack: WayBack) -> [Item] {
        // The callbacks first: they are what the drawing is about, and a long list is cut short
        // after its first few names.
        var items: [Item] = []
        for location in wayBack.callbacks {
            let answers = location.servesEveryOutcome ? "every outcome" : location.outcome
            let required = action.requiredCallbacks.contains(location.outcome) ? "required " : ""
            switch location.place {
            case .query(let name):
                items.append(Item(name: name, note: "\(required)callback for \(answers)"))
            case .jsonMember(let parameter, let pointer):
                items.append(Item(name: pointer.text, note: "in \(parameter): \(required)callback for \(answers)"))
            case .template(let name):
                items.append(Item(name: name, note: "\(required)callback template for \(answers)"))
            }
        }
        // Then the required parameters, then the optional ones, each in the spec's order.
        let declared = action.parameters + [action.queryValue, action.fragment].compactMap { $0 }
        for parameter in declared.filter(\.isRequired) + declared.filter({ !$0.isRequired }) {
            items.append(Item(name: parameter.name, note: parameter.isRequired ? "required" : "optional"))
        }
        return items
    }

    // MARK: - The way back

    private static func callbackItem(_ place: CallbackLocation.Place) -> Item {
        switch place {
        case .query(let name): Item(name: name, note: "")
        case .jsonMember(let parameter, let pointer): Item(name: pointer.text, note: "in \(parameter)")
        case .template(let name): Item(name: name, note: "template, filled in")
        }
    }

    /// What the answer to `outcome` carries: the outcome's word, the declared fields (the
    /// success outcome's `returns`, the others' `error-returns`), the echoed request parameters,
    /// and where `rt-state` comes back.
    private static func answerItems(_ outcome: String, action: Action, wayBack: WayBack) -> [Item] {
        let answer = wayBack.answer
        if answer.form == .unchanged {
            return [Item(name: "rt-state", note: "in the URL as sent; nothing appended")]
        }
        let template = answer.form == .template
        func written(_ name: String) -> String { template ? "{\(name)}" : name }
        var items: [Item] = []
        if case .json(let parameter) = answer.form {
            items.append(Item(name: parameter, note: "a JSON object (RFC 8259) of the fields after it"))
        }
        if let field = answer.outcome {
            let word = field.words(for: outcome).first ?? outcome
            let name = written(answer.prefix + field.name)
            items.append(template ? Item(name: name, note: "the outcome: \(word)") : Item(name: "\(name)=\(word)", note: "the outcome"))
        }
        let fields = outcome == action.successOutcome ? action.returns : action.errorReturns
        if let fields {
            for field in fields {
                items.append(Item(name: written(answer.prefix + field.name), note: field.isRequired ? "required" : "optional"))
            }
        } else {
            items.append(Item(name: written(answer.prefix + "…"), note: "fields not declared"))
        }
        for name in answer.echo {
            items.append(Item(name: written(name), note: name == action.stateParameter ? "echoed, carries rt-state" : "echoed"))
        }
        if action.stateParameter == nil {
            items.append(Item(name: "rt-state", note: "kept in the callback's own query"))
        }
        return items
    }
}
