import Foundation
import RoundtripYAML
import Testing

@testable import Roundtrip

/// Actions that share a route and are told apart by `select` pairs, as a ride-hailing app's
/// published scheme does (`rides://?action=setPickup&pickup[latitude]=…`): which action a URL
/// reaches, every reject, the builder's URLs, and the bound on the work.
@Suite struct SelectDecisionTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Rides, schemes: [rides]}
        actions:
          set-pickup:
            url: rides://
            convention: none
            select: {action: setPickup}
            parameters:
              pickup[latitude]: {type: decimal, required: true}
          new-pickup:
            url: rides://
            convention: none
            select: {action: setPickup, mode: new}
          set-dropoff:
            url: [rides://, rides://trip]
            convention: none
            select: {action: setDropoff}
          open:
            url: rides://
            convention: none
            parameters:
              ref: {type: string}
          book-car:
            url: rides://book
            convention: none
            select: {kind: car}
          book-bike:
            url: rides://book
            convention: none
            select: {kind: bike}
        """

    static let spec: Spec = try! SpecLoader.load(yaml: yaml).spec
    static let endpoint = try! Endpoint(spec: spec)

    @Test(
        arguments: [
            ("rides://?action=setPickup&pickup%5Blatitude%5D=1.5", "set-pickup"),
            ("rides://?pickup%5Blatitude%5D=1.5&action=set%50ickup", "set-pickup"),
            ("rides://?mode=new&action=setPickup", "new-pickup"),
            ("rides://?action=setDropoff", "set-dropoff"),
            ("rides://trip?action=setDropoff", "set-dropoff"),
            ("rides://?ref=home", "open"),
            ("rides://", "open"),
            ("rides://book?kind=bike", "book-bike"),
            ("rides://book?&kind=car&", "book-car"),
            // A select name written with escapes selects as written plainly, and is consumed
            // (an unconsumed pair would be refused as an unknown parameter).
            ("rides://?%61ction=setDropoff", "set-dropoff"),
            ("rides://book?%6Bind=bike", "book-bike"),
            ("rides://?mode=new&%61ction=setPickup", "new-pickup"),
        ]
    )
    func theQuerysPairsChooseTheAction(url: String, action: String) throws {
        let request = try Self.endpoint.evaluate(url)
        #expect(request.actionName == action)
        // The pairs chose the action: they are consumed, neither bound nor reported.
        #expect(request.parameters["action"] == nil)
        #expect(request.parameters["mode"] == nil)
        #expect(request.parameters["kind"] == nil)
        #expect(request.undeclaredParameters.isEmpty)
    }

    /// A select value is compared with the value the query gives once decoded as the route
    /// reads its query: `+` is a space only in a form query, and escapes of any script decode
    /// before the comparison.
    @Test(
        arguments: [
            ("form", "rides://go?kind=e+bike", "e-bike"),
            ("form", "rides://go?kind=e%20bike", "e-bike"),
            ("form", "rides://go?kind=v%C3%A9lo", "velo"),
            ("rfc3986", "rides://go?kind=e+bike", "e-plus-bike"),
            ("rfc3986", "rides://go?kind=e%20bike", "e-bike"),
            ("rfc3986", "rides://go?kind=v%C3%A9lo", "velo"),
        ]
    )
    func aSelectValueMatchesTheQuerysDecodedValue(encoding: String, url: String, action: String) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Rides, schemes: [rides]}
            actions:
              e-bike: {url: "rides://go", convention: none, query-encoding: \(encoding), select: {kind: "e bike"}}
              e-plus-bike: {url: "rides://go", convention: none, query-encoding: \(encoding), select: {kind: "e+bike"}}
              velo: {url: "rides://go", convention: none, query-encoding: \(encoding), select: {kind: "vélo"}}
            """
        let endpoint = try Endpoint(spec: SpecLoader.load(yaml: yaml).spec)
        #expect(try endpoint.evaluate(url).actionName == action)
        #expect(throws: RoundtripError.self) { try endpoint.evaluate("rides://go?kind=velo") }
    }

    @Test func theSelectedActionsParametersAreBound() throws {
        let request = try Self.endpoint.evaluate("rides://?action=setPickup&pickup%5Blatitude%5D=1.5")
        #expect(request.canonicalParameters == ["pickup[latitude]": "1.5"])
    }

    struct Reject: Sendable, CustomTestStringConvertible {
        let url: String
        let code: RoundtripError.Code
        let message: String
        var testDescription: String { url }
    }

    /// A URL refused for giving the parameter `name` twice.
    static func duplicate(_ url: String, _ name: String) -> Reject {
        Reject(url: url, code: .duplicateParameter, message: "the parameter '\(name)' appears more than once")
    }

    static let rejects: [Reject] = [
        Reject(
            url: "rides://book?kind=train",
            code: .unknownRoute,
            message:
                "no action at 'rides://book' is selected by the query: 'book-car' needs kind=car; 'book-bike' needs kind=bike; every action there has 'select' pairs, and there is no action without them"
        ),
        Reject(
            url: "rides://book",
            code: .unknownRoute,
            message:
                "no action at 'rides://book' is selected by the query: 'book-car' needs kind=car; 'book-bike' needs kind=bike; every action there has 'select' pairs, and there is no action without them"
        ),
        duplicate("rides://book?kind=car&kind=bike", "kind"),
        duplicate("rides://?action=setPickup&action=setPickup", "action"),
        // The selection stops reading at the last select name it needs; a repeat after it is
        // found while the query is decoded, escaped or not, and before it selects nothing.
        duplicate("rides://?action=setPickup&pickup%5Blatitude%5D=1&%61ction=setPickup", "action"),
        duplicate("rides://book?kind=car&x=1&kind=car", "kind"),
        duplicate("rides://book?kind=train&kind=car", "kind"),
        duplicate("rides://?action=setPickup&mode=old&pickup%5Blatitude%5D=1&mode=new", "mode"),
        // A value that differs in case selects nothing, and the fallback does not declare it.
        Reject(url: "rides://?action=setpickup", code: .unknownParameter, message: "the action 'open' does not take a parameter 'action'"),
        Reject(
            url: "rides://?action=setPickup",
            code: .missingParameter,
            message: "the action 'set-pickup' requires the parameter 'pickup[latitude]'"
        ),
        Reject(url: "rides://book?kind=%FF", code: .invalidEncoding, message: "kind"),
    ]

    @Test(arguments: rejects)
    func everyRejectHasItsCode(reject: Reject) {
        do {
            let request = try Self.endpoint.evaluate(reject.url)
            Issue.record("accepted as \(request.actionName)")
        } catch {
            #expect(error.code == reject.code)
            #expect(error.message.contains(reject.message), "\(error.message)")
        }
    }

    @Test func theBuilderWritesThePairsAndTheDecisionAcceptsItsURL() throws {
        let builder = try RequestBuilder(partner: Self.spec)
        for (action, parameters) in [
            ("set-pickup", [QueryItem(name: "pickup[latitude]", value: "2.25")]), ("new-pickup", []), ("set-dropoff", []), ("open", []),
            ("book-bike", []),
        ] {
            let url = try builder.build(action, parameters: parameters).url
            #expect(try Self.endpoint.evaluate(url).actionName == action, "\(url)")
        }
        #expect(try builder.build("new-pickup").url == "rides://?action=setPickup&mode=new")
    }

    @Test func theBuilderRefusesASelectNameAmongTheParameters() {
        let builder = try! RequestBuilder(partner: Self.spec)
        #expect {
            try builder.build("set-dropoff", parameters: [QueryItem(name: "action", value: "setPickup")])
        } throws: { error in
            (error as? RoundtripError)?.code == .reservedParameter
                && (error as? RoundtripError)?.message
                    == "the parameter 'action' is a select pair of the action 'set-dropoff' (action=setDropoff), which the builder writes itself; leave it out"
        }
    }

    /// A route shared by 10,000 actions costs what a route shared by two does: the query's items
    /// are read once, and only the candidates its values could select are compared.
    @Test func choosingAmongThousandsOfActionsCountsFewSteps() throws {
        var actions: [Action] = []
        for index in 0..<10_000 {
            actions.append(
                Action(
                    name: "a\(index)",
                    routes: [try RoutePattern("rides://")],
                    convention: .none,
                    unknownParameters: .ignore,
                    select: [QueryItem(name: "action", value: "a\(index)")]
                )
            )
        }
        let router = try Router(actions: actions)
        let query = "x=1&y=2&action=a9999&z=3"
        var text = Substring("rides://?" + query)
        let result = text.withUTF8 { bytes -> (Int?, Int) in
            guard case .success(let offsets) = URLSplit.parse(bytes), let match = router.route(bytes, offsets), let selection = match.selection
            else { return (nil, 0) }
            var steps = 0
            let chosen = try? router.select(
                selection,
                fallback: match.actionIndex,
                query: UnsafeBufferPointer(rebasing: bytes[offsets.query!]),
                steps: &steps
            )
            return (chosen?.actionIndex, steps)
        }
        #expect(result.0 == 9_999)
        // Three items read (reading stops once the select name is found), one pair compared.
        #expect(result.1 == 4)
        let endpoint = try Endpoint(spec: Spec(app: AppDescription(name: "Rides", schemes: ["rides"]), actions: actions))
        #expect(try endpoint.evaluate("rides://?action=a4321&other=1").actionName == "a4321")
    }

    /// The `select` of action `index` among `count`, for each shape of a route that many
    /// actions share: one name (`action=a7`); as many names as actions, all also selecting by
    /// `action` (each set of names differs, and each pair of actions still differs in `action`);
    /// 50 names in turn with `action`; four pairs, three of them the action's own names.
    static let compileShapes: [(String, @Sendable (Int) -> [QueryItem])] = [
        ("one name", { [QueryItem(name: "action", value: "a\($0)")] }),
        ("a name per action", { [QueryItem(name: "action", value: "a\($0)"), QueryItem(name: "x\($0)", value: "1")] }),
        ("fifty names in turn", { [QueryItem(name: "n\($0 % 50)", value: "v\($0)"), QueryItem(name: "action", value: "a\($0)")] }),
        (
            "four pairs",
            { index in
                [QueryItem(name: "action", value: "a\(index)")] + ["x", "y", "z"].map { QueryItem(name: "\($0)\(index)", value: "1") }
            }
        ),
    ]

    static func sharingActions(_ count: Int, _ select: (Int) -> [QueryItem]) throws -> [Action] {
        try (0..<count).map { index in
            Action(name: "a\(index)", routes: [try RoutePattern("rides://")], convention: .none, select: select(index))
        }
    }

    /// Compiling a route that thousands of actions share checks each against the others in
    /// steps proportional to their number (at most 81 keys each for four pairs), not to its
    /// square: comparing each action with every earlier one took 50 million comparisons at
    /// 10,000 actions whose sets of names differ.
    @Test(arguments: compileShapes.indices)
    func compilingARouteSharedByThousandsOfActionsCountsStepsInProportion(shape: Int) throws {
        let (name, select) = Self.compileShapes[shape]
        var perAction: [Int] = []
        for count in [1_000, 10_000] {
            let router = try Router(actions: Self.sharingActions(count, select))
            perAction.append(router.selectionSteps / count)
            #expect(router.selectionSteps <= 2 * 81 * count, "\(name): \(router.selectionSteps) steps for \(count) actions")
        }
        // Ten times the actions, ten times the steps (to rounding), whatever the shape.
        #expect(perAction[1] <= perAction[0] + 1, "\(name): \(perAction) steps per action")
    }

    /// An action that collides with one of thousands is refused naming the first it collides
    /// with, and finding it reads the earlier actions once.
    @Test func aCollisionAmongThousandsOfActionsNamesTheFirstOne() throws {
        var actions = try Self.sharingActions(10_000) { [QueryItem(name: "action", value: "a\($0)"), QueryItem(name: "x\($0)", value: "1")] }
        // {action: a5, y: 2} shares only `action` with a5, with the same value: `action=a5&x5=1&y=2`
        // selects both; every other action has another `action` value.
        actions.append(
            Action(
                name: "late",
                routes: [try RoutePattern("rides://")],
                convention: .none,
                select: [QueryItem(name: "action", value: "a5"), QueryItem(name: "y", value: "2")]
            )
        )
        let error = #expect(throws: RoundtripError.self) { try Router(actions: actions) }
        #expect(
            error?.message
                == "the actions 'a5' (select action=a5&x5=1) and 'late' (select action=a5&y=2) share the route 'rides://', and the query 'action=a5&x5=1&y=2' selects both equally; give one of them a different value for a name they share, or more pairs"
        )
    }

    /// An action built in code with more select pairs than the loader takes is refused too.
    @Test func moreThanFourSelectPairsAreRefused() throws {
        let pairs = (0..<5).map { QueryItem(name: "p\($0)", value: "1") }
        let action = Action(name: "many", routes: [try RoutePattern("rides://")], convention: .none, select: pairs)
        let error = #expect(throws: RoundtripError.self) { try Router(actions: [action]) }
        #expect(error?.code == .malformedURL)
        #expect(error?.message == "the action 'many' selects on 5 pairs at the route 'rides://'; an action selects on at most 4")
    }

    /// The loader refuses `select` with `query-value`; an action built in code may have both.
    /// Its query is never decoded as pairs, so the selection reads all of it and refuses a
    /// select pair given twice itself.
    @Test func aSelectionWhoseActionTakesTheWholeQueryReadsItAll() throws {
        let action = Action(
            name: "open",
            routes: [try RoutePattern("rides://")],
            convention: .none,
            queryValue: ParameterSpec(name: "query"),
            select: [QueryItem(name: "action", value: "open")]
        )
        let endpoint = try Endpoint(spec: Spec(app: AppDescription(name: "Rides", schemes: ["rides"]), actions: [action]))
        let error = #expect(throws: RoundtripError.self) { try endpoint.evaluate("rides://?action=open&x=1&action=open") }
        #expect(error?.code == .duplicateParameter)
    }

    /// The loader refuses a select name among the parameters; an action built in code may have
    /// one, and its select pair is still consumed, never bound to the parameter.
    @Test func aSelectNameDeclaredInCodeIsStillConsumed() throws {
        let action = Action(
            name: "set",
            routes: [try RoutePattern("rides://")],
            convention: .none,
            parameters: [ParameterSpec(name: "action"), ParameterSpec(name: "ref")],
            select: [QueryItem(name: "action", value: "set")]
        )
        let endpoint = try Endpoint(spec: Spec(app: AppDescription(name: "Rides", schemes: ["rides"]), actions: [action]))
        let request = try endpoint.evaluate("rides://?action=set&ref=home")
        #expect(request.actionName == "set")
        #expect(request.parameters["action"] == nil)
        #expect(request.parameters["ref"] == .string("home"))
    }

    /// A select name an action built in code declares as a `repeated` list: its pairs are
    /// decoded as the list's items, which may repeat, so the selection itself refuses a select
    /// pair given twice.
    @Test func aSelectNameDeclaredAsARepeatedListInCodeIsRefusedTwice() throws {
        let action = Action(
            name: "set",
            routes: [try RoutePattern("rides://")],
            convention: .none,
            parameters: [ParameterSpec(name: "action", list: .repeated), ParameterSpec(name: "ref")],
            select: [QueryItem(name: "action", value: "set")]
        )
        let endpoint = try Endpoint(spec: Spec(app: AppDescription(name: "Rides", schemes: ["rides"]), actions: [action]))
        #expect(try endpoint.evaluate("rides://?action=set&ref=home").actionName == "set")
        let error = #expect(throws: RoundtripError.self) { try endpoint.evaluate("rides://?action=set&ref=home&action=set") }
        #expect(error?.code == .duplicateParameter)
    }

    /// One candidate may declare another's select name as a `repeated` list (the loader allows
    /// it: only an action's own select names are refused as its parameters). Its decoding takes
    /// that name twice, so the selection reads the whole query and refuses the repeat itself,
    /// wherever it stands.
    @Test func anotherCandidatesSelectNameDeclaredAsARepeatedListIsRefusedTwice() throws {
        let yaml = """
            roundtrip: 1
            app: {name: T, schemes: [t]}
            actions:
              a:
                url: t://
                convention: none
                select: {action: a}
                parameters:
                  mode: {type: string, list: repeated}
              b:
                url: t://
                convention: none
                select: {action: b, mode: m}
            """
        let endpoint = try Endpoint(spec: SpecLoader.load(yaml: yaml).spec)
        #expect(try endpoint.evaluate("t://?action=a&mode=1").actionName == "a")
        for url in ["t://?action=a&mode=1&mode=2", "t://?mode=1&action=a&mode=2", "t://?mode=1&mode=2&action=a", "t://?%61ction=a&mode=m&mode=m"] {
            let error = #expect(throws: RoundtripError.self, "\(url)") { try endpoint.evaluate(url) }
            #expect(error?.code == .duplicateParameter, "\(url)")
        }
    }

    @Test func aRouteWithoutSelectIsDecidedAsBefore() throws {
        #expect(try Self.endpoint.evaluate("rides://trip?action=setDropoff").actionName == "set-dropoff")
        let plain = try Endpoint(spec: SpecLoader.load(yaml: Self.yaml.replacingOccurrences(of: "select: {kind: car}", with: "")).spec)
        #expect(try plain.evaluate("rides://book").actionName == "book-car")
        #expect(try plain.evaluate("rides://book?kind=bike").actionName == "book-bike")
    }
}
