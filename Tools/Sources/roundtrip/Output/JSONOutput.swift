import Foundation
import Roundtrip

/// Prints one JSON object on stdout, keys sorted so output is stable for scripts and tests.
enum JSONOutput {
    static func print(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(value)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("error: could not encode JSON output: \(error)\n".utf8))
        }
    }
}

/// The `error` object of a rejected decision in JSON.
struct ErrorJSON: Encodable {
    let code: String
    let message: String
    let parameter: String?

    init(_ error: RoundtripError) {
        self.init(error, parameter: error.parameter)
    }

    /// Any of Roundtrip's errors, in the same shape.
    init(_ error: some CodedError, parameter: String? = nil) {
        code = error.codeName
        message = error.message
        self.parameter = parameter
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(parameter, forKey: .parameter)
    }

    enum CodingKeys: String, CodingKey { case code, message, parameter }
}

/// `{"accepted": false, "error": {...}}`.
struct RejectionJSON: Encodable {
    let accepted = false
    let error: ErrorJSON

    enum CodingKeys: String, CodingKey { case accepted, error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(error, forKey: .error)
    }
}
