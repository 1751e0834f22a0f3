import Foundation
import Roundtrip
import RoundtripSimulator

/// x-callback-url 1.0 with the spec's list, multi-line and returned values: a journaling app asks
/// a notes app to create a note with a comma list of tags and a multi-line text, and gets the
/// new note's id back as a typed `uuid`; a crafted link with a tag that breaks the pattern, and
/// one with a carriage return without a line feed, are refused.
enum JournalNoteScenario {
    static let journal = AppManifest(name: "Journal", bundleID: "com.example.journal", teamID: "JOURNAL001", urlSchemes: ["journal"])
    static let notes = AppManifest(name: "Notes", bundleID: "com.example.notes", teamID: "NOTESTEAM1", urlSchemes: ["notes"])

    /// The note to create: what the journal encodes and the notes app decodes.
    struct NewNote: Codable, Sendable {
        var title: String
        var tags: [String]?
        var text: String?
        var pin: Bool?
    }

    /// What `create` returns (`returns: {id: uuid}`).
    struct Created: Codable, Sendable {
        var id: UUID
    }

    /// The journal entry to come back to.
    struct Entry: Codable, Sendable {
        var entry: String
    }

    /// The id the notes app gives the note it creates.
    static let createdID = UUID(uuidString: "3F2B8C1E-9A4D-4E7B-8C21-5D6A7B8C9D0E")!

    static let callback = "journal://x-callback-url/notes"

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.journalNotes)
        let endpoint = try Endpoint(spec: spec)
        let returns = spec.action(named: "create")?.returns ?? []
        await device.install(journal) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        // The notes app runs its own `Receiver` and logs each value itself, one line per event:
        // `ReceivingApp`'s summary line would print the multi-line text with its line breaks.
        await device.install(notes) {
            ScriptedApp { url, source, context in
                var receiver = Receiver(endpoint: endpoint, opener: context.opener, clock: context.clock.closure)
                receiver.on("create", as: NewNote.self) { note, request in
                    context.log("accepted create(title: \(note.title), pin: \(note.pin ?? false))")
                    if let tags = request.parameters["tags"]?.canonicalItems {
                        context.log("  tags: a comma list of \(tags.count) items: \(tags.map { "“\($0)”" }.joined(separator: ", "))")
                    }
                    if let text = note.text {
                        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                        context.log("  text: \(lines.count) lines: \(lines.map { "“\($0)”" }.joined(separator: " ⏎ "))")
                    }
                    context.log("saves the note as \(createdID.uuidString.lowercased())")
                    return .success(try URLQueryEncoder(parameters: returns).encode(Created(id: createdID)))
                }
                do {
                    let handled = try await receiver.handle(url, source: source)
                    context.log("finished \(handled.request.actionName): answered \(handled.reply.outcome)")
                } catch {
                    context.log("rejected \(ScenarioSupport.describe(error)); nothing is opened")
                }
            }
        }
        var checks = CheckList()

        device.trace.record("demo", .note, "1. Journal turns today's entry into a note, with tags and a multi-line text")
        let note = NewNote(title: "Trip to Lyon", tags: ["travel", "lyon", "food"], text: "Day 2\nTrain at 9:12.\nLunch at Les Halles.", pin: true)
        let response = try await device.run(in: journal.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            let response = try await caller.call(
                "create",
                to: RequestBuilder(partner: spec),
                with: note,
                callback: callback,
                continuation: Entry(entry: "2026-11-22")
            )
            let created = try response.decode(Created.self)
            let typed = response.returns?["id"].map { value in if case .uuid = value { "a uuid" } else { "not a uuid" } } ?? "absent"
            context.log("decodes the answer: Created(id: \(created.id.uuidString.lowercased())); returns[\"id\"] is \(typed)")
            return response
        }
        let requestLine =
            ScenarioSupport.lines(of: device.trace, by: journal.name, containing: "opens notes://x-callback-url/create?").first?.text ?? ""
        checks.expect(
            requestLine.contains("tags=travel%2Clyon%2Cfood") && requestLine.contains("text=Day%202%0ATrain") && requestLine.contains("pin=yes"),
            "the request carries the tags as one comma list, the text's line breaks as %0A and pin as yes"
        )
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: notes.name, containing: "tags: a comma list of 3 items: “travel”, “lyon”, “food”").isEmpty,
            "Notes receives the tags as three typed items"
        )
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: notes.name, containing: "text: 3 lines: “Day 2” ⏎ “Train at 9:12.” ⏎ “Lunch at Les Halles.”")
                .isEmpty,
            "Notes receives the multi-line text with its line breaks"
        )
        checks.expect(
            response.outcome == "success" && response.url.hasPrefix("journal://x-callback-url/notes/success?rt-state=")
                && response.url.hasSuffix("&id=\(createdID.uuidString.lowercased())"),
            "x-success comes back to Journal with the note's id"
        )
        checks.expect(
            response.returns?["id"] == .uuid(createdID) && (try? response.decode(Created.self).id) == createdID,
            "Journal reads the id typed by the spec's returns (a uuid) and decodes it into Created"
        )
        checks.expect(
            String(decoding: response.continuation ?? Data(), as: UTF8.self) == #"{"entry":"2026-11-22"}"#,
            "the continuation brings Journal back to the entry of 2026-11-22"
        )

        device.trace.record("demo", .note, "2. Journal's own builder refuses a tag with a space before anything is opened")
        let refusal = try await device.run(in: journal.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            do {
                _ = try await caller.call(
                    "create",
                    to: RequestBuilder(partner: spec),
                    with: NewNote(title: "Trip to Lyon", tags: ["travel", "Part Dieu"]),
                    callback: callback
                )
                return "sent"
            } catch let error as RoundtripError {
                context.log("refuses to send: \(ScenarioSupport.describe(error))")
                return error.code.rawValue
            }
        }
        checks.expect(refusal == RoundtripError.Code.invalidParameter.rawValue, "the caller checks the list items as Notes will (invalid-parameter)")

        device.trace.record("demo", .note, "3. A web page opens crafted links: a tag that breaks the pattern, then a CR without LF")
        let success = "x-success=journal%3A%2F%2Fx-callback-url%2Fnotes%2Fsuccess"
        await device.open("notes://x-callback-url/create?title=Hi&tags=travel,Part%20Dieu&\(success)", from: VirtualDevice.safari)
        await device.open("notes://x-callback-url/create?title=Hi&text=Day%202%0DFake%20line&\(success)", from: VirtualDevice.safari)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: notes.name, containing: "rejected invalid-parameter: item 2 of the parameter 'tags'")
                .isEmpty,
            "a list item that breaks the pattern is refused, naming the item (invalid-parameter)"
        )
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: notes.name, containing: "rejected invalid-encoding").isEmpty,
            "a carriage return without a line feed is refused even in a multi-line text (invalid-encoding)"
        )
        checks.expect(
            ScenarioSupport.lines(of: device.trace, by: notes.name, containing: "opens journal://").count == 1,
            "only the genuine request was answered"
        )
        return ScenarioReport(
            title: "x-callback-url with a tag list, a multi-line text and a typed returned id",
            source: "x-callback-url 1.0",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
