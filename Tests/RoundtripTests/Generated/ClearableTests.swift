import Foundation
import Roundtrip
import Testing

/// `Clearable`: an `allow-empty` parameter's three states, as generated code reads and writes
/// them.
@Suite("Clearable: absent, cleared (name=) and a value stay apart")
struct ClearableTests {
    static let parameters: [String: ParameterValue] = [
        "deadline": .empty, "title": .string("Milk"), "due": .date(Date(timeIntervalSince1970: 0), .iso8601),
    ]

    @Test func aClearableReadsTheEmptyValueAsCleared() throws {
        #expect(try Self.parameters.value("deadline", as: Clearable<String>.self) == .cleared)
        #expect(try Self.parameters.value("title", as: Clearable<String>.self) == .value("Milk"))
        #expect(try Self.parameters.value("due", as: Clearable<Date>.self) == .value(Date(timeIntervalSince1970: 0)))
        #expect(try Self.parameters.value("absent", as: Clearable<String>.self) == nil)
        #expect(try Self.parameters.required("deadline", as: Clearable<String>.self) == .cleared)
    }

    @Test func anotherTypeReadsTheEmptyValueAsAbsent() throws {
        #expect(try Self.parameters.value("deadline", as: String.self) == nil)
        #expect(try Self.parameters.value("title", as: String.self) == "Milk")
    }

    @Test func aValueOfAnotherTypeIsRefused() throws {
        let error = try #require(throws: RoundtripError.self) { try Self.parameters.value("title", as: Clearable<Int64>.self) }
        #expect(error.code == .invalidParameter)
        #expect(error.message == "the parameter 'title' is not a Clearable<Int64>; regenerate the code from the current spec")
    }

    /// What a client sends: `name=` for `.cleared`, the value's form otherwise, nothing for nil.
    static let written: [(value: Clearable<[String]>?, items: [QueryItem])] = [
        (nil, []),
        (.cleared, [QueryItem(name: "tags", value: "")]),
        (.value(["home", "work"]), [QueryItem(name: "tags", value: "home,work")]),
    ]

    @Test(arguments: written)
    func aClientWritesEachState(_ value: Clearable<[String]>?, _ items: [QueryItem]) {
        let tags = ParameterSpec(name: "tags", list: .comma, allowsEmpty: true)
        #expect(tags.queryItems(for: value) == items)
    }
}
