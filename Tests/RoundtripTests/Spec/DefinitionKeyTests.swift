import Roundtrip
import Testing

/// A definition's keys are read in one pass when every key is known there and none repeats;
/// any other mapping is read key by key, reporting each repeated, unknown or misplaced key.
@Suite("Definition keys: known, repeated, unknown and misplaced")
struct DefinitionKeyTests {
    /// A spec whose one action has `parameters` as written.
    static func spec(parameters: String) -> String {
        spec(#""parameters":\#(parameters)"#)
    }

    /// A spec whose one action has `key: value` as written.
    static func spec(_ member: String) -> String {
        #"{"roundtrip":1,"app":{"name":"T","schemes":["t"]},"actions":{"a":{"url":"t://a","convention":"none",\#(member)}}}"#
    }

    static func findings(_ text: String) -> [SpecDiagnostic] {
        do {
            _ = try SpecLoader.load(json: text)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func aNameInAQueryParameterIsAnUnknownKeyThatListsTheOthers() {
        let findings = Self.findings(Self.spec(parameters: #"{"p":{"type":"string","name":"x"}}"#))
        let finding = findings.first { $0.rule == "unknown-key" }
        #expect(finding?.keyPath == "actions.a.parameters.p.name")
        #expect(finding?.message.hasSuffix("allowed here: " + ParameterKey.unnamed.map(\.name).joined(separator: ", ")) == true, "\(findings)")
        #expect(findings.count == 1, "\(findings)")
    }

    @Test func aNameInAQueryValueIsItsName() throws {
        let loaded = try SpecLoader.load(json: Self.spec(#""query-value":{"type":"string","name":"x"}"#))
        #expect(loaded.spec.actions.first?.queryValue?.name == "x")
    }

    @Test func aKeyADefinitionRepeatsIsReportedOnce() {
        let findings = Self.findings(Self.spec(parameters: #"{"p":{"type":"string","max-length":4,"type":"integer"}}"#))
        #expect(findings.map(\.rule) == ["duplicate-key"], "\(findings)")
        #expect(findings.first?.keyPath == "actions.a.parameters.p.type")
    }

    @Test func aRepeatedKeyAndAnUnknownOneAreBothReportedInOrder() {
        let findings = Self.findings(Self.spec(parameters: #"{"p":{"typo":1,"type":"string","type":"string"}}"#))
        #expect(findings.map(\.rule) == ["duplicate-key", "unknown-key"], "\(findings)")
    }

    /// More members than the fields can index: the known ones are read, the others reported.
    @Test func aDefinitionWithMoreMembersThanTheFieldsHoldIsReadKeyByKey() {
        let unknown = (0..<40).map { #""x\#($0)":1"# }.joined(separator: ",")
        let findings = Self.findings(Self.spec(parameters: #"{"p":{"type":"integer",\#(unknown),"maximum":5}}"#))
        #expect(findings.count == 40, "\(findings.map(\.keyPath))")
        #expect(findings.allSatisfy { $0.rule == "unknown-key" })
        #expect(findings.first?.keyPath == "actions.a.parameters.p.x0")
        #expect(findings.last?.keyPath == "actions.a.parameters.p.x39")
    }
}
