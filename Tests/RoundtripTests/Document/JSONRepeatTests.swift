import PropertyBased
import Roundtrip
import Testing

/// An object whose text repeats an earlier one under a repeat key is not parsed again: it is a
/// repeat of the earlier node, whose members are made where the text stands only when read.
/// Random documents that repeat objects word for word (on one line and across lines, with
/// multi-byte characters, escapes and nested arrays) must read exactly as the same documents
/// parsed without repeats: the same keys, values, lines, columns, offsets and text ends.
@Suite("JSON: repeated objects read as if parsed where they stand")
struct JSONRepeatTests {
    /// Objects to repeat: scalars, nesting, a line break, multi-byte text and escapes.
    static let objects = [
        #"{"type":"string","max-length":32}"#,
        "{\n  \"type\": \"integer\",\n  \"enum\": [1, 2,\n 3]\n}",
        #"{"a":{"b":[{"c":"é€𝄞"}]},"d":"\"\\\u00e9"}"#,
        #"{"type":"boolean"}"#,
        #"{"x":{"parameters":{"type":"boolean"}}}"#,
        "{}",
        #"{"s":"ünïcödé","n":-1.5e3,"t":true,"z":null}"#,
        // Members whose objects repeat one another, across lines and at other columns.
        "{\"m\":{\n \"t\": \"é\"\n},\"n\":{\n \"t\": \"é\"\n}, \"o\": {\n \"t\": \"é\"\n}}",
    ]

    @Test func repeatsReadAsTheParsedText() async throws {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Self.objects.count - 1).array(of: 1...8), Gen.int(in: 0...3)) { picks, spacing in
            let separator = ["", " ", "\n", "\n  "][spacing]
            let members = picks.enumerated().map { index, pick in
                "\"k\(index)\":{\"parameters\":\(Self.objects[pick]),\(separator)\"other\":\(Self.objects[pick])}"
            }
            let text = "{" + members.joined(separator: "," + separator) + "}"
            let bytes = Array(text.utf8)
            do {
                let plain = try JSONParser.parse(bytes)
                let repeating = try JSONParser.parse(bytes, repeatKeys: ["parameters"])
                #expect(Self.shape(repeating) == Self.shape(plain), "\(text)")
            } catch {
                Issue.record("\(error): \(text)")
            }
        }
    }

    @Test func aRepeatIsMadeForTheSecondObjectOnly() throws {
        // Long enough for the digest of its opening (48 bytes) to be of its own text alone.
        let set = #"{"x":{"type":"string","max-length":32},"y":{"type":"integer"}}"#
        let text = #"{"a":{"parameters":\#(set)},"b":{"parameters":\#(set)}}"#
        let root = try JSONParser.parse(Array(text.utf8), repeatKeys: ["parameters"])
        let values = try #require(root.members).map { try #require($0.value.members?.first?.value) }
        guard case .object = values[0].value, case .repeated = values[1].value else {
            Issue.record("the first should be parsed, the second a repeat")
            return
        }
        #expect(values[1].position.offset == text.utf8.count - set.utf8.count - 2)
    }

    @Test func aMembersObjectRepeatingAnEarlierOneIsARepeatWithinAnObjectThatIsNot() throws {
        // A spec's parameter definitions under other names: the sets differ, the definitions repeat.
        let definition = #"{"type":"string","max-length":32,"pattern":"[a-z]+"}"#
        let text = #"{"a":{"parameters":{"x":\#(definition)}},"b":{"parameters":{"y":\#(definition)}}}"#
        let root = try JSONParser.parse(Array(text.utf8), repeatKeys: ["parameters"])
        let sets = try #require(root.members).map { try #require($0.value.members?.first?.value) }
        guard case .object(let first) = sets[0].value, case .object(let second) = sets[1].value,
            case .object = first[0].value.value, case .repeated = second[0].value.value
        else {
            Issue.record("both sets should be parsed, the second definition a repeat of the first")
            return
        }
        #expect(second[0].value.position.offset == text.utf8.count - definition.utf8.count - 3)
        #expect(second[0].value.sourceEnd == text.utf8.count - 3)
    }

    @Test func aShortObjectIsARepeatWhateverTextFollowsIt() throws {
        // Shorter than the 48 bytes a digest covers, and followed by a name of each action's own:
        // the digest stops at the object's first '}'.
        let text = #"{"a":{"parameters":{"flag1":{"type":"boolean"},"name1":{}}},"b":{"parameters":{"flag2":{"type":"boolean"},"name2":{}}}}"#
        let root = try JSONParser.parse(Array(text.utf8), repeatKeys: ["parameters"])
        let second = try #require(root.members?[1].value.members?.first?.value.members)
        guard case .repeated = second[0].value.value else {
            Issue.record("the second boolean definition should be a repeat of the first")
            return
        }
        #expect(second[0].value.members?.first?.value.scalarText == "boolean")
    }

    @Test func aRepeatNestedPastTheDepthLimitIsRefused() {
        // The same object, one level deeper than the limit allows the second time.
        let inner = #"{"q":[[1]]}"#
        let text = #"{"parameters":\#(inner),"a":{"parameters":\#(inner)}}"#
        #expect(throws: DocumentSyntaxError.self) { try JSONParser.parse(Array(text.utf8), maximumDepth: 4, repeatKeys: ["parameters"]) }
        #expect((try? JSONParser.parse(Array(text.utf8), maximumDepth: 5, repeatKeys: ["parameters"])) != nil)
    }

    @Test func nestedRepeatKeysCostAtMostEightComparisonsPerByte() throws {
        // Chains of objects under nested repeat keys, each level with an opening of its own (so
        // each has its own digest) and the pairs differing only at the innermost value: were each
        // level looked up, every level of the second chain would be compared almost whole with
        // its twin, and the comparisons would grow with the depth times the length. Only the
        // outermost object and its members' objects are looked up, each against at most four.
        func chain(_ id: Int, depth: Int, innermost: Int) -> String {
            (0..<depth).map { level in #"{"id":"chain \#(id) level \#(level) padded to a unique opening","parameters":"# }.joined()
                + #"{"v":\#(innermost)}"# + String(repeating: "}", count: depth)
        }
        let pairs = (0..<8).map { id in
            #""a\#(id)":{"parameters":\#(chain(id, depth: 120, innermost: 0))},"b\#(id)":{"parameters":\#(chain(id, depth: 120, innermost: 1))}"#
        }
        let bytes = Array(("{" + pairs.joined(separator: ",") + "}").utf8)
        var compared = 0
        let root = try JSONParser.parse(bytes, repeatKeys: ["parameters"], comparedBytes: &compared)
        #expect(root.members?.count == 16)
        #expect(compared > 0, "the second chain of each pair is compared with the first")
        #expect(compared <= 8 * bytes.count, "compared \(compared) bytes for \(bytes.count)")
    }

    /// Everything a reader can see of a node, read through its members and elements.
    static func shape(_ node: DocumentNode) -> String {
        let place = "@\(node.position.line):\(node.position.column):\(node.position.offset)-\(node.sourceEnd.map(String.init) ?? "?")"
        if let members = node.members {
            let inside = members.map { "\($0.key)@\($0.keyPosition.line):\($0.keyPosition.column):\($0.keyPosition.offset)=\(shape($0.value))" }
            return "{" + inside.joined(separator: ",") + "}" + place
        }
        if let elements = node.elements { return "[" + elements.map(shape).joined(separator: ",") + "]" + place }
        return node.typeName + "(" + (node.scalarText ?? "") + ")" + place
    }
}
