import Foundation
import Roundtrip
import RoundtripAssociatedDomains
import RoundtripSimulator
import Testing

/// A generated client calls a generated receiver on the simulated device and gets its typed
/// answer back, for each convention: x-callback-url (the notes app), return-url, a Universal
/// Link Callback and a fire-and-forget request (the card terminal).
@Suite("Generated code: a generated caller calls a generated receiver, for each convention")
struct GeneratedRoundTripTests {
    static let journal = AppManifest(
        name: "Journal",
        bundleID: "com.example.journal",
        teamID: "JOURNAL001",
        urlSchemes: ["journal", "pos-app", "my-return-url"],
        associatedDomains: ["appa.example.com"]
    )
    static let notes = AppManifest(name: "Notes", bundleID: "com.example.notes", teamID: "NOTESTEAM1", urlSchemes: ["notes"])
    static let terminal = AppManifest(
        name: "Terminal",
        bundleID: "com.example.terminal",
        teamID: "ABCDE12345",
        urlSchemes: ["com-example-terminal", "todolist"],
        associatedDomains: ["terminal.example.com"]
    )
    static let noteID = UUID(uuidString: "3F2B8C1E-9A4D-4E7B-8C21-5D6A7B8C9D0E")!

    /// What the receiving apps saw, for the checks.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [String] = []
        func add(_ text: String) {
            lock.lock()
            requests.append(text)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return requests
        }
    }

    /// A device with the journal (calling through generated clients) and the two partners
    /// (answering through generated receivers).
    static func device(seen: Seen) async throws -> VirtualDevice {
        let device = VirtualDevice()
        for (domain, appID, path) in [
            ("terminal.example.com", "ABCDE12345.com.example.terminal", "/logout"), ("appa.example.com", "JOURNAL001.com.example.journal", "/*"),
        ] {
            let json = #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "\#(path)"}]}]}}"#
            await device.host(domain: domain, association: try #require(AssociationDecoder.decode(Array(json.utf8)).file))
        }
        await device.install(journal) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        let notesEndpoint = try FixtureNotesAppReceiver.endpoint(keys: EnvironmentKeyResolver(environment: ["NOTES_TOKEN": "token-1"]))
        await device.install(notes) {
            ScriptedApp { url, source, context in
                do {
                    let accepted = try notesEndpoint.evaluate(url, source: source, now: context.clock.now)
                    switch try FixtureNotesAppReceiver.Request(accepted) {
                    case .create(let create):
                        seen.add(
                            "create text=\(create.text.debugDescription) tags=\(create.tags ?? []) tag=\(create.tag ?? []) pinned=\(String(describing: create.pinned)) due=\(describe(create.due))"
                        )
                        let callback = try create.answer(.init(id: noteID, tags: (create.tag ?? []) + (create.tags ?? [])))
                        _ = await context.opener.open(URL(string: callback)!, universalLinksOnly: false)
                    case .search(let search):
                        seen.add("search \(search.query)")
                    }
                } catch {
                    seen.add("rejected \(error)")
                }
            }
        }
        let terminalEndpoint = try FixtureTerminalReceiver.endpoint()
        await device.install(terminal) {
            ScriptedApp { url, source, context in
                do {
                    let accepted = try terminalEndpoint.evaluate(url, source: source, now: context.clock.now)
                    switch try FixtureTerminalReceiver.Request(accepted) {
                    case .charge(let charge):
                        seen.add("charge \(charge.amount) \(charge.currency.rawValue) invoice=\(charge.invoiceNumber ?? "-")")
                        let callback = try charge.answer(.init())
                        _ = await context.opener.open(URL(string: callback)!, universalLinksOnly: false)
                    case .logout(let logout):
                        seen.add("logout")
                        _ = await context.opener.open(URL(string: try logout.answer(.init()))!, universalLinksOnly: false)
                    case .addTask(let task):
                        seen.add("add-task \(task.task) due=\(String(describing: task.due))")
                    }
                } catch {
                    seen.add("rejected \(error)")
                }
            }
        }
        return device
    }

    /// An `allow-empty` value as the receiver read it: absent, cleared (`due=`), or a date.
    static func describe(_ due: Clearable<Date>?) -> String {
        switch due {
        case nil: "absent"
        case .cleared?: "cleared"
        case .value(let date)?: DateFormat.iso8601.format(date)
        }
    }

    /// Runs `body` with the journal's caller.
    static func inJournal<Result: Sendable>(
        _ device: VirtualDevice,
        _ body: @escaping @Sendable (Caller) async throws -> Result
    ) async throws -> Result {
        try await device.run(in: journal.bundleID) { behavior, context in
            let app = try #require(behavior as? CallingApp)
            return try await body(await app.caller(context))
        }
    }

    @Test func xCallbackURLComesBackWithTheTypedReturns() async throws {
        let seen = Seen()
        let device = try await Self.device(seen: seen)
        let result = try await Self.inJournal(device) { caller in
            try await FixtureNotesAppClient(caller: caller).create(
                text: "Day 2\nTrain at 9:12.",
                tag: ["travel"],
                tags: ["lyon", "food"],
                pinned: true,
                token: "token-1",
                callback: "journal://x-callback-url/notes"
            )
        }
        #expect(result == .success(FixtureNotesAppClient.CreateReturns(id: Self.noteID, tags: ["travel", "lyon", "food"])))
        #expect(seen.all == [#"create text="Day 2\nTrain at 9:12." tags=["lyon", "food"] tag=["travel"] pinned=Optional(true) due=absent"#])
    }

    /// An `allow-empty` parameter keeps its three states through a generated client and a
    /// generated receiver: absent, `due=` ("clear the due date") and a date.
    static let dues: [(sent: Clearable<Date>?, query: String, seen: String)] = [
        (nil, "", "absent"),
        (.cleared, "&due=", "cleared"),
        (.value(Date(timeIntervalSince1970: 1_780_000_000)), "&due=2026-05-28", "2026-05-28T00:00:00Z"),
    ]

    @Test(arguments: dues)
    func anAllowEmptyValueKeepsItsThreeStates(_ sent: Clearable<Date>?, _ query: String, _ seen: String) async throws {
        let log = Seen()
        let device = try await Self.device(seen: log)
        let result = try await Self.inJournal(device) { caller in
            try await FixtureNotesAppClient(caller: caller).create(text: "x", due: sent, callback: "journal://x-callback-url/notes")
        }
        #expect(result == .success(FixtureNotesAppClient.CreateReturns(id: Self.noteID)))
        #expect(log.all == [#"create text="x" tags=[] tag=[] pinned=nil due=\#(seen)"#])
        // What the client sends: the due date's query item, if any.
        let due = FixtureNotesAppClient.spec.actions[0].parameters[6]
        let built = try RequestBuilder(partner: FixtureNotesAppClient.spec).build(
            "create",
            parameters: [QueryItem(name: "text", value: "x")] + due.queryItems(for: sent)
        )
        #expect(built.url == "notes:///create?text=x" + query)
    }

    @Test func aWrongTokenIsRefusedByTheGeneratedReceiverAndTheCallIsStillPending() async throws {
        let seen = Seen()
        let device = try await Self.device(seen: seen)
        let pending = try await Self.inJournal(device) { caller in
            _ = try await caller.send(
                "create",
                to: FixtureNotesAppClient(caller: caller).partner,
                parameters: [QueryItem(name: "text", value: "x"), QueryItem(name: "token", value: "guess")],
                callback: "journal://x-callback-url/notes"
            )
            return try await caller.pendingRequests().count
        }
        #expect(pending == 1)
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.hasPrefix("rejected unauthorized") == true)
    }

    @Test func returnURLComesBackWithItsOutcome() async throws {
        let seen = Seen()
        let device = try await Self.device(seen: seen)
        let result = try await Self.inJournal(device) { caller in
            try await FixtureTerminalClient(caller: caller).charge(
                amount: Decimal(string: "12.50")!,
                currency: .eur,
                invoiceNumber: "INV-7",
                callback: "pos-app://charge-result"
            )
        }
        #expect(result == .success(FixtureTerminalClient.ChargeReturns()))
        #expect(seen.all == ["charge 12.5 EUR invoice=INV-7"])
    }

    @Test func aUniversalLinkCallbackComesBackOnTheSuccessLink() async throws {
        let seen = Seen()
        let device = try await Self.device(seen: seen)
        let result = try await Self.inJournal(device) { caller in
            try await FixtureTerminalClient(caller: caller).logout(callback: "https://appa.example.com")
        }
        #expect(result == .success(FixtureTerminalClient.LogoutReturns()))
        #expect(seen.all == ["logout"])
    }

    @Test func aFireAndForgetRequestIsSentAndDecided() async throws {
        let seen = Seen()
        let device = try await Self.device(seen: seen)
        let sent = try await Self.inJournal(device) { caller in
            try await FixtureTerminalClient(caller: caller).addTask(task: "Quarterly Report", due: Date(timeIntervalSince1970: 1_214_226_000))
        }
        #expect(sent.url == "todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(seen.all == ["add-task Quarterly Report due=Optional(2008-06-23 13:00:00 +0000)"])
    }

    @Test func theCompiledSpecDecidesLikeTheLoadedOne() throws {
        // The compiled spec is the loaded one written as code: the same URL gets the same answer.
        let url = "notes:///create?text=a%0Ab&tags=x,y&pinned=NO"
        let compiled = try FixtureNotesAppReceiver.endpoint(keys: EnvironmentKeyResolver(environment: [:])).evaluate(url)
        #expect(compiled.canonicalValues["tags"] == .list(["x", "y"]))
        #expect(compiled.canonicalValues["pinned"] == .text("false"))
        let create = try FixtureNotesAppReceiver.Create(compiled)
        #expect(create.text == "a\nb")
        #expect(create.pinned == false)
    }
}
