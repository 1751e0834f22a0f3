import Foundation
import Roundtrip
import Testing

/// `Action` and `ParameterSpec` keep their fields in shared storage, copied only when a value
/// that shares it changes: each must still behave as a plain value, so a change to one copy is
/// never seen through another.
@Suite struct ModelValueSemanticsTests {
    /// A loaded action with a parameter of each kind of field the table below changes.
    static func loadedAction() throws -> Action {
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: Terminal, schemes: [terminal]}
                callbacks: [pos-app://result]
                actions:
                  charge:
                    url: terminal://charge
                    convention: return-url
                    description: Take a card payment
                    parameters:
                      amount: {type: decimal, required: true, minimum: 0.01}
                      order: {type: json, schema: {type: object, required: [id], properties: {id: {type: string}}}}
                """
        ).spec
        return try #require(spec.actions.first)
    }

    /// One change to an action, with how to tell the changed value from the original.
    struct ActionChange: CustomTestStringConvertible, Sendable {
        let field: String
        let change: @Sendable (inout Action) -> Void
        let isChanged: @Sendable (Action) -> Bool
        var testDescription: String { field }
    }

    static let actionChanges: [ActionChange] = [
        ActionChange(field: "name", change: { $0.name = "refund" }, isChanged: { $0.name == "refund" }),
        ActionChange(field: "description", change: { $0.description = nil }, isChanged: { $0.description == nil }),
        ActionChange(field: "outcomes", change: { $0.outcomes.append("later") }, isChanged: { $0.outcomes.contains("later") }),
        ActionChange(
            field: "parameters",
            change: { $0.parameters.removeAll() },
            isChanged: { $0.parameters.isEmpty }
        ),
        ActionChange(
            field: "a parameter's bound, through the action",
            change: { $0.parameters[0].minimum = 5 },
            isChanged: { $0.parameters[0].minimum == 5 }
        ),
        ActionChange(field: "unknownParameters", change: { $0.unknownParameters = .accept }, isChanged: { $0.unknownParameters == .accept }),
        ActionChange(field: "forbidSchemes", change: { $0.forbidSchemes = ["https"] }, isChanged: { $0.forbidSchemes == ["https"] }),
        ActionChange(field: "stateParameter", change: { $0.stateParameter = "state" }, isChanged: { $0.stateParameter == "state" }),
        // Fields of one type side by side: a change to one is seen in it, never in the other.
        ActionChange(
            field: "returnParameter, not responsePrefix",
            change: { $0.returnParameter = "back" },
            isChanged: { $0.returnParameter == "back" && $0.responsePrefix != "back" }
        ),
        ActionChange(
            field: "responsePrefix, not returnParameter",
            change: { $0.responsePrefix = "rt_" },
            isChanged: { $0.responsePrefix == "rt_" && $0.returnParameter != "rt_" }
        ),
        ActionChange(
            field: "queryValue, not fragment",
            change: { $0.queryValue = ParameterSpec(name: "whole", type: .string) },
            isChanged: { $0.queryValue?.name == "whole" && $0.fragment == nil }
        ),
        ActionChange(
            field: "fragment, not queryValue",
            change: { $0.fragment = ParameterSpec(name: "tail", type: .string) },
            isChanged: { $0.fragment?.name == "tail" && $0.queryValue == nil }
        ),
        ActionChange(
            field: "ignoreParameters, not forbidParameters",
            change: { $0.ignoreParameters = ParameterNameList(["utm_*"]) },
            isChanged: { $0.ignoreParameters == ParameterNameList(["utm_*"]) && $0.forbidParameters == ParameterNameList() }
        ),
        ActionChange(
            field: "requiresOneOf, not exclusive",
            change: { $0.requiresOneOf = [["a", "b"]] },
            isChanged: { $0.requiresOneOf == [["a", "b"]] && $0.exclusive.isEmpty }
        ),
        ActionChange(
            field: "exclusive, not requiresOneOf",
            change: { $0.exclusive = [["a", "b"]] },
            isChanged: { $0.exclusive == [["a", "b"]] && $0.requiresOneOf.isEmpty }
        ),
    ]

    @Test(arguments: actionChanges)
    func changingACopyOfAnActionLeavesTheOriginal(_ change: ActionChange) throws {
        let original = try Self.loadedAction()
        var copy = original
        change.change(&copy)
        #expect(change.isChanged(copy))
        #expect(!change.isChanged(original))
        // The original still reads as it was loaded.
        #expect(original.name == "charge")
        #expect(original.parameters.map(\.name) == ["amount", "order"])
        #expect(original.parameters[0].minimum == Decimal(string: "0.01"))
    }

    @Test func changingACopyOfAParameterLeavesTheOriginal() throws {
        let original = try Self.loadedAction().parameters[1]
        var copy = original
        copy.schema = nil
        copy.isRequired = true
        #expect(copy.schema == nil && copy.isRequired)
        #expect(original.schema?.required == ["id"])
        #expect(!original.isRequired)
    }

    @Test func aParameterSchemaReadsBackAsItWasSet() throws {
        let loaded = try #require(try Self.loadedAction().parameters[1].schema)
        var parameter = ParameterSpec(name: "order", type: .json)
        #expect(parameter.schema == nil)
        parameter.schema = loaded
        #expect(parameter.schema == loaded)
        #expect(ParameterSpec(name: "order", type: .json, schema: loaded).schema == loaded)
    }
}
