import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The default callback policy's schemes: every scheme of IANA's URI scheme registry but
/// `https`, and every scheme the platform handles itself, refused unless `allow-schemes` (app or
/// action level) opts one back in, which `spec lint` prices.
@Suite("Callback policy: IANA's registered schemes and allow-schemes")
struct CallbackSchemeRegistryTests {
    static let policy = CallbackPolicy(allowList: nil, ownSchemes: ["com-example-terminal"])

    struct Refused: Sendable, CustomTestStringConvertible {
        let url: String
        /// What the message says of the scheme.
        let because: String
        var testDescription: String { url }
    }

    /// Schemes that mount a share, open a store or a terminal, another vendor's app, and `http`.
    static let refused: [Refused] = [
        // Network shares and remote sessions, which a Mac opens in Finder or Terminal.
        Refused(url: "smb://fileserver.example/share", because: "mounts a network share"),
        Refused(url: "afp://fileserver.example/share", because: "mounts a network share"),
        Refused(url: "nfs://fileserver.example/export", because: "mounts a network share"),
        Refused(url: "cifs://fileserver.example/share", because: "mounts a network share"),
        Refused(url: "ssh://host.example", because: "starts a remote session"),
        Refused(url: "telnet://host.example", because: "starts a remote session"),
        Refused(url: "x-man-page://ls", because: "opens Terminal"),
        // The stores.
        Refused(url: "itms-apps://apps.apple.com/app/id1", because: "opens the App Store"),
        Refused(url: "itms-appss://apps.apple.com/app/id1", because: "opens the App Store"),
        Refused(url: "macappstore://apps.apple.com/app/id1", because: "opens the App Store"),
        Refused(url: "itms://itunes.apple.com/album/1", because: "opens the App Store"),
        // Other vendors' apps that IANA lists, any letter case, and a historical registration.
        Refused(url: "spotify://track/1", because: "IANA's URI scheme registry lists (provisional)"),
        Refused(url: "MS-Word://ofe", because: "IANA's URI scheme registry lists (provisional)"),
        Refused(url: "vscode://vscode.github-authentication/did-authenticate", because: "IANA's URI scheme registry lists (provisional)"),
        Refused(url: "steam://run/1", because: "IANA's URI scheme registry lists (provisional)"),
        Refused(url: "fax://+15551234567", because: "IANA's URI scheme registry lists (historical)"),
        Refused(url: "ldap://directory.example", because: "IANA's URI scheme registry lists (permanent)"),
        Refused(url: "http://partner.example/return", because: "uses the forbidden scheme 'http:'"),
    ]

    @Test(arguments: refused)
    func aRegisteredOrPlatformSchemeIsRefused(_ case: Refused) {
        #expect {
            try Self.policy.check(`case`.url, parameter: "x-success")
        } throws: { error in
            let error = error as? RoundtripError
            return error?.code == .forbiddenCallback && error?.message.contains(`case`.because) == true
        }
    }

    /// `https`, and app schemes IANA does not list, pass.
    @Test(arguments: ["https://partner.example/return", "pos-app://charge-result", "com.example.pos://done", "bear://x-callback-url/done"])
    func httpsAndUnregisteredAppSchemesPass(_ url: String) throws {
        try Self.policy.check(url, parameter: "x-success")
    }

    /// A policy's allowed schemes opt a forbidden one in, any letter case; never a script scheme,
    /// never the app's own.
    @Test func aPolicyOptsAForbiddenSchemeBackIn() throws {
        let policy = CallbackPolicy(allowList: nil, ownSchemes: ["notes"], allowedSchemes: ["Spotify", "http", "javascript", "notes"])
        try policy.check("SPOTIFY://track/1", parameter: "x-success")
        try policy.check("http://partner.example/return", parameter: "x-success")
        #expect(policy.allowedSchemes == ["spotify", "http", "notes"])
        #expect(throws: RoundtripError.self) { try policy.check("javascript://%0aalert(1)", parameter: "x-success") }
        #expect(throws: RoundtripError.self) { try policy.check("notes://x-callback-url/done", parameter: "x-success") }
        #expect(throws: RoundtripError.self) { try policy.check("ms-word://ofe", parameter: "x-success") }
    }

    // MARK: allow-schemes in a spec

    static let spec = """
        roundtrip: 1
        app: {name: Editor, schemes: [editor]}
        allow-schemes: [spotify, http]
        actions:
          open:
            convention: x-callback-url
          export:
            convention: x-callback-url
            allow-schemes: [ms-word]
          charge:
            url: editor://charge
            convention: return-url
          logout:
            url: https://editor.example/logout
            convention: ulc
        """

    struct Decision: Sendable, CustomTestStringConvertible {
        let action: String
        let callback: String
        let accepted: Bool
        var testDescription: String { "\(action) \(callback) \(accepted ? "accepted" : "refused")" }
    }

    static let decisions: [Decision] = [
        // The app's list: spotify and http pass, ms-word does not.
        Decision(action: "open", callback: "spotify://track/1", accepted: true),
        Decision(action: "open", callback: "http://partner.example/return", accepted: true),
        Decision(action: "open", callback: "ms-word://ofe", accepted: false),
        Decision(action: "open", callback: "vnc://host.example", accepted: false),
        // The action's own list replaces the app's.
        Decision(action: "export", callback: "ms-word://ofe", accepted: true),
        Decision(action: "export", callback: "spotify://track/1", accepted: false),
        Decision(action: "export", callback: "http://partner.example/return", accepted: false),
        // return-url reads the app's list too.
        Decision(action: "charge", callback: "spotify://charged", accepted: true),
        Decision(action: "charge", callback: "steam://charged", accepted: false),
    ]

    static func request(_ decision: Decision) -> String {
        let callback = decision.callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return decision.action == "charge"
            ? "editor://charge?returnURL=\(callback)"
            : "editor://x-callback-url/\(decision.action)?x-success=\(callback)"
    }

    @Test(arguments: decisions)
    func allowSchemesAtAppAndActionLevel(_ decision: Decision) throws {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: Self.spec).spec)
        do {
            _ = try endpoint.evaluate(Self.request(decision))
            #expect(decision.accepted, "accepted")
        } catch {
            #expect(!decision.accepted && error.code == .forbiddenCallback, "\(error)")
        }
    }

    /// Without its own list an action reads the app's; `allow-schemes` never loosens the
    /// `callbacks` allow-list, which decides alone.
    @Test func theCallbacksListDecidesAlone() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            callbacks: [pos-app://done]
            allow-schemes: [spotify]
            actions:
              open:
                convention: x-callback-url
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        #expect(throws: RoundtripError.self) { try endpoint.evaluate("editor://x-callback-url/open?x-success=spotify%3A%2F%2Ftrack") }
        _ = try endpoint.evaluate("editor://x-callback-url/open?x-success=pos-app%3A%2F%2Fdone")
    }

    struct LoadError: Sendable, CustomTestStringConvertible {
        let yaml: String
        let rule: String
        let path: String
        var testDescription: String { rule + " at " + path }
    }

    static let loadErrors: [LoadError] = [
        LoadError(yaml: "allow-schemes: [javascript]", rule: "unallowable-scheme", path: "allow-schemes[0]"),
        LoadError(yaml: "allow-schemes: [http, Data]", rule: "unallowable-scheme", path: "allow-schemes[1]"),
        LoadError(yaml: "allow-schemes: [editor]", rule: "unallowable-scheme", path: "allow-schemes[0]"),
        LoadError(yaml: "allow-schemes: ['spotify:']", rule: "invalid-scheme", path: "allow-schemes[0]"),
        LoadError(yaml: "allow-schemes: [http, HTTP]", rule: "duplicate-value", path: "allow-schemes[1]"),
        LoadError(yaml: "allow-schemes: {http: true}", rule: "wrong-type", path: "allow-schemes"),
    ]

    @Test(arguments: loadErrors)
    func anUnusableEntryIsALoadError(_ case: LoadError) throws {
        let yaml = "roundtrip: 1\napp: {name: Editor, schemes: [editor]}\n\(`case`.yaml)\nactions:\n  open: {convention: x-callback-url}\n"
        #expect {
            try SpecLoader.load(yaml: yaml)
        } throws: { error in
            (error as? SpecError)?.diagnostics.contains { $0.rule == `case`.rule && $0.keyPath == `case`.path } == true
        }
    }

    @Test func anActionsUnusableEntryIsALoadError() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            actions:
              open: {convention: x-callback-url, allow-schemes: [vbscript]}
            """
        #expect {
            try SpecLoader.load(yaml: yaml)
        } throws: { error in
            (error as? SpecError)?.diagnostics.contains { $0.rule == "unallowable-scheme" && $0.keyPath == "actions.open.allow-schemes[0]" } == true
        }
    }

    // MARK: What spec lint says

    struct Cost: Sendable, CustomTestStringConvertible {
        let scheme: String
        let says: [String]
        var testDescription: String { scheme }
    }

    static let costs: [Cost] = [
        Cost(scheme: "http", says: ["clear text", "without TLS"]),
        Cost(scheme: "spotify", says: ["IANA's URI scheme registry (provisional; copy of \(URISchemeRegistry.date))", "any app that registers it"]),
        Cost(scheme: "firefox", says: ["the platform handles itself, which reopens a web page in a browser"]),
        Cost(scheme: "smb", says: ["the platform handles itself, which on macOS mounts a network share"]),
        Cost(scheme: "pos-app", says: ["is not a forbidden callback scheme", "changes nothing"]),
    ]

    @Test(arguments: costs)
    func lintSaysWhatEachAllowedSchemeCosts(_ cost: Cost) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            actions:
              open: {convention: x-callback-url, allow-schemes: [\(cost.scheme)]}
            """
        let warnings = SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).filter { $0.rule == "allow-schemes" }
        let warning = try #require(warnings.first)
        #expect(warnings.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.keyPath == "actions.open.allow-schemes[0]")
        for text in cost.says { #expect(warning.message.contains(text), "\(warning.message)") }
    }

    @Test func lintSaysAllowSchemesIsMootBesideACallbacksList() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            callbacks: [pos-app://done]
            allow-schemes: [http]
            actions:
              open: {convention: x-callback-url}
            """
        let warning = try #require(SpecLinter.lint(try SpecLoader.load(yaml: yaml).spec).first { $0.rule == "allow-schemes" })
        #expect(warning.keyPath == "allow-schemes[0]")
        #expect(warning.message.contains("'callbacks' list decides every callback"))
    }

    // MARK: The registry's copy and the lookup's work

    /// The table in the code is the shipped CSV, read as `Scripts/iana-uri-schemes.py` reads it.
    @Test func theTableIsTheShippedCopy() throws {
        let csv = try String(contentsOf: Fixture.repository.appendingPathComponent("Scripts/iana-uri-schemes.csv"), encoding: .utf8)
        let rows = CSVRows.parse(csv)
        let header = try #require(rows.first)
        let name = try #require(header.firstIndex(of: "URI Scheme"))
        let status = try #require(header.firstIndex(of: "Status"))
        var expected: [String: String] = [:]
        for row in rows.dropFirst() where row.count > max(name, status) {
            expected[row[name].replacingOccurrences(of: " (OBSOLETE)", with: "").lowercased()] = row[status].lowercased()
        }
        let table = URISchemeRegistry.schemes
        #expect(table.count == expected.count)
        #expect(Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0.status.rawValue) }) == expected)
        #expect(table.map(\.name) == table.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(URISchemeRegistry.status(of: "HTTPS") == .permanent)
        #expect(URISchemeRegistry.status(of: "Spotify") == .provisional)
        #expect(URISchemeRegistry.status(of: "pos-app") == nil)
        // The shipped copy holds every status the policy refuses.
        #expect(Set(table.map(\.status)) == Set(URISchemeRegistry.Status.allCases))
        #expect(!CallbackPolicy.isForbidden(scheme: "https"))
        #expect(CallbackPolicy.forbiddenSchemes.isSuperset(of: table.map(\.name).filter { $0 != "https" }))
        #expect(CallbackPolicy.forbiddenSchemes.isSuperset(of: CallbackPolicy.platformSchemes))
    }

    /// A scheme is decided by a binary search over a table of fixed size: at most
    /// ceil(log2(n + 1)) names compared, each over at most the scheme's length, and a scheme
    /// longer than every name costs nothing.
    @Test func theLookupIsBoundedByTheSchemesLength() {
        let probes = Int(log2(Double(CallbackPolicy.schemeTableCount + 1)).rounded(.up))
        for scheme in CallbackPolicy.forbiddenSchemes.sorted() + ["pos-app", "zzzz", "a", "com-example-terminal", "x-callback"] {
            let steps = CallbackPolicy.schemeLookupSteps(scheme)
            #expect(steps <= probes * (scheme.utf8.count + 1), "\(scheme): \(steps) steps")
        }
        #expect(CallbackPolicy.schemeLookupSteps(String(repeating: "a", count: 100_000)) == 0)
        #expect(CallbackPolicy.schemeLookupSteps("x-apple-anything") == 0)
    }

    /// The scheme test the ULC tester applies to a target: the platform's schemes only, so an
    /// app that IANA lists (Things) can still be a target.
    @Test func platformSchemesLeaveRegisteredAppsAlone() {
        #expect(CallbackPolicy.isPlatformScheme("HTTP"))
        #expect(CallbackPolicy.isPlatformScheme("x-apple-reminder"))
        #expect(!CallbackPolicy.isPlatformScheme("things"))
        #expect(CallbackPolicy.isForbidden(scheme: "things"))
        #expect(CallbackPolicy.unallowableSchemes == ["javascript", "vbscript", "data", "file", "about", "blob"])
    }

    /// The iOS system schemes (which `roundtrip audit` reserves) are the platform's schemes but
    /// other vendors' browsers' and the Mac's network and Terminal schemes, which an iOS app may
    /// register.
    @Test func iOSSystemSchemesLeaveOtherVendorsAndTheMacAlone() {
        let notApplesOnIOS: Set<String> = [
            "googlechrome", "googlechromes", "firefox", "microsoft-edge-http", "microsoft-edge-https", "opera-http", "opera-https", "brave",
            "smb", "cifs", "afp", "nfs", "vnc", "ssh", "telnet", "ftp", "x-man-page",
        ]
        #expect(CallbackPolicy.iOSSystemSchemes == CallbackPolicy.platformSchemes.subtracting(notApplesOnIOS))
        #expect(CallbackPolicy.iOSSystemSchemes.isSuperset(of: ["x-safari-http", "x-safari-https", "http", "tel", "itms-apps", "javascript"]))
    }
}

/// RFC 4180 CSV rows: fields separated by commas, a quoted field may hold commas and doubled quotes.
enum CSVRows {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        func endField() {
            row.append(field)
            field = ""
        }
        var characters = Array(text).makeIterator()
        var pending: Character?
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                guard character == "\"" else {
                    field.append(character)
                    continue
                }
                // A doubled quote is a quote; a single one ends the quoted part.
                let next = characters.next()
                if next == "\"" {
                    field.append("\"")
                } else {
                    quoted = false
                    pending = next
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",": endField()
            case "\n", "\r\n":
                endField()
                rows.append(row)
                row = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }
}
