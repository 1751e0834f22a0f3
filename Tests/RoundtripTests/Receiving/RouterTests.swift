import RoundtripTestSupport
import Testing

@testable import Roundtrip

@Suite("Router")
struct RouterTests {
    static func action(_ name: String, _ url: String, parameters: [ParameterSpec] = []) throws -> Action {
        Action(name: name, routes: [try RoutePattern(url)], convention: .none, parameters: parameters)
    }

    @Test func literalsWinAndPlaceholdersBacktrack() throws {
        let router = try Router(actions: [
            try Self.action("byID", "app://items/:id/view"),
            try Self.action("special", "app://items/special/edit"),
            try Self.action("root", "app://items"),
            try Self.action("slash", "app://items/"),
        ])
        #expect(router.route(try URLSplit("app://items/special/edit"))?.actionIndex == 1)
        let match = try #require(router.route(try URLSplit("app://items/special/view")))
        #expect(match.actionIndex == 0)
        #expect(match.placeholders.map(\.rawValue) == ["special"])
        #expect(router.route(try URLSplit("APP://ITEMS"))?.actionIndex == 2)
        #expect(router.route(try URLSplit("app://items/"))?.actionIndex == 3)
        #expect(router.route(try URLSplit("app://items//view")) == nil)  // a placeholder never matches an empty segment
        #expect(router.route(try URLSplit("app://items/Special/edit")) == nil)  // paths are case-sensitive: "Special" is not "special"
        #expect(router.route(try URLSplit("app://items/a%2Fb/view"))?.placeholders.first?.rawValue == "a%2Fb")
    }

    @Test func tenThousandActionsEachRouteToThemselves() throws {
        let actions = try (0..<10_000).map { try Self.action("a\($0)", "app://h\($0 % 100)/v1/action\($0)") }
        let router = try Router(actions: actions)
        for index in stride(from: 0, to: 10_000, by: 37) {
            #expect(router.route(try URLSplit("app://h\(index % 100)/v1/action\(index)"))?.actionIndex == index)
        }
        #expect(router.route(try URLSplit("app://h1/v1/action2")) == nil)
    }

    @Test func schemeAndHostIgnoreCaseButTheAuthorityCounts() throws {
        let router = try Router(actions: [
            try Self.action("custom", "My-App://Host.Example/Path"),
            try Self.action("opaque", "tel:host"),
        ])
        #expect(router.route(try URLSplit("my-app://host.example/Path"))?.actionIndex == 0)
        #expect(router.route(try URLSplit("MY-APP://HOST.EXAMPLE/Path"))?.actionIndex == 0)
        #expect(router.route(try URLSplit("my-app://host.example/path")) == nil)
        #expect(router.route(try URLSplit("my-app:host.example/Path")) == nil)  // no authority is a different root
        #expect(router.knowsHost(of: try URLSplit("my-app://HOST.example/other")))
        #expect(!router.knowsHost(of: try URLSplit("my-app://other.example/Path")))
        #expect(router.route(try URLSplit("TEL:host"))?.actionIndex == 1)
        #expect(router.route(try URLSplit("tel:HOST")) == nil)  // without an authority, 'HOST' is a path: exact
    }

    /// What generated code writes for each route: its parts, which equal the parsed route.
    static let routeParts: [(text: String, route: RoutePattern)] = [
        (
            "My-App://Host.Example/Path",
            RoutePattern(
                text: "My-App://Host.Example/Path",
                scheme: "my-app",
                host: "host.example",
                hasAuthority: true,
                segments: [.literal(""), .literal("Path")]
            )
        ),
        ("tel:host", RoutePattern(text: "tel:host", scheme: "tel", host: "", hasAuthority: false, segments: [.literal("host")])),
        ("app://h", RoutePattern(text: "app://h", scheme: "app", host: "h", hasAuthority: true, segments: [])),
        (
            "app://h/a%2Fb/:id/",
            RoutePattern(
                text: "app://h/a%2Fb/:id/",
                scheme: "app",
                host: "h",
                hasAuthority: true,
                segments: [.literal(""), .literal("a%2Fb"), .placeholder("id"), .literal("")]
            )
        ),
    ]

    @Test("A route made from its parts is the route parsed from its text", arguments: routeParts.indices)
    func routeFromParts(_ index: Int) throws {
        let (text, route) = Self.routeParts[index]
        #expect(try RoutePattern(text) == route)
        let router = try Router(actions: [Action(name: "a", routes: [route], convention: .none)])
        #expect(router.route(try URLSplit(text))?.actionIndex == 0)
    }

    @Test("The segment table finds every edge it holds and nothing else, across growth")
    func segmentTableLookups() {
        var table = SegmentTable()
        var expected: [[UInt8]: Int] = [:]
        // Parents and keys that share bytes, an empty key, and enough edges to grow the table often.
        for parent in -1..<40 {
            for key in ["", "a", "ab", "ba", "action\(parent)", String(repeating: "x", count: parent + 1)] {
                let bytes = Array(key.utf8)
                guard table.next(from: parent, key: bytes) == nil else { continue }
                let next = expected.count + 1
                let inserted = table.insert(from: parent, key: bytes, next: next)
                #expect(inserted)
                expected[[UInt8(truncatingIfNeeded: parent + 1)] + bytes] = next
            }
        }
        for (composite, next) in expected {
            #expect(table.next(from: Int(composite[0]) - 1, key: Array(composite.dropFirst())) == next)
        }
        #expect(table.next(from: 40, key: Array("a".utf8)) == nil)
        #expect(table.next(from: 0, key: Array("abc".utf8)) == nil)
        #expect(table.next(from: 0, key: Array("A".utf8)) == nil)
        // A node number past the 32-bit fields is refused, not stored truncated.
        let hugeParent = table.insert(from: Int(Int32.max) + 1, key: Array("z".utf8), next: 1)
        let hugeNext = table.insert(from: 0, key: Array("z".utf8), next: Int(Int32.max) + 1)
        #expect(!hugeParent && !hugeNext)
        #expect(table.next(from: 0, key: Array("z".utf8)) == nil)
    }

    @Test func conflictingPlaceholderNamesAreRejected() throws {
        #expect(
            rejection { try Router(actions: [try Self.action("a", "x://h/:id"), try Self.action("b", "x://h/:name/more")]) }?.code == .malformedURL
        )
    }

    /// Loading compiles the routes to find conflicts, and the endpoint reuses that router: it must
    /// still route by the actions a spec has when the endpoint is made, not those it was loaded with.
    @Test func anEndpointRoutesByTheActionsTheSpecHasNow() throws {
        let json =
            #"{"roundtrip":1,"app":{"name":"A","schemes":["app"]},"actions":{"#
            + #""first":{"url":"app://first","convention":"none"},"second":{"url":"app://second","convention":"none"}}}"#
        let loaded = try SpecLoader.load(json: json).spec
        #expect(try Endpoint(spec: loaded).evaluate("app://second").actionName == "second")

        var changed = loaded
        changed.actions[1].routes = [try RoutePattern("app://moved")]
        let endpoint = try Endpoint(spec: changed)
        #expect(try endpoint.evaluate("app://moved").actionName == "second")
        #expect(rejection { try endpoint.evaluate("app://second") }?.code == .unknownRoute)

        var conflicting = loaded
        conflicting.actions.append(try Self.action("third", "app://first"))
        #expect(rejection { try Endpoint(spec: conflicting) }?.code == .malformedURL)
    }
}
