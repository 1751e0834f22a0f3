import Roundtrip
import RoundtripYAML
import Testing

/// `select`: what it loads as, which actions may share a route with it, and a typed load error
/// for every combination that cannot work.
@Suite struct SpecLoaderSelectTests {
    /// A ride-hailing app's published scheme shape: `rides://?action=setPickup&…`.
    static func spec(_ pickup: String, dropoff: String = "select: {action: setDropoff}", convention: String = "none", extra: String = "") -> String {
        """
        roundtrip: 1
        app: {name: Rides, schemes: [rides]}
        actions:
          set-pickup:
            url: rides://
            convention: \(convention)
            \(pickup)
            parameters:
              pickup[latitude]: {type: decimal}
          set-dropoff:
            url: rides://
            convention: none
            \(dropoff)
        \(extra)
        """
    }

    @Test func selectLoadsInFileOrder() throws {
        let spec = try SpecLoader.load(yaml: Self.spec("select: {action: setPickup, mode: new}")).spec
        #expect(spec.action(named: "set-pickup")?.select == [QueryItem(name: "action", value: "setPickup"), QueryItem(name: "mode", value: "new")])
        #expect(spec.action(named: "set-dropoff")?.select == [QueryItem(name: "action", value: "setDropoff")])
    }

    @Test func selectOnARouteNoOtherActionSharesLoads() throws {
        let yaml = Self.spec("select: {action: setPickup}", dropoff: "")
            .replacingOccurrences(of: "set-dropoff:\n    url: rides://", with: "set-dropoff:\n    url: rides://drop")
        let spec = try SpecLoader.load(yaml: yaml).spec
        #expect(spec.action(named: "set-dropoff")?.routes.map(\.text) == ["rides://drop"])
    }

    @Test func anActionWithoutSelectIsTheRoutesFallback() throws {
        let spec = try SpecLoader.load(yaml: Self.spec("select: {action: setPickup}", dropoff: "")).spec
        #expect(spec.action(named: "set-dropoff")?.select == [])
    }

    @Test func actionsWhosePairsExcludeEachOtherShareARoute() throws {
        // {a: 1} and {a: 2} never collide; {a: 1, b: 2} outranks {c: 3} by its count.
        _ = try SpecLoader.load(yaml: Self.spec("select: {action: setPickup, b: '2'}", dropoff: "select: {c: '3'}"))
        _ = try SpecLoader.load(yaml: Self.spec("select: {a: '1', b: '1'}", dropoff: "select: {a: '2', c: '1'}"))
    }

    /// (the `select` of set-pickup, set-dropoff's, set-pickup's convention, rule, key path, message)
    static let errors: [(String, String, String, String, String, String)] = [
        (
            "select: {}", "", "none", "empty-value", "actions.set-pickup.select",
            "list at least one pair (name: value) that selects the action, or drop 'select'"
        ),
        (
            "select: action", "", "none", "wrong-type", "actions.set-pickup.select",
            "expected a mapping of query names to the values that select the action, such as {action: setPickup}"
        ),
        (
            "select: {action: [a, b]}", "", "none", "wrong-type", "actions.set-pickup.select.action",
            "a select value is the exact text the query carries, so write it as a string (action: \"…\"), not an array"
        ),
        (
            "select: {action: ''}", "", "none", "empty-value", "actions.set-pickup.select.action",
            "a select value must not be empty: 'action=' and 'action' carry nothing to tell actions apart; give the value the query carries"
        ),
        (
            "select: {'pickup[latitude]': '1'}", "", "none", "duplicate-value", "actions.set-pickup.select.pickup[latitude]",
            "'pickup[latitude]' is both a select pair and a parameter (or route placeholder) of this action; a select pair is fixed and consumed, so drop it from 'parameters' or from 'select'"
        ),
        (
            "select: {rt-action: set}", "", "none", "reserved-parameter", "actions.set-pickup.select.rt-action",
            "parameters starting with 'rt-' belong to Roundtrip and may not be declared"
        ),
        (
            "select: {x-success: set}", "", "x-callback-url", "reserved-parameter", "actions.set-pickup.select.x-success",
            "'x-success' is a x-callback-url callback parameter; the convention handles it"
        ),
        (
            "select: {action: setPickup}", "select: {action: setPickup}", "none", "duplicate-route", "actions.set-dropoff.url",
            "the actions 'set-pickup' (select action=setPickup) and 'set-dropoff' (select action=setPickup) share the route 'rides://', and the query 'action=setPickup' selects both equally; give one of them a different value for a name they share, or more pairs"
        ),
        (
            "select: {a: '1'}", "select: {b: '2'}", "none", "duplicate-route", "actions.set-dropoff.url",
            "the actions 'set-pickup' (select a=1) and 'set-dropoff' (select b=2) share the route 'rides://', and the query 'a=1&b=2' selects both equally; give one of them a different value for a name they share, or more pairs"
        ),
        (
            "select: {a: '1', b: '1', c: '1', d: '1', e: '1'}", "", "none", "invalid-value", "actions.set-pickup.select",
            "'select' lists 5 pairs; an action selects on at most 4, which tell it apart from the others at its route"
        ),
        (
            "", "", "none", "duplicate-route", "actions.set-dropoff.url",
            "the route 'rides://' of action 'set-dropoff' is already the route of action 'set-pickup'; actions share a route only when 'select' pairs of the query tell them apart"
        ),
        (
            "select: {action: setPickup}\n    query-encoding: form", "", "none", "duplicate-route", "actions.set-dropoff.url",
            "the action 'set-dropoff' shares the route 'rides://' with actions that read its query as form, but it reads it as rfc3986; the select pairs are read before the action is known, so give every action of the route one 'query-encoding'"
        ),
    ]

    @Test(arguments: errors)
    func wrongCombinationsAreLoadErrors(pickup: String, dropoff: String, convention: String, rule: String, path: String, message: String) {
        let found = specLoadError(Self.spec(pickup, dropoff: dropoff, convention: convention), rule: rule, path: path)
        #expect(found?.message == message)
    }

    @Test func aSelectValueMustBeAStringInJSON() throws {
        let json = """
            {"roundtrip": 1, "app": {"name": "Rides", "schemes": ["rides"]}, "actions": {
              "set-pickup": {"url": "rides://", "convention": "none", "select": {"action": 1}}}}
            """
        do {
            _ = try SpecLoader.load(json: json)
            Issue.record("loaded a select value that is a number")
        } catch {
            let found = error.diagnostics.first { $0.keyPath == "actions.set-pickup.select.action" }
            #expect(found?.rule == "wrong-type")
            #expect(found?.message == "a select value is the exact text the query carries, so write it as a string (action: \"…\"), not a number")
        }
    }

    @Test func selectNeedsNamedQueryParameters() {
        let yaml = Self.spec("select: {action: setPickup}\n    query-value: {name: text, type: string}")
            .replacingOccurrences(of: "    parameters:\n      pickup[latitude]: {type: decimal}\n", with: "")
        let found = specLoadError(yaml, rule: "convention-mismatch", path: "actions.set-pickup.select")
        #expect(
            found?.message
                == "an action with 'query-value' takes the whole query as one value, so it has no query pairs to select on; drop 'select' or 'query-value'"
        )
    }
}
