import Roundtrip

/// The ``RoundtripError`` a body throws, or `nil` when it succeeds or throws something else.
public func rejection(of body: () throws -> Any) -> RoundtripError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? RoundtripError
    }
}

/// The ``RoundtripError`` an async body throws, or `nil`.
public func asyncRejection(of body: () async throws -> Any) async -> RoundtripError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? RoundtripError
    }
}
