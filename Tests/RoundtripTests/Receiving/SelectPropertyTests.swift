import Foundation
import PropertyBased
import Testing

@testable import Roundtrip

/// The choice among actions that share a route, held against a plain reading of the rule: of
/// the actions whose every pair the query carries, the one with most pairs; and a spec in which
/// one query could select two actions equally is refused.
@Suite struct SelectPropertyTests {
    static let names = ["a", "b", "c"]

    /// An action's pairs from a number below 27: one base-3 digit per name (absent, 1 or 2).
    static func select(_ code: Int) -> [QueryItem] {
        var code = code
        var pairs: [QueryItem] = []
        for name in names {
            if code % 3 > 0 { pairs.append(QueryItem(name: name, value: String(code % 3))) }
            code /= 3
        }
        return pairs.isEmpty ? [QueryItem(name: "a", value: "1")] : pairs
    }

    /// A query from a number below 64: one base-4 digit per name (absent, 1, 2 or 3).
    static func query(_ code: Int) -> String {
        var code = code
        var items = ["other=1"]
        for name in names {
            if code % 4 > 0 { items.append("\(name)=\(code % 4)") }
            code /= 4
        }
        return items.joined(separator: "&")
    }

    static func matches(_ pairs: [QueryItem], _ query: String) -> Bool {
        let items = Set(query.split(separator: "&").map(String.init))
        return pairs.allSatisfy { items.contains($0.description) }
    }

    @Test func theChoiceIsTheMostSpecificMatchingAction() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...26).array(of: 1...6), Gen.int(in: 0...63).array(of: 1...8)) { codes, queries in
            let selects = codes.map(Self.select)
            let actions = selects.enumerated().map { index, pairs in
                Action(name: "s\(index)", routes: [try! RoutePattern("t://x")], convention: .none, unknownParameters: .ignore, select: pairs)
            }
            // Two actions collide when they have as many pairs and no name with different values.
            let collides = selects.indices.contains { i in
                selects.indices.contains { j in
                    i < j && selects[i].count == selects[j].count
                        && !selects[i].contains { pair in selects[j].contains { $0.name == pair.name && $0.value != pair.value } }
                }
            }
            let router: Router
            do {
                router = try Router(actions: actions)
            } catch {
                #expect(collides, "refused a spec without a collision: \(selects)")
                return
            }
            #expect(!collides, "accepted a spec with a collision: \(selects)")
            func choose(_ query: String) -> Int? {
                var text = Substring("t://x?" + query)
                return text.withUTF8 { bytes -> Int? in
                    guard case .success(let offsets) = URLSplit.parse(bytes), let match = router.route(bytes, offsets),
                        let selection = match.selection, let range = offsets.query
                    else { return nil }
                    var steps = 0
                    let chosen = try? router.select(
                        selection,
                        fallback: match.actionIndex,
                        query: UnsafeBufferPointer(rebasing: bytes[range]),
                        steps: &steps
                    )
                    // Bounded by the query's items and the pairs of the candidates it leads to.
                    #expect(steps <= 4 + 3 * actions.count)
                    return chosen?.actionIndex
                }
            }
            for code in queries {
                let query = Self.query(code)
                let matching = selects.indices.filter { Self.matches(selects[$0], query) }
                let most = matching.map { selects[$0].count }.max()
                let expected = matching.first { selects[$0].count == most }
                #expect(choose(query) == expected, "\(selects) on \(query)")
                // Written with escapes, the same pairs choose the same action: names and values
                // are compared once decoded.
                let escaped = query.replacingOccurrences(of: "=", with: "=%3").replacingOccurrences(of: "a=", with: "%61=")
                #expect(choose(escaped) == expected, "\(selects) on \(escaped)")
            }
        }
    }

    /// Through the whole decision, with queries in any order that may repeat a name: a select
    /// name given twice is refused as a duplicate wherever it stands (the selection may stop
    /// reading at its last select name, and the decoding of the query finds a repeat after it),
    /// as is any other name once an action is chosen; otherwise the most specific matching
    /// action is chosen, and a query that selects none is an unknown route.
    @Test func theDecisionRefusesARepeatWhereverItStands() async {
        let item = zip(Gen.int(in: 0...3), Gen.int(in: 1...3)).map { name, value in "\((Self.names + ["other"])[name])=\(value)" }
        await propertyCheck(count: 300, input: Gen.int(in: 0...26).array(of: 1...6), item.array(of: 0...6).array(of: 1...8)) { codes, queries in
            let selects = codes.map(Self.select)
            let actions = selects.enumerated().map { index, pairs in
                Action(name: "s\(index)", routes: [try! RoutePattern("t://x")], convention: .none, unknownParameters: .ignore, select: pairs)
            }
            guard let endpoint = try? Endpoint(spec: Spec(app: AppDescription(name: "T", schemes: ["t"]), actions: actions)) else { return }
            for items in queries {
                let query = items.joined(separator: "&")
                let names = items.map { String($0.prefix { $0 != "=" }) }
                let repeated = Set(names.indices.filter { index in names[..<index].contains(names[index]) }.map { names[$0] })
                let selectNames = Set(selects.joined().map(\.name))
                let matching = selects.indices.filter { Self.matches(selects[$0], query) }
                let most = matching.map { selects[$0].count }.max()
                let chosen = matching.first { selects[$0].count == most }
                // A repeated select name is refused whatever is chosen; any other repeat once
                // an action is chosen, by the decoding of its query.
                let expected =
                    !repeated.isDisjoint(with: selectNames) || (chosen != nil && !repeated.isEmpty)
                    ? "duplicate-parameter" : chosen.map { "s\($0)" } ?? "unknown-route"
                let outcome: String
                do throws(RoundtripError) {
                    outcome = try endpoint.evaluate("t://x?" + query).actionName
                } catch {
                    outcome = error.code.rawValue
                }
                #expect(outcome == expected, "\(selects) on \(query)")
            }
        }
    }
}
