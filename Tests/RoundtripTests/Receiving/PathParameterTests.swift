import Roundtrip
import RoundtripYAML
import Testing

/// `path-parameters`: `;name=value` pairs after a route's last placeholder, as RFC 3966 `tel:`
/// and RFC 5870 `geo:` URIs carry them, declared, typed and checked like query parameters.
@Suite("Routes: path parameters")
struct PathParameterTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Phone, schemes: [tel, geo]}
        actions:
          call:
            url: tel::number
            convention: none
            # RFC 3966 section 3: parameter names compare case-insensitively.
            names: case-insensitive
            path-parameters:
              ext: {type: string, pattern: "[0-9]+"}
              phone-context: {}
              isub: {}
          show:
            url: geo::coordinates
            convention: none
            names: case-insensitive
            unknown-parameters: accept
            parameters:
              coordinates: {type: decimal, list: comma}
            path-parameters:
              crs: {enum: [wgs84], default: wgs84}
              u: {type: decimal, minimum: 0}
        """

    static func endpoint() throws -> Endpoint { try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec) }

    @Test(arguments: [
        // RFC 3966 section 6 ("Examples").
        ("tel:+1-201-555-0123", ["number": CanonicalValue.text("+1-201-555-0123")]),
        ("tel:7042;phone-context=example.com", ["number": .text("7042"), "phone-context": .text("example.com")]),
        ("tel:863-1234;phone-context=+1-914-555", ["number": .text("863-1234"), "phone-context": .text("+1-914-555")]),
        ("tel:+1-212-555-0101;EXT=1234", ["number": .text("+1-212-555-0101"), "ext": .text("1234")]),
        ("tel:+1-212-555-0101;isub", ["number": .text("+1-212-555-0101"), "isub": .text("")]),
        // RFC 5870 sections 1, 3.4.3 and 6.4.
        ("geo:13.4125,103.8667", ["coordinates": .list(["13.4125", "103.8667"]), "crs": .text("wgs84")]),
        ("geo:48.198634,16.371648;crs=wgs84;u=40", ["coordinates": .list(["48.198634", "16.371648"]), "crs": .text("wgs84"), "u": .text("40")]),
        (
            "geo:66,30;u=6.500;FOo=this%2dthat",
            ["coordinates": .list(["66", "30"]), "crs": .text("wgs84"), "u": .text("6.500"), "FOo": .text("this-that")]
        ),
        ("geo:1,2;CRS=wgs84", ["coordinates": .list(["1", "2"]), "crs": .text("wgs84")]),
    ])
    func pairsAfterTheLastPlaceholderAreDecided(url: String, values: [String: CanonicalValue]) throws {
        #expect(try Self.endpoint().evaluate(url).canonicalValues == values)
    }

    @Test(
        arguments: [
            ("tel:7042;ext=1;EXT=2", RoundtripError.Code.duplicateParameter, "ext", "the ';ext' parameter after ':number' is given twice"),
            (
                "tel:7042;foo=1", .unknownParameter, "foo",
                "does not take a ';foo' parameter after ':number' (it takes ';ext', ';phone-context', ';isub')"
            ),
            ("tel:7042;ext=12a", .invalidParameter, "ext", "ext"),
            ("tel:7042?ext=1", .duplicateParameter, "ext", "part of the route"),
            ("tel:;ext=1", .invalidParameter, "number", "the route segment ':number' is empty before its ';' parameters"),
            ("tel:7042;;ext=1", .invalidParameter, "number", "has a ';' with no parameter name after it"),
            ("tel:7042;ext=%FF", .invalidEncoding, "ext", "';ext'"),
            ("geo:1,2;u=-1", .invalidParameter, "u", "u"),
            ("geo:1,2;crs=utm", .invalidParameter, "crs", "crs"),
        ] as [(String, RoundtripError.Code, String, String)]
    )
    func aPairThatIsRepeatedUnknownOrInvalidIsRefused(url: String, code: RoundtripError.Code, parameter: String, message: String) throws {
        TestSpecs.expectRefusal(TestSpecs.decide(try Self.endpoint(), url), code, parameter: parameter, message: message)
    }

    @Test(arguments: [
        ("url: t://x/a", "path-parameters: {ext: {}}", "invalid-value", "the route 't://x/a' ends with the literal segment 'a'"),
        ("url: t:///:p*", "path-parameters: {ext: {}}", "invalid-value", "ends with the rest placeholder ':p*'"),
        ("url: t::a@:b", "path-parameters: {ext: {}}", "invalid-value", "which holds several placeholders"),
        ("url: t::number", "path-parameters: {number: {}}", "duplicate-value", "'number' is already a parameter or route placeholder"),
        ("url: t::number", "path-parameters: {'a=b': {}}", "invalid-value", "cannot be the name of a ';name=value' pair"),
        ("url: t::number", "path-parameters: {ext: {list: repeated}}", "invalid-value", "cannot be a repeated list"),
    ])
    func pathParametersWhereNoPairCanBeReadAreRefused(url: String, line: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: T, schemes: [t]}
            actions:
              act:
                \(url)
                convention: none
                \(line)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }

    @Test(arguments: [
        ("call", ["number": "+1-201-555-0123", "ext": "1234", "phone-context": "example.com"]),
        ("show", ["coordinates": "48.2,16.4", "u": "40", "crs": "wgs84"]),
    ])
    func aBuiltRequestIsDecidedToItsValues(action: String, values: [String: String]) throws {
        let (url, request) = try TestSpecs.roundTrip(try SpecLoader.load(yaml: Self.yaml).spec, action, values)
        #expect(!url.contains("?"), "\(url)")
        #expect(request.canonicalParameters == values, "\(url)")
    }

    /// One pass over the segment: the steps are its bytes, however many pairs it holds.
    @Test(arguments: [100, 10_000, 100_000])
    func readingThePairsIsLinear(pairs: Int) {
        let segment = "7042" + String(repeating: ";ext=1", count: pairs)
        var steps = 0
        let split = PathParameters.split(segment, steps: &steps)
        #expect(split.value == "7042")
        #expect(split.pairs.count == pairs)
        #expect(steps == segment.utf8.count)
    }
}
