import Roundtrip

/// What a partner reads about an action's round trip: a sequence diagram (in HTML) and the way
/// back per outcome in words (in every format), both from one ``RoundTripFlow``.
extension DocsRenderer {
    /// The "Round trip" heading, the diagram, and for each outcome the URL the app opens and
    /// what it carries; or why nothing comes back.
    func roundTripBlocks(_ action: Action) -> [DocsBlock] {
        let flow = RoundTripFlow(action: action, spec: spec)
        let id = Self.sectionID(action.name) + "-round-trip"
        var blocks: [DocsBlock] = [
            .heading(3, [.text("Round trip")]),
            .diagram(SequenceDiagram(flow: flow, id: id, title: "Round trip of \(action.name)")),
        ]
        if let noWayBack = flow.noWayBack {
            blocks.append(.paragraph([.text("No way back: " + noWayBack)]))
            return blocks
        }
        func said(_ item: RoundTripFlow.Item) -> [DocsInline] {
            [.code(item.name)] + (item.note.isEmpty ? [] : [.text(" (\(item.note))")])
        }
        blocks.append(.paragraph([.text("The way back, per outcome:")]))
        blocks.append(
            .bullets(
                flow.replies.map { reply in
                    [.code(reply.outcome), .text(": the app opens the URL given in ")] + said(reply.callback) + [.text(", with ")]
                        + joined(reply.items.map(said)) + [.text(".")]
                }
            )
        )
        return blocks
    }
}
