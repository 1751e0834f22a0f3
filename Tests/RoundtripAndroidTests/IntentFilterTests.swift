import RoundtripAndroid
import Testing

/// `IntentFilter.matchData` for URIs without a MIME type. ``ctsAuthorities`` and
/// ``ctsRelativeFilterGroups`` are the cases of CTS's `IntentFilterTest` (platform/cts,
/// `tests/tests/content/src/android/content/cts/IntentFilterTest.java`: `testDataSchemes`,
/// `testAuthorities`, `testMatchDataWithRelRefGroups`), as data; ``dataCases`` follow the
/// `IntentFilter` and `<data>` element reference pages (wildcard hosts, paths, the cross product).
struct IntentFilterTests {
    static func pattern(_ text: String, _ kind: AndroidPattern.Kind = .literal) -> AndroidPattern {
        // The patterns of this table are valid.
        try! AndroidPattern(text, kind: kind)
    }

    static let schemeOnly = IntentFilter(schemes: ["scheme1"])
    static let host = IntentFilter(schemes: ["scheme1"], authorities: [.init(host: "authority1")])
    static let port = IntentFilter(schemes: ["scheme1"], authorities: [.init(host: "authority1", port: 100)])
    static let wildcard = IntentFilter(schemes: ["https"], authorities: [.init(host: "*.example.com")])
    static let anyHost = IntentFilter(schemes: ["https"], authorities: [.init(host: "*")])
    static let paths = IntentFilter(
        schemes: ["scheme1"],
        authorities: [.init(host: "authority1")],
        paths: [pattern("/literal1"), pattern("/prefix", .prefix), pattern("/pat.*", .simpleGlob), pattern(".pdf", .suffix)]
    )
    static let ssp = IntentFilter(schemes: ["scheme1"], schemeSpecificParts: [pattern("ssp1"), pattern("pre", .prefix)])
    static let sspAndHost = IntentFilter(
        schemes: ["scheme1"],
        authorities: [.init(host: "authority1")],
        schemeSpecificParts: [pattern("ssp1")]
    )
    static let pooled = IntentFilter(schemes: ["https", "myapp"], authorities: [.init(host: "example.com")], paths: [pattern("/buy")])
    static let groups = IntentFilter(
        schemes: ["https"],
        authorities: [.init(host: "example.com")],
        paths: [pattern("/open")],
        relativeFilterGroups: [
            UriRelativeFilterGroup(allow: false, filters: [UriRelativeFilter(part: .path, pattern: pattern("/shop/private", .prefix))]),
            UriRelativeFilterGroup(filters: [
                UriRelativeFilter(part: .path, pattern: pattern("/shop", .prefix)),
                UriRelativeFilter(part: .query, pattern: pattern("ref=app")),
            ]),
            UriRelativeFilterGroup(filters: [UriRelativeFilter(part: .fragment, pattern: pattern("in-app"))]),
        ]
    )

    static let dataCases: [(IntentFilter, String, MatchCategory?)] = [
        (schemeOnly, "scheme1:foo", .scheme),
        (schemeOnly, "scheme1://any/thing", .scheme),
        (schemeOnly, "scheme2:foo", nil),
        (schemeOnly, "SCHEME1:foo", nil),  // schemes are case-sensitive
        (IntentFilter(), "scheme1:foo", nil),  // no scheme, no URI
        (host, "scheme1://authority1/", .host),
        (host, "scheme1://AUTHORITY1/x", .host),  // hosts are not
        (host, "scheme1://user@authority1:80/", .host),
        (host, "scheme1://authority2/", nil),
        (host, "scheme1:authority1", nil),
        (port, "scheme1://authority1:100/", .port),
        (port, "scheme1://authority1:200/", nil),
        (port, "scheme1://authority1/", nil),  // a declared port needs one in the URI
        (wildcard, "https://shop.example.com/", .host),
        (wildcard, "https://a.b.example.com/", .host),
        (wildcard, "https://example.com/", nil),  // the suffix is ".example.com"
        (wildcard, "https://badexample.com/", nil),
        (anyHost, "https://anything.test/", .host),
        (paths, "scheme1://authority1/literal1", .path),
        (paths, "scheme1://authority1/literal1/more", nil),
        (paths, "scheme1://authority1/prefix/more", .path),
        (paths, "scheme1://authority1/pattern", .path),
        (paths, "scheme1://authority1/docs/a.pdf", .path),
        (paths, "scheme1://authority1/other", nil),
        (paths, "scheme1://authority1/liter%61l1", .path),  // paths are matched decoded
        (paths, "scheme1://authority2/literal1", nil),
        (ssp, "scheme1:ssp1", .schemeSpecificPart),
        (ssp, "scheme1:prefixed", .schemeSpecificPart),
        (ssp, "scheme1:ssp2", nil),
        (sspAndHost, "scheme1://authority1/x", .host),  // no ssp match, the authority decides
        (sspAndHost, "scheme1:ssp1", .schemeSpecificPart),
        (pooled, "myapp://example.com/buy", .path),  // every <data> pools: the custom scheme takes the web host
        (pooled, "https://example.com/buy", .path),
        (groups, "https://example.com/open", .path),
        (groups, "https://example.com/shop/private/x?ref=app", nil),  // the first matching group blocks
        (groups, "https://example.com/shop/item?a=1&ref=app", .path),
        (groups, "https://example.com/shop/item?ref=web", nil),
        (groups, "https://example.com/x#in-app", .path),
        (groups, "https://example.com/x", nil),
    ]

    static let authority1 = IntentFilter.Authority(host: "authority1")
    static let authority1Port100 = IntentFilter.Authority(host: "authority1", port: 100)

    /// `testDataSchemes` and `testAuthorities`.
    static let ctsAuthorities: [(IntentFilter, [(String, MatchCategory?)])] = [
        (IntentFilter(schemes: ["scheme1"]), [("scheme1:foo", .scheme), ("scheme2:foo", nil)]),
        (IntentFilter(schemes: ["scheme1", "scheme2"]), [("scheme1:foo", .scheme), ("scheme2:foo", .scheme), ("scheme3:foo", nil)]),
        (
            IntentFilter(schemes: ["scheme1"], authorities: [authority1]),
            [("scheme1:foo", nil), ("scheme1://authority1/", .host), ("scheme1://authority2/", nil), ("scheme1://authority1:100/", .host)]
        ),
        (
            IntentFilter(schemes: ["scheme1"], authorities: [authority1Port100]),
            [
                ("scheme1:foo", nil), ("scheme1://authority1/", nil), ("scheme1://authority2/", nil),
                ("scheme1://authority1:100/", .port), ("scheme1://authority1:200/", nil),
            ]
        ),
        (
            IntentFilter(schemes: ["scheme1"], authorities: [authority1Port100, .init(host: "authority2")]),
            [
                ("scheme1:foo", nil), ("scheme1://authority1/", nil), ("scheme1://authority2/", .host),
                ("scheme1://authority1:100/", .port), ("scheme1://authority1:200/", nil),
            ]
        ),
    ]

    @Test(arguments: IntentFilterTests.ctsAuthorities)
    func ctsAuthorityCases(_ filter: IntentFilter, _ cases: [(String, MatchCategory?)]) {
        for (uri, expected) in cases { #expect(filter.matchData(uri) == expected, "\(uri)") }
    }

    static func relative(_ part: UriRelativeFilter.Part, _ kind: AndroidPattern.Kind, _ text: String) -> UriRelativeFilter {
        UriRelativeFilter(part: part, pattern: pattern(text, kind))
    }

    static let matchGroup = UriRelativeFilterGroup(filters: [relative(.path, .literal, "/path")])
    static let noMatchGroup = UriRelativeFilterGroup(filters: [relative(.path, .literal, "/trail")])
    static let disallowGroup = UriRelativeFilterGroup(
        allow: false,
        filters: [
            relative(.path, .literal, "/path"), relative(.query, .prefix, "query"), relative(.query, .suffix, "gizmo"),
            relative(.fragment, .simpleGlob, "fr.*"),
        ]
    )

    /// `testMatchDataWithRelRefGroups`: a filter on scheme `testDataSchemes.` and host `testHost`
    /// with these groups, against `…/path?query=string&cat=gizmo#fragment` and the same with `;`.
    static let ctsRelativeFilterGroups: [([UriRelativeFilterGroup], MatchCategory?)] = [
        ([], .host),
        ([matchGroup], .path),
        ([noMatchGroup], nil),
        ([UriRelativeFilterGroup(filters: [relative(.path, .literal, "/path"), relative(.query, .simpleGlob, ".*")])], .path),
        (
            [
                UriRelativeFilterGroup(filters: [
                    relative(.path, .literal, "/path"), relative(.query, .prefix, "query"), relative(.query, .suffix, "widget"),
                ])
            ], nil
        ),
        (
            [
                UriRelativeFilterGroup(filters: [
                    relative(.path, .literal, "/path"), relative(.query, .prefix, "query"), relative(.fragment, .simpleGlob, "fr.*"),
                ])
            ], .path
        ),
        ([disallowGroup], nil),
        ([disallowGroup, matchGroup], nil),
        ([noMatchGroup, matchGroup, disallowGroup], .path),
    ]

    @Test(arguments: IntentFilterTests.ctsRelativeFilterGroups)
    func ctsRelativeFilterGroupCases(_ groups: [UriRelativeFilterGroup], _ expected: MatchCategory?) {
        let filter = IntentFilter(schemes: ["testDataSchemes."], authorities: [.init(host: "testHost")], relativeFilterGroups: groups)
        for separator in ["&", ";"] {
            let uri = "testDataSchemes.://testHost/path?query=string\(separator)cat=gizmo#fragment"
            #expect(filter.matchData(uri) == expected, "\(uri)")
        }
    }

    @Test(arguments: IntentFilterTests.dataCases)
    func matchData(_ filter: IntentFilter, _ uri: String, _ expected: MatchCategory?) {
        #expect(filter.matchData(uri) == expected, "\(uri)")
    }

    @Test func aBrowserLinkNeedsViewDefaultAndBrowsable() throws {
        let filter = IntentFilter.appLinks(hosts: ["example.com"])
        #expect(filter.matchLink(AndroidURI("https://example.com/x")) == .host)
        var noBrowsable = filter
        noBrowsable.categories = [IntentFilter.categoryDefault]
        #expect(noBrowsable.matchLink(AndroidURI("https://example.com/x")) == nil)
        #expect(noBrowsable.matchData("https://example.com/x") == .host)
    }

    @Test(arguments: [
        ("https://user@Example.com:8443/a%20b?q=1#frag", "https", "Example.com", 8443, "/a b", "q=1", "frag"),
        ("mailto:someone@example.com", "mailto", nil, -1, nil, nil, nil),
        ("https://example.com", "https", "example.com", -1, "", nil, nil),
        ("https://[::1]:80/", "https", "[::1]", 80, "/", nil, nil),
        ("https://example.com:abc/", "https", "example.com", -1, "/", nil, nil),
    ])
    func splitsURIsAsAndroidDoes(
        _ text: String,
        _ scheme: String?,
        _ host: String?,
        _ port: Int,
        _ path: String?,
        _ query: String?,
        _ fragment: String?
    ) {
        let uri = AndroidURI(text)
        #expect(uri.scheme == scheme)
        #expect(uri.host == host)
        #expect(uri.port == port)
        #expect(uri.path == path)
        #expect(uri.query == query)
        #expect(uri.fragment == fragment)
    }

    @Test func matchingIsLinearInTheURLsLength() throws {
        // Patterns that would make a backtracking matcher quadratic: each `.*` scans once.
        let simple = try AndroidPattern("/.*a.*a.*a.*b", kind: .simpleGlob)
        let advanced = try AndroidPattern("/[a-z]*a*[a-z]+b", kind: .advancedGlob)
        for pattern in [simple, advanced] {
            var counts: [Int] = []
            for length in [1_000, 2_000, 4_000] {
                var steps = 0
                _ = pattern.matches("/" + String(repeating: "a", count: length), steps: &steps)
                counts.append(steps)
                #expect(steps <= 4 * (length + 20), "\(pattern): \(steps) steps for \(length) characters")
            }
            // Doubling the text at most doubles the work (plus a constant).
            #expect(counts[1] <= 2 * counts[0] + 40 && counts[2] <= 2 * counts[1] + 40, "\(counts)")
        }
        var steps = 0
        _ = IntentFilterTests.paths.matchData(AndroidURI("scheme1://authority1/" + String(repeating: "p", count: 10_000)), steps: &steps)
        #expect(steps <= 4 * 10_020)
    }
}
